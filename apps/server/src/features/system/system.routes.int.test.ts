import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { httpMessages } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api } from '../../../test/helpers/http.ts';
import { signUp } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system routes', () => {
  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.deps.database.kind });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/docs' });
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/app/api/user/login', '/app/api/studio', '/app/api/staff/{id}']),
    );
    expect(doc.paths['/app/api/user/login']?.post?.requestBody).toBeTruthy();
  });

  it('sends security headers and never lets an API answer be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells the web app that mail stays in the local outbox when no SMTP is configured', async () => {
    const res = await api<{ mailTransport: string; turnstileSiteKey: string | null }>(t.app, {
      method: 'GET',
      url: '/config',
    });
    expect(res.body.response).toMatchObject({ mailTransport: 'local-outbox', turnstileSiteKey: null });
  });
});

describe('unexpected failures', () => {
  it('answer 500 with the spec message and no internal detail', async () => {
    const t2 = await buildTestApp();
    const user = await signUp(t2.app);
    await t2.deps.database.close(); // the database goes away under a running server
    const res = await api(t2.app, { method: 'GET', url: '/user/getUser', token: user.token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'ERROR', answer: httpMessages.internal });
    await t2.app.close();
  });
});

describe('the web app on the same port', () => {
  it('sends the build’s Brotli or gzip copy of a file to a browser that takes it, the file itself otherwise', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'studiolo-web-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('Studiolo '.repeat(500))});`;
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Studiolo</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(script));
    const web = await buildTestApp({ WEB_DIST_DIR: dist });
    try {
      const get = (url: string, acceptEncoding?: string) =>
        web.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

      const browser = await get('/assets/app.js', 'gzip, deflate, br, zstd');
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-encoding']).toBe('br');
      expect(String(browser.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(String(browser.headers['content-type'])).toContain('javascript');
      expect(brotliDecompressSync(browser.rawPayload).toString()).toBe(script);
      // named by a hash of their content, the build's assets never change under their name
      expect(browser.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const gzipOnly = await get('/assets/app.js', 'gzip, deflate');
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/app.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      // a client-side route of the web app gets its page
      const page = await get('/calendar', 'gzip, deflate, br, zstd');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      // the page names the build's files: a browser asks again each time, so a new deploy is never half seen
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
