import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StudioContext } from '../shared/studio-context.ts';

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
