import type { Role } from './roles.ts';

/**
 * Every function a route can require. The role table in docs/roles.md is generated from
 * `rolePermissions` below, which the server enforces and the role-matrix test reads.
 */
export const permissions = [
  'studio:read',
  'studio:write',
  'staff:read',
  'staff:manage',
  'security:manage',
  'settings:read',
  'settings:write',
  'patient:read',
  'patient:write',
  'patient:delete',
  'clinical:read',
  'clinical:write',
  'calendar:read',
  'calendar:write',
  'forms:read',
  'forms:write',
  'invoice:read',
  'invoice:write',
  'analytics:read',
  'billing:manage',
  'export:run',
  'outbox:read',
  'audit:read',
  'backup:manage',
] as const;
export type Permission = (typeof permissions)[number];

export const permissionLabels: Record<Permission, string> = {
  'studio:read': 'Vedere i dati dello studio',
  'studio:write': 'Modificare i dati dello studio e il logo',
  'staff:read': 'Vedere il personale',
  'staff:manage': 'Invitare, modificare e rimuovere il personale',
  'security:manage': 'Scegliere se lo staff deve usare la verifica in due passaggi',
  'settings:read': 'Vedere le impostazioni',
  'settings:write': 'Modificare le impostazioni',
  'patient:read': 'Vedere l’anagrafica pazienti',
  'patient:write': 'Creare e modificare pazienti',
  'patient:delete': 'Eliminare pazienti',
  'clinical:read': 'Leggere ed esportare la cartella clinica (valutazioni, diario, questionari)',
  'clinical:write': 'Scrivere la cartella clinica',
  'calendar:read': 'Vedere il calendario',
  'calendar:write': 'Gestire appuntamenti e calendari',
  'forms:read': 'Vedere moduli e firme',
  'forms:write': 'Gestire moduli e inviare in firma',
  'invoice:read': 'Vedere fatture e documenti contabili',
  'invoice:write': 'Emettere fatture, inviarle allo SDI e al Sistema TS',
  'analytics:read': 'Vedere statistiche e incassi',
  'billing:manage': 'Gestire abbonamento, credito SMS e inviti',
  'export:run': 'Esportare i dati',
  'outbox:read': 'Leggere la posta in uscita locale',
  'audit:read': 'Leggere il registro delle attività',
  'backup:manage': 'Eseguire, scaricare e programmare i backup del server (installazione con un solo studio)',
};

const all = permissions;
const without = (...denied: Permission[]) => all.filter((p) => !denied.includes(p));

/**
 * What each role may do inside a studio (spec part 1 §6 leaves it to us; docs/decisions/004).
 * Platform roles act inside a studio only through support mode, as the user they act as:
 * their own permissions here are what they may do in a studio they belong to themselves.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  ROLE_USER: all,
  // Issue 25 item 11: only the owner decides the staff's second-factor requirement (an admin could switch it off).
  // Decision 041: a backup holds the whole install, so only the owner takes and downloads it.
  ROLE_STAFF_ADMIN: without('billing:manage', 'security:manage', 'backup:manage'),
  ROLE_STAFF_COLLABORATORE: [
    'studio:read',
    'staff:read',
    'settings:read',
    'patient:read',
    'patient:write',
    'clinical:read',
    'clinical:write',
    'calendar:read',
    'calendar:write',
    'forms:read',
    'forms:write',
  ],
  ROLE_STAFF_CONTABILE: [
    'studio:read',
    'staff:read',
    'settings:read',
    'patient:read',
    'patient:write',
    'calendar:read',
    'invoice:read',
    'invoice:write',
    'analytics:read',
    'export:run',
  ],
  ROLE_ADMIN: all,
  ROLE_DEV: all,
  ROLE_CONTENT_MANAGER: ['studio:read', 'staff:read', 'forms:read', 'forms:write'],
};

/** @returns whether `role` may use the function `permission`. */
export const can = (role: Role, permission: Permission): boolean => rolePermissions[role].includes(permission);
