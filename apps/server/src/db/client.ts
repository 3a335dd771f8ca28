import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, pgliteExtensions, readPgliteTemplate } from './pglite-template.ts';
import * as schema from './schema/index.ts';

/**
 * The job queue's way to the database, handed to pg-boss when the queue starts (jobs/queue.ts): pg-boss is loaded then,
 * after the server listens, not while it starts (the restart within 5 s).
 */
export type JobQueueConnection = { pglite: PGlite; schema?: undefined } | { connectionString: string; schema: string };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate: () => Promise<void>;
  /** Flushes the write-ahead log so that a crash replays little (PGlite); no-op on PostgreSQL. */
  checkpoint: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * The notifications of migration 0010 (a user, a membership or a studio's versions changed), where they reach this
   * server before the write that sent them is acknowledged: PGlite, whose one session both writes and listens (the
   * listener runs in a microtask queued as the commit's answer is read). Null on PostgreSQL, where another server's
   * write would reach us only later: there nothing is kept.
   */
  authChanges: AuthChanges | null;
  /** How the job queue (pg-boss) reaches this database: PGlite's own session, or its own pool on PostgreSQL. */
  jobQueueConnection: JobQueueConnection;
};

export type AuthChanges = { subscribe: (listener: (payload: string) => void) => () => void };

/** The channel of migration 0010's triggers. */
const authChangedChannel = 'auth_changed';

/**
 * Opens the embedded database; a new one starts from the build's template when there is one. In memory, it starts
 * from the dump given, if any.
 */
const openPglite = async (dataDir: string | undefined, dump: Blob | undefined): Promise<PGlite> => {
  if (!dataDir) return PGlite.create({ extensions: pgliteExtensions, ...(dump ? { loadDataDir: dump } : {}) });
  const isNew = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const template = isNew ? readPgliteTemplate() : null;
  if (template) {
    try {
      // copied beside it and renamed into place: a start killed halfway leaves no half database behind
      const copying = `${dataDir}.copying`;
      rmSync(copying, { recursive: true, force: true });
      cpSync(template, copying, { recursive: true });
      rmSync(dataDir, { recursive: true, force: true });
      renameSync(copying, dataDir);
      return await PGlite.create({ dataDir, extensions: pgliteExtensions });
    } catch {
      // an unusable template must never stop the server: fall back to a fresh database
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
    }
  }
  return PGlite.create({ dataDir, extensions: pgliteExtensions });
};

/**
 * PGlite when no DATABASE_URL is given (persisted under dataDir, or in memory when dataDir is null),
 * node-postgres otherwise. One schema and one SQL dialect for both.
 */
export const createDatabase = async (opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** PostgreSQL only: work in this schema (tests give each file its own). */
  pgSchema?: string;
  /**
   * PGlite in memory only: start from this dump (`dumpDataDir('none')`) of a migrated database instead of an empty
   * one; the tests migrate once per run and load it in each file (0.4 s instead of 2.2 s).
   */
  pgliteDump?: Blob;
}): Promise<Database> => {
  if (opts.databaseUrl) {
    const pgSchema = opts.pgSchema;
    if (pgSchema && !/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`bad schema name ${pgSchema}`);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 20,
      ...(pgSchema ? { options: `-c search_path=${pgSchema},public` } : {}),
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        if (pgSchema) await pool.query(`create schema if not exists ${pgSchema}`);
        await migratePg(drizzlePg(pool), { migrationsFolder, ...(pgSchema ? { migrationsSchema: pgSchema } : {}) });
      },
      checkpoint: async () => {},
      close: () => pool.end(),
      authChanges: null,
      jobQueueConnection: {
        connectionString: opts.databaseUrl,
        schema: pgSchema ? `${pgSchema}_jobs` : 'pgboss',
      },
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await openPglite(dataDir, opts.pgliteDump);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const authChangeListeners = new Set<(payload: string) => void>();
  await client.listen(authChangedChannel, (payload) => {
    for (const listener of authChangeListeners) listener(payload);
  });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    checkpoint: async () => {
      if (!closed) await client.exec('CHECKPOINT');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    jobQueueConnection: { pglite: client },
    authChanges: {
      subscribe: (listener) => {
        authChangeListeners.add(listener);
        return () => authChangeListeners.delete(listener);
      },
    },
  };
};
