import type { Db } from '../../src/db/client.ts';
import { rowsOf } from './sql.ts';

/**
 * A fingerprint of every row of every table (audit trail excepted, which records refused attempts too):
 * equal before and after a request means the request changed nothing.
 */
export const snapshotDatabase = async (db: Db): Promise<Record<string, string>> => {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    `select table_name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'audit_events'
     order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const r = await rowsOf<{ h: string | null; n: number }>(
      db,
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*)::int as n from "${table_name}" t`,
    );
    out[table_name] = `${r[0]?.n}:${r[0]?.h}`;
  }
  return out;
};
