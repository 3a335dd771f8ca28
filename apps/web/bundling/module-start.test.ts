import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.script.ts')
      ? [full]
      : [];
  });

/**
 * What the browser runs when a module loads, before any page uses it (issue 27, decision 027): the first Intl object
 * of a page loads the platform's locale and time-zone data (measured at 100–300 ms in Chromium on this machine,
 * unthrottled), and the build may put a module in a chunk that pages which never format anything also load.
 */
describe('module start', () => {
  it('makes no Intl object at the top level of a module the browser loads (onFirstUse() of @studiolo/domain/shared)', () => {
    const offenders = [path.join(repoRoot, 'apps/web/src'), path.join(repoRoot, 'packages/domain/src')]
      .flatMap(sourceFiles)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(repoRoot, file)}:${i + 1}` }))
          .filter(({ line }) => /^(export )?(const|let|var) [\w$]+ = new Intl\./.test(line)),
      )
      .map(({ at }) => at);
    expect(offenders).toEqual([]);
  });
});
