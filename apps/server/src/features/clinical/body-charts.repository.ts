import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bodyCharts, clinicalDiaryEntries, clinicalEvaluations, patients } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type BodyChartRow = typeof bodyCharts.$inferSelect;
export type BodyChartColumns = Pick<
  typeof bodyCharts.$inferInsert,
  'imageId' | 'title' | 'note' | 'strokes' | 'valutazioneId' | 'diarioId'
>;

export const bodyChartsRepository = {
  patientExists: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, pazienteId)))
      .then((r) => r.length > 0),

  /** The patient an evaluation or a diary entry of the studio belongs to, or null when there is none such. */
  patientOfEvaluation: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ pazienteId: clinicalEvaluations.pazienteId })
      .from(clinicalEvaluations)
      .where(inStudio(clinicalEvaluations, ctx, eq(clinicalEvaluations.id, id)))
      .then((r) => r[0]?.pazienteId ?? null),

  patientOfDiaryEntry: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ pazienteId: clinicalDiaryEntries.pazienteId })
      .from(clinicalDiaryEntries)
      .where(inStudio(clinicalDiaryEntries, ctx, eq(clinicalDiaryEntries.id, id)))
      .then((r) => r[0]?.pazienteId ?? null),

  insert: (db: DbOrTx, ctx: StudioContext, row: BodyChartColumns & { pazienteId: string; createdBy: string }) =>
    db
      .insert(bodyCharts)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as BodyChartRow),

  update: (db: DbOrTx, ctx: StudioContext, id: string, columns: BodyChartColumns) =>
    db
      .update(bodyCharts)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(bodyCharts, ctx, eq(bodyCharts.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(bodyCharts)
      .where(inStudio(bodyCharts, ctx, eq(bodyCharts.id, id)))
      .then((r) => r[0] ?? null),

  listOfPatient: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select()
      .from(bodyCharts)
      .where(inStudio(bodyCharts, ctx, eq(bodyCharts.pazienteId, pazienteId)))
      .orderBy(desc(bodyCharts.updatedAt), desc(bodyCharts.id)),

  delete: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(bodyCharts)
      .where(inStudio(bodyCharts, ctx, eq(bodyCharts.id, id)))
      .returning({ id: bodyCharts.id, pazienteId: bodyCharts.pazienteId })
      .then((r) => r[0] ?? null),
};
