import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A migrated, empty PGlite data directory saved at build time (`npm run build`). A first start on an empty
 * DATA_DIR copies it instead of running initdb (2–3 s here), so the embedded server is ready sooner. It is kept as
 * a plain directory, not a tarball: copying files takes tens of milliseconds where PGlite's unpacking of a gzipped
 * dump took 2 s. Its name carries the PGlite version and a hash of the migrations: a stale template is not used.
 */
/** The PostgreSQL extensions the migrations create (trigram search, studio id inside GIN indexes). */
export const pgliteExtensions = { pg_trgm, btree_gin };

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');
const templateDir = path.resolve(here, '../../dist');

/** The installed PGlite's version (its package.json is not exported: walk up from its entry point). */
const pgliteVersion = (): string => {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
};

const migrationsHash = (): string => {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 12);
};

export const pgliteTemplatePath = () =>
  path.join(templateDir, `pglite-template-${pgliteVersion()}-${migrationsHash()}`);

/** Builds the template: a fresh data directory, migrated and closed cleanly, moved into place whole. */
export const buildPgliteTemplate = async (): Promise<string> => {
  mkdirSync(templateDir, { recursive: true });
  const building = mkdtempSync(path.join(templateDir, '.building-'));
  try {
    const client = await PGlite.create({ dataDir: building, extensions: pgliteExtensions });
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.close();
    }
    const target = pgliteTemplatePath();
    rmSync(target, { recursive: true, force: true });
    renameSync(building, target);
    return target;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
};

/** The directory of the template matching this PGlite and these migrations, if it was built. */
export const readPgliteTemplate = (): string | null => {
  const dir = pgliteTemplatePath();
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
};
