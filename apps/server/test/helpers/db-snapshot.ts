import type { Db } from '../../src/db/client.ts';
import { rowsOf } from './sql.ts';

/** The tables a snapshot covers, per database (the schema is migrated before a test file starts). */
const snapshotTables = new WeakMap<Db, Promise<string[]>>();

const tablesOf = (db: Db) => {
  let tables = snapshotTables.get(db);
  if (!tables) {
    tables = rowsOf<{ table_name: string }>(
      db,
      `select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE'
         and table_name not in ('audit_events', 'rate_limit_counters')
       order by table_name`,
    ).then((rows) => rows.map((r) => r.table_name));
    snapshotTables.set(db, tables);
  }
  return tables;
};

/**
 * A fingerprint of every row of every table (the audit trail and the rate-limit counters excepted: they record
 * refused attempts too, and on PostgreSQL every request counts in rate_limit_counters): equal before and after a
 * request means the request changed nothing. Each row is known by where its version lies and the transaction that
 * wrote it (ctid, xmin): an insert, an update (even to the same values) or a delete changes the set, a rolled-back
 * write does not. One statement for all the tables, a scan without sorting or hashing the rows' text: the generic
 * suites take one after every request they send (decision 044).
 */
export const snapshotDatabase = async (db: Db): Promise<Record<string, string>> => {
  const tables = await tablesOf(db);
  const rows = await rowsOf<{ name: string; h: string | null; n: number }>(
    db,
    tables
      .map(
        (name) =>
          `select '${name}' as name, coalesce(sum(hashtext(ctid::text || xmin::text)), 0)::text as h,
                  count(*)::int as n from "${name}" t`,
      )
      .join(' union all '),
  );
  const byName = new Map(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
  return Object.fromEntries(tables.map((name) => [name, byName.get(name) ?? '']));
};

/**
 * Waits until the job queue has nothing due or running: a sample's simulator answers (SDI, Sistema TS) arrive through
 * it, so a snapshot taken after this compares the request under test alone, whatever the machine's load.
 */
export const jobsSettled = async (db: Db, schema = 'pgboss') => {
  for (let i = 0; i < 300; i++) {
    let pending: number;
    try {
      const r = await rowsOf<{ n: number }>(
        db,
        `select count(*)::int as n from "${schema}".job
         where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      pending = r[0]?.n ?? 0;
    } catch {
      return; // the queue never started in this app: nothing can be pending
    }
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job queue did not settle in 30 s');
};

/** The snapshot to compare a request against: taken once the job queue has settled (see jobsSettled). */
export const settledSnapshot = async (deps: { db: Db; database: { jobQueueConnection: { schema?: string } } }) => {
  await jobsSettled(deps.db, deps.database.jobQueueConnection.schema ?? 'pgboss');
  return snapshotDatabase(deps.db);
};
