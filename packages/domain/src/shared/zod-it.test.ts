import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldMessages, z } from './zod-it.ts';

const domainSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('zod with Italian messages', () => {
  it('words an issue a schema does not word itself in Italian', () => {
    expect(z.string().min(1).safeParse('').error?.issues[0]?.message).toBe(fieldMessages.required);
    expect(z.object({ nome: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(fieldMessages.required);
  });

  // The package is marked free of side effects so the web bundle drops the modules a page does not use; the Italian
  // configuration then runs wherever a schema is built only because every schema takes its `z` from zod-it.ts.
  it('is where every module of the domain takes zod from', () => {
    const files = readdirSync(domainSource, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('zod-it.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const direct = files.filter((f) =>
      /from ['"]zod(\/[\w/-]+)?['"]/.test(readFileSync(path.join(domainSource, f), 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
