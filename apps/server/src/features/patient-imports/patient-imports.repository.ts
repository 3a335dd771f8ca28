import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  bodyCharts,
  clinicalDiaryEntries,
  clinicalEvaluations,
  clinicalOutcomeMeasures,
  documentiContabili,
  events,
  patientAttachments,
  patientImportRows,
  patientImports,
  patients,
  signatureRequests,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type PatientImportRow = typeof patientImports.$inferSelect;
export type PatientImportPlanRow = typeof patientImportRows.$inferSelect;
export type NewPatientImportPlanRow = Omit<typeof patientImportRows.$inferInsert, 'studioId'>;
type PatientInsert = Omit<typeof patients.$inferInsert, 'studioId'>;

const byId = (ctx: StudioContext, id: string) => inStudio(patientImports, ctx, eq(patientImports.id, id));

export const patientImportsRepository = {
  insert: (db: DbOrTx, ctx: StudioContext, row: Omit<typeof patientImports.$inferInsert, 'studioId'>) =>
    db
      .insert(patientImports)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as PatientImportRow),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(patientImports)
      .where(byId(ctx, id))
      .then((r) => r[0] ?? null),

  findForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(patientImports)
      .where(byId(ctx, id))
      .for('update')
      .then((r) => r[0] ?? null),

  update: (db: DbOrTx, ctx: StudioContext, id: string, set: Partial<typeof patientImports.$inferInsert>) =>
    db
      .update(patientImports)
      .set({ ...set, updatedAt: new Date() })
      .where(byId(ctx, id))
      .returning()
      .then((r) => r[0] ?? null),

  /** Adds to the counters of an import (one batch written). */
  addProgress: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    add: { written: number; imported: number; updated: number; skipped: number },
  ) =>
    db
      .update(patientImports)
      .set({
        written: sql`${patientImports.written} + ${add.written}`,
        imported: sql`${patientImports.imported} + ${add.imported}`,
        updated: sql`${patientImports.updated} + ${add.updated}`,
        skipped: sql`${patientImports.skipped} + ${add.skipped}`,
        updatedAt: new Date(),
      })
      .where(byId(ctx, id)),

  /**
   * unsafe: start-up only, with no request and so no studio context: the imports started (plan written) whose job a
   * crash may have lost before it reached the queue, quiet for a minute; each is queued again under its own studio.
   */
  unsafeStaleStarted: (db: DbOrTx, before: Date) =>
    db
      .select({ id: patientImports.id, studioId: patientImports.studioId })
      .from(patientImports)
      .where(and(inArray(patientImports.status, ['QUEUED', 'RUNNING']), lt(patientImports.updatedAt, before)))
      .limit(100),

  /**
   * unsafe: the periodic sweep, no studio context: imports left in preview (never started) and untouched since
   * `before` are deleted; the trigger of migration 0041 hands their files to the storage sweep. @returns how many.
   */
  unsafeDeleteUnstarted: (db: DbOrTx, before: Date) =>
    db
      .delete(patientImports)
      .where(and(eq(patientImports.status, 'PREVIEW'), lt(patientImports.updatedAt, before)))
      .returning({ id: patientImports.id })
      .then((r) => r.length),

  /** The light view of the studio's patients the duplicates are found against (no clinical data). */
  existingPatients: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        id: patients.id,
        codiceFiscale: patients.codiceFiscale,
        partitaIva: patients.partitaIva,
        nome: patients.nome,
        cognome: patients.cognome,
        ragioneSociale: patients.ragioneSociale,
        dataNascita: patients.dataNascita,
      })
      .from(patients)
      .where(inStudio(patients, ctx)),

  insertPlan: (db: DbOrTx, ctx: StudioContext, rows: NewPatientImportPlanRow[]) =>
    rows.length === 0 ? Promise.resolve() : db.insert(patientImportRows).values(rows.map((r) => ownedBy(ctx, r))),

  hasPlan: (db: DbOrTx, ctx: StudioContext, importId: string) =>
    db
      .select({ n: sql<number>`1` })
      .from(patientImportRows)
      .where(inStudio(patientImportRows, ctx, eq(patientImportRows.importId, importId)))
      .limit(1)
      .then((r) => r.length > 0),

  /** The next rows to write, locked so that a second worker cannot take them. */
  nextPending: (db: DbOrTx, ctx: StudioContext, importId: string, limit: number) =>
    db
      .select()
      .from(patientImportRows)
      .where(
        inStudio(
          patientImportRows,
          ctx,
          eq(patientImportRows.importId, importId),
          eq(patientImportRows.status, 'PENDING'),
        ),
      )
      .orderBy(asc(patientImportRows.rowNumber))
      .limit(limit)
      .for('update'),

  setRowOutcome: (
    db: DbOrTx,
    ctx: StudioContext,
    importId: string,
    rowNumber: number,
    set: Partial<Pick<PatientImportPlanRow, 'status' | 'reason' | 'patientId' | 'writtenAt' | 'input'>>,
  ) =>
    db
      .update(patientImportRows)
      .set(set)
      .where(
        inStudio(
          patientImportRows,
          ctx,
          eq(patientImportRows.importId, importId),
          eq(patientImportRows.rowNumber, rowNumber),
        ),
      ),

  /** The rows whose patients one INSERT wrote (their ids were chosen with the plan). */
  markImported: (db: DbOrTx, ctx: StudioContext, importId: string, rowNumbers: number[], writtenAt: Date) =>
    rowNumbers.length === 0
      ? Promise.resolve()
      : db
          .update(patientImportRows)
          .set({ status: 'IMPORTED', input: null, writtenAt })
          .where(
            inStudio(
              patientImportRows,
              ctx,
              eq(patientImportRows.importId, importId),
              inArray(patientImportRows.rowNumber, rowNumbers),
            ),
          )
          .then(() => undefined),

  markRemoved: (db: DbOrTx, ctx: StudioContext, importId: string, rowNumbers: number[]) =>
    rowNumbers.length === 0
      ? Promise.resolve()
      : db
          .update(patientImportRows)
          .set({ status: 'REMOVED' })
          .where(
            inStudio(
              patientImportRows,
              ctx,
              eq(patientImportRows.importId, importId),
              inArray(patientImportRows.rowNumber, rowNumbers),
            ),
          )
          .then(() => undefined),

  rowsOf: (db: DbOrTx, ctx: StudioContext, importId: string) =>
    db
      .select({
        rowNumber: patientImportRows.rowNumber,
        action: patientImportRows.action,
        status: patientImportRows.status,
        name: patientImportRows.name,
        reason: patientImportRows.reason,
        patientId: patientImportRows.patientId,
        writtenAt: patientImportRows.writtenAt,
      })
      .from(patientImportRows)
      .where(inStudio(patientImportRows, ctx, eq(patientImportRows.importId, importId)))
      .orderBy(asc(patientImportRows.rowNumber)),

  /** Of these fiscal codes, those a patient of the studio already has. */
  takenCodes: (db: DbOrTx, ctx: StudioContext, codes: string[]) =>
    codes.length === 0
      ? Promise.resolve(new Set<string>())
      : db
          .select({ code: patients.codiceFiscale })
          .from(patients)
          .where(inStudio(patients, ctx, inArray(patients.codiceFiscale, codes)))
          .then((r) => new Set(r.flatMap((x) => (x.code ? [x.code] : [])))),

  insertPatients: (db: DbOrTx, ctx: StudioContext, rows: PatientInsert[]) =>
    db
      .insert(patients)
      .values(rows.map((r) => ownedBy(ctx, r)))
      .returning({ id: patients.id, updatedAt: patients.updatedAt }),

  /** The imported patients, with their last change, as undo weighs them (locked until its transaction ends). */
  patientsForUndo: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: patients.id, updatedAt: patients.updatedAt })
          .from(patients)
          .where(inStudio(patients, ctx, inArray(patients.id, ids)))
          .for('update'),

  /** Of these patients, those with appointments, documents, signed forms or clinical records. */
  linkedPatients: async (db: DbOrTx, ctx: StudioContext, ids: string[]) => {
    const linked = new Set<string>();
    if (ids.length === 0) return linked;
    const links: [PgTable & { studioId: PgColumn }, PgColumn][] = [
      [events, events.pazienteId],
      [documentiContabili, documentiContabili.pazienteId],
      [signatureRequests, signatureRequests.patientId],
      [clinicalEvaluations, clinicalEvaluations.pazienteId],
      [clinicalDiaryEntries, clinicalDiaryEntries.pazienteId],
      [clinicalOutcomeMeasures, clinicalOutcomeMeasures.pazienteId],
      [patientAttachments, patientAttachments.pazienteId],
      [bodyCharts, bodyCharts.pazienteId],
    ];
    for (const [table, column] of links) {
      const rows = (await db
        .selectDistinct({ id: column })
        .from(table)
        .where(inStudio(table, ctx, inArray(column, ids)))) as { id: string | null }[];
      for (const r of rows) if (r.id) linked.add(r.id);
    }
    return linked;
  },

  deletePatients: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .delete(patients)
          .where(inStudio(patients, ctx, inArray(patients.id, ids)))
          .returning({ id: patients.id }),
};
