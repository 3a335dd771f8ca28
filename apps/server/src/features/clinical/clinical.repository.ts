import { and, asc, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  clinicalDiaryEntries,
  clinicalEvaluations,
  clinicalOutcomeMeasures,
  events,
  patients,
  users,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type EvaluationRow = typeof clinicalEvaluations.$inferSelect;
export type EvaluationColumns = Omit<
  typeof clinicalEvaluations.$inferInsert,
  'id' | 'studioId' | 'pazienteId' | 'authorUserId' | 'createdAt' | 'updatedAt'
>;
export type DiaryRow = typeof clinicalDiaryEntries.$inferSelect;
export type DiaryColumns = Omit<
  typeof clinicalDiaryEntries.$inferInsert,
  'id' | 'studioId' | 'pazienteId' | 'authorUserId' | 'createdAt' | 'updatedAt'
>;
export type OutcomeRow = typeof clinicalOutcomeMeasures.$inferSelect;
export type OutcomeColumns = Omit<
  typeof clinicalOutcomeMeasures.$inferInsert,
  'id' | 'studioId' | 'authorUserId' | 'createdAt'
>;
export type Author = { nome: string | null; cognome: string | null };
export type WithAuthor<T> = T & { author: Author };

const author = { nome: users.nome, cognome: users.cognome };
const withAuthor = <T>(r: { row: T; author: Author | null }): WithAuthor<T> => ({
  ...r.row,
  author: r.author ?? { nome: null, cognome: null },
});

/** The export's page size: flat memory whatever the studio holds. */
export const clinicalExportBatch = 500;

/** A keyset cursor over (paziente, data, id) for the exports. */
export type ExportCursor = { pazienteId: string; data: string; id: string } | null;

export const clinicalRepository = {
  /** A patient of the studio (the record's owner), or null. */
  findPatient: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  /** An event of the studio (a single appointment or a series), with its patient and start. */
  findEvent: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ id: events.id, pazienteId: events.pazienteId, startAt: events.startAt, rrule: events.rrule })
      .from(events)
      .where(inStudio(events, ctx, eq(events.id, id)))
      .then((r) => r[0] ?? null),

  // ——— evaluations ———
  listEvaluations: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select({ row: clinicalEvaluations, author })
      .from(clinicalEvaluations)
      .leftJoin(users, eq(users.id, clinicalEvaluations.authorUserId))
      .where(inStudio(clinicalEvaluations, ctx, eq(clinicalEvaluations.pazienteId, pazienteId)))
      .orderBy(desc(clinicalEvaluations.data), desc(clinicalEvaluations.createdAt))
      .then((r) => r.map(withAuthor)),

  findEvaluation: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ row: clinicalEvaluations, author })
      .from(clinicalEvaluations)
      .leftJoin(users, eq(users.id, clinicalEvaluations.authorUserId))
      .where(inStudio(clinicalEvaluations, ctx, eq(clinicalEvaluations.id, id)))
      .then((r) => (r[0] ? withAuthor(r[0]) : null)),

  insertEvaluation: (db: DbOrTx, ctx: StudioContext, pazienteId: string, columns: EvaluationColumns) =>
    db
      .insert(clinicalEvaluations)
      .values(ownedBy(ctx, { ...columns, pazienteId, authorUserId: ctx.userId }))
      .returning({ id: clinicalEvaluations.id })
      .then((r) => r[0]?.id as string),

  updateEvaluation: (db: DbOrTx, ctx: StudioContext, id: string, columns: EvaluationColumns) =>
    db
      .update(clinicalEvaluations)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(clinicalEvaluations, ctx, eq(clinicalEvaluations.id, id)))
      .returning({ id: clinicalEvaluations.id, pazienteId: clinicalEvaluations.pazienteId })
      .then((r) => r[0] ?? null),

  deleteEvaluation: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(clinicalEvaluations)
      .where(inStudio(clinicalEvaluations, ctx, eq(clinicalEvaluations.id, id)))
      .returning({ id: clinicalEvaluations.id, pazienteId: clinicalEvaluations.pazienteId })
      .then((r) => r[0] ?? null),

  // ——— diary ———
  /** Newest first: the session's day, then when it was written. */
  listDiary: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select({ row: clinicalDiaryEntries, author })
      .from(clinicalDiaryEntries)
      .leftJoin(users, eq(users.id, clinicalDiaryEntries.authorUserId))
      .where(inStudio(clinicalDiaryEntries, ctx, eq(clinicalDiaryEntries.pazienteId, pazienteId)))
      .orderBy(desc(clinicalDiaryEntries.data), desc(clinicalDiaryEntries.createdAt), desc(clinicalDiaryEntries.id))
      .then((r) => r.map(withAuthor)),

  findDiary: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ row: clinicalDiaryEntries, author })
      .from(clinicalDiaryEntries)
      .leftJoin(users, eq(users.id, clinicalDiaryEntries.authorUserId))
      .where(inStudio(clinicalDiaryEntries, ctx, eq(clinicalDiaryEntries.id, id)))
      .then((r) => (r[0] ? withAuthor(r[0]) : null)),

  insertDiary: (db: DbOrTx, ctx: StudioContext, pazienteId: string, columns: DiaryColumns) =>
    db
      .insert(clinicalDiaryEntries)
      .values(ownedBy(ctx, { ...columns, pazienteId, authorUserId: ctx.userId }))
      .returning({ id: clinicalDiaryEntries.id })
      .then((r) => r[0]?.id as string),

  updateDiary: (db: DbOrTx, ctx: StudioContext, id: string, columns: DiaryColumns) =>
    db
      .update(clinicalDiaryEntries)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(clinicalDiaryEntries, ctx, eq(clinicalDiaryEntries.id, id)))
      .returning({ id: clinicalDiaryEntries.id, pazienteId: clinicalDiaryEntries.pazienteId })
      .then((r) => r[0] ?? null),

  deleteDiary: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(clinicalDiaryEntries)
      .where(inStudio(clinicalDiaryEntries, ctx, eq(clinicalDiaryEntries.id, id)))
      .returning({ id: clinicalDiaryEntries.id, pazienteId: clinicalDiaryEntries.pazienteId })
      .then((r) => r[0] ?? null),

  // ——— outcome measures ———
  /** Oldest first: the chart's order. */
  listOutcomes: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    db
      .select({ row: clinicalOutcomeMeasures, author })
      .from(clinicalOutcomeMeasures)
      .leftJoin(users, eq(users.id, clinicalOutcomeMeasures.authorUserId))
      .where(inStudio(clinicalOutcomeMeasures, ctx, eq(clinicalOutcomeMeasures.pazienteId, pazienteId)))
      .orderBy(asc(clinicalOutcomeMeasures.data), asc(clinicalOutcomeMeasures.createdAt))
      .then((r) => r.map(withAuthor)),

  findOutcome: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ row: clinicalOutcomeMeasures, author })
      .from(clinicalOutcomeMeasures)
      .leftJoin(users, eq(users.id, clinicalOutcomeMeasures.authorUserId))
      .where(inStudio(clinicalOutcomeMeasures, ctx, eq(clinicalOutcomeMeasures.id, id)))
      .then((r) => (r[0] ? withAuthor(r[0]) : null)),

  insertOutcome: (db: DbOrTx, ctx: StudioContext, columns: OutcomeColumns) =>
    db
      .insert(clinicalOutcomeMeasures)
      .values(ownedBy(ctx, { ...columns, authorUserId: ctx.userId }))
      .returning({ id: clinicalOutcomeMeasures.id })
      .then((r) => r[0]?.id as string),

  deleteOutcome: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(clinicalOutcomeMeasures)
      .where(inStudio(clinicalOutcomeMeasures, ctx, eq(clinicalOutcomeMeasures.id, id)))
      .returning({ id: clinicalOutcomeMeasures.id, pazienteId: clinicalOutcomeMeasures.pazienteId })
      .then((r) => r[0] ?? null),

  // ——— exports: keyset pages by patient, then date ———
  /** How many rows an export will write (the web app shows progress against it). */
  count: (db: DbOrTx, ctx: StudioContext, kind: 'valutazione' | 'diario', pazienteId?: string) => {
    const t = kind === 'valutazione' ? clinicalEvaluations : clinicalDiaryEntries;
    return db
      .select({ n: count() })
      .from(t)
      .where(inStudio(t, ctx, pazienteId ? eq(t.pazienteId, pazienteId) : undefined))
      .then((r) => r[0]?.n ?? 0);
  },

  evaluationsBatch: (db: DbOrTx, ctx: StudioContext, after: ExportCursor, pazienteId?: string) =>
    db
      .select({ row: clinicalEvaluations, author, patient: patientColumns })
      .from(clinicalEvaluations)
      .innerJoin(patients, eq(patients.id, clinicalEvaluations.pazienteId))
      .leftJoin(users, eq(users.id, clinicalEvaluations.authorUserId))
      .where(
        inStudio(
          clinicalEvaluations,
          ctx,
          pazienteId ? eq(clinicalEvaluations.pazienteId, pazienteId) : undefined,
          after ? keysetAfter(clinicalEvaluations, after) : undefined,
        ),
      )
      .orderBy(asc(clinicalEvaluations.pazienteId), asc(clinicalEvaluations.data), asc(clinicalEvaluations.id))
      .limit(clinicalExportBatch),

  diaryBatch: (db: DbOrTx, ctx: StudioContext, after: ExportCursor, pazienteId?: string) =>
    db
      .select({ row: clinicalDiaryEntries, author, patient: patientColumns })
      .from(clinicalDiaryEntries)
      .innerJoin(patients, eq(patients.id, clinicalDiaryEntries.pazienteId))
      .leftJoin(users, eq(users.id, clinicalDiaryEntries.authorUserId))
      .where(
        inStudio(
          clinicalDiaryEntries,
          ctx,
          pazienteId ? eq(clinicalDiaryEntries.pazienteId, pazienteId) : undefined,
          after ? keysetAfter(clinicalDiaryEntries, after) : undefined,
        ),
      )
      .orderBy(asc(clinicalDiaryEntries.pazienteId), asc(clinicalDiaryEntries.data), asc(clinicalDiaryEntries.id))
      .limit(clinicalExportBatch),
};

const patientColumns = {
  nome: patients.nome,
  cognome: patients.cognome,
  ragioneSociale: patients.ragioneSociale,
  codiceFiscale: patients.codiceFiscale,
};

const keysetAfter = (
  t: typeof clinicalEvaluations | typeof clinicalDiaryEntries,
  after: NonNullable<ExportCursor>,
): SQL =>
  or(
    gt(t.pazienteId, after.pazienteId),
    and(eq(t.pazienteId, after.pazienteId), gt(t.data, after.data)),
    and(eq(t.pazienteId, after.pazienteId), eq(t.data, after.data), gt(t.id, after.id)),
  ) as SQL;
