import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import viteConfig from '../vite.config.ts';
import { moveSourcemaps } from './move-sourcemaps.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('source maps of the production build', () => {
  it('are written hidden: no script names its map', async () => {
    // the config is a function (a production build plans its chunks in a first pass); its build options are the same
    // whatever the command, so it is read as the dev server reads it, without running that pass
    const config =
      typeof viteConfig === 'function' ? await viteConfig({ command: 'serve', mode: 'production' }) : viteConfig;
    expect(config.build?.sourcemap).toBe('hidden');
  });

  it('leave the served folder for one beside it, every other file staying', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studiolo-dist-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'export {}');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{}');
    writeFileSync(path.join(dist, 'assets', 'calendar-def.js.map'), '{}');
    const target = path.join(dir, 'sourcemaps');

    expect(moveSourcemaps(dist, target)).toBe(2);
    expect(readdirSync(path.join(dist, 'assets'))).toEqual(['index-abc.js']);
    expect(readdirSync(path.join(target, 'assets')).sort()).toEqual(['calendar-def.js.map', 'index-abc.js.map']);
    expect(existsSync(path.join(dist, 'index.html'))).toBe(true);
  });
});
