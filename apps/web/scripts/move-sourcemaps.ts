/**
 * After `vite build`: moves the source maps out of the served folder (issue 25 item 9). The build writes them
 * "hidden" (no sourceMappingURL in the scripts), and this takes them out of dist into sourcemaps/ beside it, so
 * the production server never has them to send, while a developer (or the bundle bench) can still read them.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** @returns how many maps left `dist` for `target` (emptied first: it holds only the last build's maps). */
export const moveSourcemaps = (dist: string, target: string) => {
  rmSync(target, { recursive: true, force: true });
  let moved = 0;
  for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dist, name);
    if (!name.endsWith('.map') || !statSync(file).isFile()) continue;
    const to = path.join(target, name);
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(file, to);
    moved++;
  }
  return moved;
};

if (import.meta.main) {
  const dist = path.resolve(import.meta.dirname, '../dist');
  const target = path.resolve(import.meta.dirname, '../sourcemaps');
  console.log(`Spostate ${moveSourcemaps(dist, target)} source map da ${dist} a ${target}`);
}
