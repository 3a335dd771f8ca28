import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = path.join(path.dirname(fileURLToPath(import.meta.url)), '../features');
const repositories = readdirSync(features, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.repository.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(features, f), 'utf8') }));

describe('studio scoping', () => {
  it('finds the repositories', () => {
    expect(repositories.length).toBeGreaterThan(4);
  });

  it('happens only through db/studio-scope.ts: no repository compares or sets studio_id from the context by hand', () => {
    const byHand = repositories
      .filter(({ text }) => /\.studioId,\s*ctx\.studioId|studioId:\s*ctx\.studioId/.test(text))
      .map(({ file }) => file);
    expect(byHand).toEqual([]);
  });

  it('names every unscoped helper "unsafe" and says why', () => {
    const offenders: string[] = [];
    for (const { file, text } of repositories) {
      for (const match of text.matchAll(/\n(\s*)(?:\/\*\*[\s\S]*?\*\/\s*)?(unsafe\w+):/g)) {
        const before = text.slice(Math.max(0, (match.index ?? 0) - 400), match.index ?? 0);
        if (!/unsafe:/.test(before + match[0])) offenders.push(`${file} ${match[2]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
