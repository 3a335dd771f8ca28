import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client.ts';

/**
 * The database target of this run: PGlite in memory by default, the PostgreSQL of TEST_DATABASE_URL when
 * TEST_TARGET=postgres. On PostgreSQL each test file works in a schema of its own, dropped at the end.
 */
export const testTarget = process.env.TEST_TARGET === 'postgres' ? 'postgres' : 'pglite';

export const createTestDatabase = async (): Promise<Database> => {
  if (testTarget === 'pglite') {
    const database = await createDatabase({ dataDir: null });
    await database.migrate();
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
