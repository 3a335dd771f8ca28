import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/helpers/sql.ts';
import { createDatabase } from './client.ts';
import { buildPgliteTemplate, readPgliteTemplate } from './pglite-template.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('embedded database template', () => {
  it('starts a new data directory from the built template, already migrated, and keeps what is written', async () => {
    await buildPgliteTemplate();
    expect(readPgliteTemplate()).not.toBeNull();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-template-'));
    dirs.push(dataDir);

    const first = await createDatabase({ dataDir });
    const tables = await rowsOf<{ n: number }>(
      first.db,
      `select count(*)::int as n from information_schema.tables where table_name in ('users', 'studios', 'audit_events')`,
    );
    expect(tables[0]?.n).toBe(3);
    await first.migrate(); // nothing left to apply
    await rowsOf(
      first.db,
      `insert into users (email, password_hash, nome, cognome) values ('t@example.it', 'x', 'T', 'U')`,
    );
    await first.close();

    // a second start opens the same directory and does not unpack the template again
    const second = await createDatabase({ dataDir });
    const users = await rowsOf<{ email: string }>(second.db, 'select email from users');
    expect(users).toEqual([{ email: 't@example.it' }]);
    await second.close();
  });
});
