import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes Brotli and gzip copies of the text files a browser loads, equal to them once decompressed', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studiolo-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const giorni = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `giorno ${i}`))};`;
    writeFileSync(path.join(dir, 'assets', 'app.js'), script);
    writeFileSync(path.join(dir, 'assets', 'app.js.map'), script); // only developer tools fetch maps
    writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4096)); // already compressed formats stay
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Studiolo</title>'); // too small to gain

    expect(precompressDir(dir)).toMatchObject({ files: 1, plainBytes: script.length });
    const file = path.join(dir, 'assets', 'app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).byteLength).toBeLessThan(script.length / 4);
    for (const skipped of ['assets/app.js.map', 'assets/logo.png', 'index.html'])
      expect([existsSync(path.join(dir, `${skipped}.br`)), existsSync(path.join(dir, `${skipped}.gz`))]).toEqual([
        false,
        false,
      ]);
  });
});
