import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patientAttachments, patients, storageDeletions } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type AttachmentRow = typeof patientAttachments.$inferSelect;
export type AttachmentColumns = Omit<typeof patientAttachments.$inferInsert, 'id' | 'studioId' | 'createdAt'>;

export const attachmentsRepository = {
  /** The patient's name parts, when the patient is the studio's (uploads and the export check it). */
  findPatient: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, pazienteId)))
      .then((r) => r[0] ?? null),

  insert: (db: DbOrTx, ctx: StudioContext, columns: AttachmentColumns) =>
    db
      .insert(patientAttachments)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as AttachmentRow),

  listOfPatient: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select()
      .from(patientAttachments)
      .where(inStudio(patientAttachments, ctx, eq(patientAttachments.pazienteId, pazienteId)))
      .orderBy(desc(patientAttachments.createdAt), desc(patientAttachments.id)),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(patientAttachments)
      .where(inStudio(patientAttachments, ctx, eq(patientAttachments.id, id)))
      .then((r) => r[0] ?? null),

  delete: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(patientAttachments)
      .where(inStudio(patientAttachments, ctx, eq(patientAttachments.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  count: (db: DbOrTx, ctx: StudioContext) => db.$count(patientAttachments, inStudio(patientAttachments, ctx)),

  /**
   * One batch of the studio's attachments with their patient's names, in patient then file order (keyset after the
   * last (pazienteId, id) seen): the export walks the whole studio with flat memory.
   */
  exportBatch: (db: DbOrTx, ctx: StudioContext, after: { pazienteId: string; id: string } | null, limit: number) =>
    db
      .select({
        id: patientAttachments.id,
        pazienteId: patientAttachments.pazienteId,
        fileName: patientAttachments.fileName,
        storageKey: patientAttachments.storageKey,
        createdAt: patientAttachments.createdAt,
        nome: patients.nome,
        cognome: patients.cognome,
        ragioneSociale: patients.ragioneSociale,
        tipologiaPersona: patients.tipologiaPersona,
      })
      .from(patientAttachments)
      .innerJoin(patients, eq(patients.id, patientAttachments.pazienteId))
      .where(
        inStudio(
          patientAttachments,
          ctx,
          after
            ? sql`(${patientAttachments.pazienteId}, ${patientAttachments.id}) > (${after.pazienteId}::uuid, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(patientAttachments.pazienteId), asc(patientAttachments.id))
      .limit(limit),

  /**
   * unsafe: objects of every studio whose rows are gone (the trigger on patient_attachments records them), for the
   * storage sweep; it only deletes bytes nobody references any more, never reads or answers them.
   */
  unsafePendingDeletions: (db: DbOrTx, limit: number) =>
    db
      .select({ storageKey: storageDeletions.storageKey })
      .from(storageDeletions)
      .orderBy(asc(storageDeletions.createdAt))
      .limit(limit)
      .then((r) => r.map((x) => x.storageKey)),

  /** unsafe: forgets swept objects (see unsafePendingDeletions). */
  unsafeForgetDeletions: (db: DbOrTx, keys: string[]) =>
    db.delete(storageDeletions).where(inArray(storageDeletions.storageKey, keys)),
};
