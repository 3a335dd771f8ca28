import { type ClinicalAccessAction, type ClinicalRecordKind, clinicalAuditAction } from '@studiolo/domain/clinical';
import type { DbOrTx } from '../../db/client.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';

export type ClinicalAccess = {
  /** Whose record: the access log is read per patient (GET /audit?pazienteId=). */
  pazienteId: string | null;
  kind: ClinicalRecordKind;
  action: ClinicalAccessAction;
  /** The record read or changed; null for a list or an export. */
  recordId?: string | null;
  /** Which fields a change touched (names only, never values). */
  changedFields?: string[];
};

/**
 * Writes one entry of the clinical access log (docs/decisions/029): who read or changed which patient's record, when,
 * from where. It is the append-only audit trail itself (action `clinical.<kind>.<action>`, the patient in its own
 * column), so the studio owner reads it in Impostazioni › Registro attività (filter "Cartella clinica") and on the
 * patient's page. Call it inside the change's transaction, or right after a read succeeded; it never holds clinical
 * text. Other features (attachments, body charts) call it with their own `kind`.
 * SECURITY: studio and user come from the verified context, never from the request.
 */
export const logClinicalAccess = (db: DbOrTx, ctx: StudioContext, access: ClinicalAccess) =>
  recordAudit(db, ctx, {
    action: clinicalAuditAction(access.kind, access.action),
    entityType: access.kind,
    entityId: access.recordId ?? null,
    pazienteId: access.pazienteId,
    ...(access.changedFields ? { changedFields: access.changedFields } : {}),
  });
