/**
 * The bench's one SQL loader: plain SQL against the app's own database, for datasets too large to make through the
 * API (thousands of rows). It is how an operator would bulk-load: the server's code is not involved, and the
 * database's own triggers (versions, search logs) run as for any writer.
 *
 * - PostgreSQL (`app.database === 'postgres'`): a `pg` client on the app's DATABASE_URL, while the app runs.
 * - PGlite: one process owns the directory, so the app is stopped first (SIGTERM: it closes PGlite cleanly), the
 *   loader opens DATA_DIR/pglite with PGlite's own API and the extensions the server loads (pg_trgm, btree_gin),
 *   runs the statements and closes it; the caller starts the app again on the same DATA_DIR (`restart`).
 *
 * Statements run in one transaction, in order; `$1…` parameters as in `pg` (`withSql` gives a generator a session
 * on PostgreSQL). What the scenarios write with it, always in studios and for patients the API made:
 * - clinical: clinical_diary_entries, clinical_evaluations, clinical_outcome_measures;
 * - einvoicing: documenti_contabili, sdi_invii (copies of an invoice the API made and sent);
 * - invoices and analytics (PostgreSQL): patients, documenti_contabili, document_counters; analytics also
 *   documenti_ricevuti and patients.tags.
 * The columns are the database's (apps/server/src/db/migrations): a migration that renames one fails the loader
 * with PostgreSQL's own message, not silently.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type App, startApp } from './app.ts';

export type Statement = { sql: string; params?: unknown[] };
export type Query = <R extends Record<string, unknown> = Record<string, unknown>>(
  sql: string,
  params?: unknown[],
) => Promise<R[]>;

/**
 * A PostgreSQL session for a generator that reads what it wrote (ids from `returning`) and for EXPLAIN: `fn` gets a
 * query function on the app's database, outside a transaction. PostgreSQL only (PGlite: `loadSql` with the app
 * stopped).
 */
export const withSql = async <T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
};

/** Runs the statements on the app's database; for PGlite the app must be stopped (see `loadSqlAndRestart`). */
export const loadSql = async (
  target: { database: 'pglite'; dataDir: string } | { database: 'postgres'; url: string },
  statements: Statement[],
): Promise<void> => {
  if (target.database === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query('begin');
      for (const s of statements) await client.query(s.sql, s.params);
      await client.query('commit');
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create({
    dataDir: path.join(target.dataDir, 'pglite'),
    extensions: { pg_trgm, btree_gin },
  });
  try {
    await db.transaction(async (tx) => {
      for (const s of statements) await tx.query(s.sql, s.params);
    });
    await db.query('checkpoint');
  } finally {
    await db.close();
  }
};

/**
 * Loads the statements into a running app's database. PostgreSQL: while it runs, the same app returned. PGlite: stops
 * it, loads, and starts a new server on the same DATA_DIR and environment (the new one owns the directory).
 */
export const loadSqlAndRestart = async (app: App, statements: Statement[]): Promise<App> => {
  if (app.databaseUrl) {
    await loadSql({ database: 'postgres', url: app.databaseUrl }, statements);
    return app;
  }
  await app.stop({ keepDataDir: true });
  await loadSql({ database: 'pglite', dataDir: app.dataDir }, statements);
  return startApp({ dataDir: app.dataDir, ownDataDir: true, env: app.env });
};
