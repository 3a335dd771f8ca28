import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';

/**
 * The database target of this run: PGlite in memory by default, the PostgreSQL of TEST_DATABASE_URL when
 * TEST_TARGET=postgres. On PostgreSQL each test file works in a schema of its own, dropped at the end.
 */
export const testTarget = process.env.TEST_TARGET === 'postgres' ? 'postgres' : 'pglite';

/** The migrated database dumped once per run (int-global-setup.ts), read once per file. */
let pgliteDump: Blob | undefined;
const migratedPgliteDump = () => {
  const dumpPath = inject('pgliteDumpPath');
  if (!dumpPath) return undefined;
  pgliteDump ??= new Blob([readFileSync(dumpPath)]);
  return pgliteDump;
};

export const createTestDatabase = async (): Promise<Database> => {
  if (testTarget === 'pglite') {
    const dump = migratedPgliteDump();
    const database = await createDatabase({ dataDir: null, ...(dump ? { pgliteDump: dump } : {}) });
    await database.migrate(); // nothing left to apply when loaded from the dump
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_TARGET=postgres needs TEST_DATABASE_URL');
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase({ databaseUrl: url, dataDir: null, pgSchema });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${pgSchema} cascade`);
      await client.end();
    },
  };
};
