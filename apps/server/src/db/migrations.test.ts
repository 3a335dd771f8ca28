import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('migrations', () => {
  it('never name the public schema, so they apply to whichever schema is in use', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
    const qualified = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('"public".'));
    expect(qualified).toEqual([]);
  });
});
