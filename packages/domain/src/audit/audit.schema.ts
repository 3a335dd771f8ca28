import { clinicalAuditActionLabels } from '../clinical/clinical.schema.ts';
import { z } from '../shared/zod-it.ts';

/** GET /audit: the studio's activity log, newest first (never clinical values: only which fields changed). */
export const auditQuerySchema = z.object({
  studioId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Only the accesses to one patient's clinical record (decision 029). */
  pazienteId: z.uuid().optional(),
  /** Only the accesses to clinical records ("true"). */
  clinical: z.enum(['true', 'false']).optional(),
});

export const auditEventSchema = z.object({
  id: z.uuid(),
  occurredAt: z.string(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  outcome: z.string(),
  actorEmail: z.string().nullable(),
  actingAsEmail: z.string().nullable(),
  ip: z.string().nullable(),
  changedFields: z.array(z.string()).nullable(),
  /** The patient whose clinical record was read or changed (clinical accesses only). */
  pazienteId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Italian names of the actions the log shows (unknown ones show their code). */
export const auditActionLabels: Record<string, string> = {
  'studio.create': 'Studio creato',
  'studio.update': 'Dati dello studio modificati',
  'studio.logo': 'Logo caricato',
  'studio.security': 'Sicurezza dello studio modificata',
  'staff.invite': 'Membro dello staff invitato',
  'staff.reinvite': 'Invito inviato di nuovo',
  'staff.update': 'Membro dello staff modificato',
  'staff.remove': 'Membro dello staff rimosso',
  'staff.join': 'Invito accettato',
  'support.request': 'Richiesta in modalità support',
  'support.denied': 'Modalità support rifiutata',
  'settings.replace': 'Impostazioni salvate',
  'settings.update': 'Impostazioni modificate',
  'settings.calendar-resource.create': 'Risorsa del calendario creata',
  'settings.calendar-resource.update': 'Risorsa del calendario modificata',
  'settings.calendar-resource.delete': 'Risorsa del calendario eliminata',
  'settings.sezionale.create': 'Sezionale creato',
  'settings.sezionale.update': 'Sezionale modificato',
  'settings.passive-invoice.enable': 'Fatturazione passiva attivata',
  'settings.passive-invoice.disable': 'Fatturazione passiva disattivata',
  'settings.signing-certificate.upload': 'Certificato di firma dello studio caricato',
  'settings.signing-certificate.remove': 'Certificato di firma dello studio rimosso',
  'studio.export': 'Dati dello studio scaricati (portabilità, art. 20 GDPR)',
  'patient.export-data': 'Dati del paziente scaricati (accesso, art. 15 GDPR)',
  ...clinicalAuditActionLabels,
};
