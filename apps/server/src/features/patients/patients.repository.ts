import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { patients } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type PatientRow = typeof patients.$inferSelect;
export type PatientColumns = Omit<typeof patients.$inferInsert, 'id' | 'studioId' | 'createdAt' | 'updatedAt'>;

export type PatientFilter = {
  /** Normalised words (normalizeSearchText): each must appear somewhere in the patient's search text. */
  words: string[];
  state: PatientRow['state'] | null;
  /** The patient must carry every one of these tags. */
  tags: string[];
};

const byId = (ctx: StudioContext, id: string) => inStudio(patients, ctx, eq(patients.id, id));

/** LIKE pattern matching the word anywhere; the trigram index serves it from three characters up. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const filterOf = (ctx: StudioContext, f: PatientFilter): SQL =>
  inStudio(
    patients,
    ctx,
    ...f.words.map((w) => sql`${patients.searchText} like ${containsPattern(w)}`),
    f.state ? eq(patients.state, f.state) : undefined,
    f.tags.length > 0 ? sql`${patients.tags} @> ${sql.param(f.tags)}::text[]` : undefined,
  );

export const patientsRepository = {
  insert: (db: DbOrTx, ctx: StudioContext, columns: PatientColumns) =>
    db
      .insert(patients)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as PatientRow),

  update: (db: DbOrTx, ctx: StudioContext, id: string, columns: Partial<PatientColumns>) =>
    db
      .update(patients)
      .set({ ...columns, updatedAt: new Date() })
      .where(byId(ctx, id))
      .returning()
      .then((r) => r[0] ?? null),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(patients)
      .where(byId(ctx, id))
      .then((r) => r[0] ?? null),

  /** Locks the row until the transaction ends (read-modify-write of tags and state). */
  findForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(patients)
      .where(byId(ctx, id))
      .for('update')
      .then((r) => r[0] ?? null),

  findByCodiceFiscale: (db: DbOrTx, ctx: StudioContext, codiceFiscale: string) =>
    db
      .select({ id: patients.id, tipologiaPersona: patients.tipologiaPersona, sortName: patients.sortName })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.codiceFiscale, codiceFiscale)))
      .then((r) => r[0] ?? null),

  /**
   * One statement for a search with few matches: the matches (at most `cap` + 1, id and sort key only, no order, so
   * the planner takes the trigram index and stops at the cap), their number, and the page's whole rows in name order.
   * @returns total = cap + 1 when there are more (the caller then pages by the name index).
   */
  searchUpTo: async (
    db: DbOrTx,
    ctx: StudioContext,
    filter: PatientFilter,
    cap: number,
    page: { limit: number; offset: number },
  ) => {
    const matches = db.$with('matches').as(
      db
        .select({ id: patients.id, sortName: patients.sortName })
        .from(patients)
        .where(filterOf(ctx, filter))
        .limit(cap + 1),
    );
    const pageIds = db
      .$with('page_ids')
      .as(
        db.select().from(matches).orderBy(asc(matches.sortName), asc(matches.id)).limit(page.limit).offset(page.offset),
      );
    const total = db.$with('total').as(db.select({ n: sql<number>`count(*)`.as('n') }).from(matches));
    const rows = await db
      .with(matches, pageIds, total)
      .select({ patient: patients, total: sql<number>`(select n from total)`.mapWith(Number) })
      .from(total)
      .leftJoin(pageIds, sql`true`)
      .leftJoin(patients, and(eq(patients.id, pageIds.id), inStudio(patients, ctx)))
      .orderBy(asc(pageIds.sortName), asc(pageIds.id));
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map((r) => r.patient).filter((p): p is PatientRow => p !== null),
    };
  },

  /** One page in display-name order, walking the (studio_id, sort_name, id) index (many matches: stops early). */
  page: (db: DbOrTx, ctx: StudioContext, filter: PatientFilter, page: { limit: number; offset: number }) =>
    db
      .select()
      .from(patients)
      .where(filterOf(ctx, filter))
      .orderBy(asc(patients.sortName), asc(patients.id))
      .limit(page.limit)
      .offset(page.offset),

  countAll: (db: DbOrTx, ctx: StudioContext, filter: PatientFilter) =>
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(patients)
      .where(filterOf(ctx, filter))
      .then((r) => r[0]?.total ?? 0),

  count: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(patients)
      .where(inStudio(patients, ctx))
      .then((r) => r[0]?.total ?? 0),

  listAll: (db: DbOrTx, ctx: StudioContext) =>
    db.select().from(patients).where(inStudio(patients, ctx)).orderBy(asc(patients.sortName), asc(patients.id)),

  /** The registry in display-name order, after the given row (keyset pagination: flat memory on any size). */
  listBatch: (db: DbOrTx, ctx: StudioContext, after: { sortName: string; id: string } | null, limit: number) =>
    db
      .select()
      .from(patients)
      .where(
        inStudio(
          patients,
          ctx,
          // a row comparison is an index condition on (studio_id, sort_name, id): each batch starts where the last ended
          after ? sql`(${patients.sortName}, ${patients.id}) > (${after.sortName}, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(patients.sortName), asc(patients.id))
      .limit(limit),

  /** Every tag used in the studio with how many patients carry it, alphabetical ignoring case. */
  tagCounts: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`${patients} cross join lateral unnest(${patients.tags}) as t(tag)`)
      .where(inStudio(patients, ctx))
      .groupBy(sql`t.tag`)
      .orderBy(sql`lower(t.tag)`, sql`t.tag`),

  /** How the studio already spells a tag, ignoring case (so "sportivo" joins "Sportivo"). */
  existingTagSpelling: (db: DbOrTx, ctx: StudioContext, tag: string) =>
    db
      .select({ tag: sql<string>`t.tag` })
      .from(sql`${patients} cross join lateral unnest(${patients.tags}) as t(tag)`)
      .where(inStudio(patients, ctx, sql`lower(t.tag) = lower(${tag})`))
      .limit(1)
      .then((r) => r[0]?.tag ?? null),

  delete: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(patients)
      .where(byId(ctx, id))
      .returning({ id: patients.id })
      .then((r) => r.length > 0),
};
