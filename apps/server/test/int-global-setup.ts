import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated embedded database, loaded by each test file's own (test-db.ts); '' on PostgreSQL. */
    pgliteDumpPath: string;
  }
}

/**
 * Runs once before the integration files: on PGlite, migrates one database and dumps it, so that each file loads a
 * migrated database (0.4 s) instead of creating and migrating its own (2.2 s). Decision 044.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_TARGET === 'postgres') {
    project.provide('pgliteDumpPath', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-pglite-dump-'));
  const database = await createDatabase({ dataDir: null });
  await database.migrate();
  const { pglite } = database.jobQueueConnection as { pglite: import('@electric-sql/pglite').PGlite };
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  return () => rmSync(dir, { recursive: true, force: true });
}
