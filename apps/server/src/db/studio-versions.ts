import { type SQL, sql } from 'drizzle-orm';
import type { StudioContext, StudioVersions } from '../shared/studio-context.ts';
import type { Db } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';
import { calendarVersions, patientSearchVersions } from './schema/index.ts';
import { studioParams } from './studio-scope.ts';

/**
 * The studio's versions as columns of another statement: the auth statement reads them with the membership, so a
 * request that answers from what a server keeps needs no round trip of its own. 0 before the first write.
 */
export const studioVersionColumns = (studioId: SQL | SQL.Aliased | { getSQL(): SQL }) => {
  const versionOf = (table: typeof calendarVersions | typeof patientSearchVersions) =>
    sql`coalesce((select ${table.version} from ${table} where ${table.studioId} = ${studioId}), 0)::text`.mapWith(
      BigInt,
    );
  return { patients: versionOf(patientSearchVersions), calendar: versionOf(calendarVersions) };
};

const versionsStatement = preparedPerDatabase((db) =>
  db
    .select(studioVersionColumns(sql.placeholder('studioId')))
    .from(sql`(values (1)) as one (x)`)
    .prepare('studio_versions'),
);

/** The studio's versions: those read with the request's membership, or read now for a context made elsewhere. */
export const studioVersions = async (db: Db, ctx: StudioContext): Promise<StudioVersions> =>
  ctx.versions ?? ((await versionsStatement(db).execute(studioParams(ctx, {})))[0] as StudioVersions);
