/**
 * drizzle-kit writes `"public"."table"` in foreign keys. Removing the schema makes each migration apply to the
 * search_path's schema, which lets every integration-test file migrate a fresh PostgreSQL schema of its own.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const sql = readFileSync(path.join(dir, file), 'utf8');
  const out = sql.replaceAll('"public".', '');
  if (out !== sql) writeFileSync(path.join(dir, file), out);
}
