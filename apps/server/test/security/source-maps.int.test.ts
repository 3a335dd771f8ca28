import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

// issue 25 item 9: the production server published /assets/index-*.js.map, every source of the web app
let web: TestApp;
let dist = '';
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'studiolo-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Studiolo</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("Studiolo")');
  // a map an older build left in the served folder (today's build moves them out: apps/web/scripts)
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"sources":["src/app/router.tsx"]}');
  web = await buildTestApp({ WEB_DIST_DIR: dist, NODE_ENV: 'production' });
});
afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => web.app.inject({ method: 'GET', url });

describe('source maps', () => {
  it('answer 404, never the map nor the page, even when one is in the served folder', async () => {
    for (const url of ['/assets/index-abc.js.map', '/assets/index-abc.js.map?v=1', '/assets/other.js.map', '/x.map']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('leave the build’s scripts and the app’s own pages served', async () => {
    expect((await get('/assets/index-abc.js')).statusCode).toBe(200);
    const page = await get('/calendar');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('a missing build file answers 404 instead of the page', async () => {
    expect((await get('/assets/index-gone.js')).statusCode).toBe(404);
  });
});
