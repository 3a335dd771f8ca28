import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StudioContext } from '../shared/studio-context.ts';
import type { DbOrTx } from './client.ts';

/**
 * The one place that scopes data by studio. Repositories filter with `inStudio` and insert with `ownedBy`;
 * a test fails if a repository compares studio_id by hand.
 * SECURITY: ctx.studioId comes from the verified token and a membership row, never from the request body.
 */
export const inStudio = (table: { studioId: PgColumn }, ctx: StudioContext, ...conditions: (SQL | undefined)[]) =>
  and(eq(table.studioId, ctx.studioId), ...conditions) as SQL;

/** A row to insert, owned by the context's studio whatever the input says. */
export const ownedBy = <T extends object>(ctx: StudioContext, row: T): T & { studioId: string } => ({
  ...row,
  studioId: ctx.studioId,
});

/**
 * inStudio for a statement prepared once per database (one that runs on every keystroke of a search): the studio is
 * the `studioId` placeholder, filled by studioParams.
 */
export const inStudioPrepared = (table: { studioId: PgColumn }, ...conditions: (SQL | undefined)[]) =>
  and(eq(table.studioId, sql.placeholder('studioId')), ...conditions) as SQL;

/** The parameters of a statement scoped by inStudioPrepared: the studio from the context, whatever else says. */
export const studioParams = <T extends object>(ctx: StudioContext, params: T): T & { studioId: string } => ({
  ...params,
  studioId: ctx.studioId,
});

/**
 * How many of these ids (each counted once) name a row of the studio in the table, with any further conditions (a
 * calendar resource's kind): the reference check before a write names another row (an event's staff member, a
 * bookable service's rooms). 0 for no ids, without a query.
 */
export const countOwnedIn = async (
  db: DbOrTx,
  ctx: StudioContext,
  table: PgTable & { id: PgColumn; studioId: PgColumn },
  ids: string[],
  ...conditions: (SQL | undefined)[]
): Promise<number> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const rows = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(table as PgTable)
    .where(inStudio(table, ctx, inArray(table.id, unique), ...conditions));
  return rows[0]?.count ?? 0;
};
