/** The seven role codes known to the product (spec part 1 §6). */
export const roles = [
  'ROLE_ADMIN',
  'ROLE_DEV',
  'ROLE_CONTENT_MANAGER',
  'ROLE_USER',
  'ROLE_STAFF_COLLABORATORE',
  'ROLE_STAFF_CONTABILE',
  'ROLE_STAFF_ADMIN',
] as const;
export type Role = (typeof roles)[number];

/** Roles a user holds in a studio (membership). ROLE_USER is the studio owner. */
export const studioRoles = [
  'ROLE_USER',
  'ROLE_STAFF_ADMIN',
  'ROLE_STAFF_COLLABORATORE',
  'ROLE_STAFF_CONTABILE',
] as const;
export type StudioRole = (typeof studioRoles)[number];

/** Roles the owner can give to invited staff. */
export const staffRoles = ['ROLE_STAFF_ADMIN', 'ROLE_STAFF_COLLABORATORE', 'ROLE_STAFF_CONTABILE'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Platform roles, held by the product's own people, not by studio staff. */
export const platformRoles = ['ROLE_ADMIN', 'ROLE_DEV', 'ROLE_CONTENT_MANAGER'] as const;
export type PlatformRole = (typeof platformRoles)[number];

/** Platform roles allowed to use support mode (ActAs / ActAsSecret). */
export const supportRoles = ['ROLE_ADMIN', 'ROLE_DEV'] as const satisfies readonly PlatformRole[];

export const roleLabels: Record<Role, string> = {
  ROLE_ADMIN: 'Amministratore piattaforma',
  ROLE_DEV: 'Sviluppatore piattaforma',
  ROLE_CONTENT_MANAGER: 'Gestore contenuti',
  ROLE_USER: 'Titolare',
  ROLE_STAFF_ADMIN: 'Amministratore dello studio',
  ROLE_STAFF_COLLABORATORE: 'Collaboratore',
  ROLE_STAFF_CONTABILE: 'Contabile',
};
