import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldMessages } from './field-messages.ts';
import { z } from './zod-it.ts';

const domainSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('zod with Italian messages', () => {
  it('words an issue a schema does not word itself in Italian', () => {
    expect(z.string().min(1).safeParse('').error?.issues[0]?.message).toBe(fieldMessages.required);
    expect(z.object({ nome: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(fieldMessages.required);
  });

  // The package is marked free of side effects but this module, so the web bundle drops the domain modules a page
  // does not use and keeps this one wherever it is imported: the Italian configuration runs before any schema is
  // built only because every schema takes its `z` from here (zod's own binding, passed on, would not keep it).
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

  it('is the one module of the domain declared with side effects, and the shared barrel does not bring it', () => {
    const pkg = JSON.parse(readFileSync(path.join(domainSource, '../package.json'), 'utf8'));
    expect(pkg.sideEffects).toEqual(['./src/shared/zod-it.ts']);
    expect(pkg.exports['./zod']).toBe('./src/shared/zod-it.ts');
    expect(readFileSync(path.join(domainSource, 'shared/index.ts'), 'utf8')).not.toMatch(/zod-it/);
  });
});
