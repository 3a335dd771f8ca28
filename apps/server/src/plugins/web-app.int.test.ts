import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';

/*
 * Decision 047: the server draws the public pages with the web app's server entry (dist-server/entry-server.js beside
 * dist). A stand-in entry here plays the built one, so the test checks the server's side: the document it assembles,
 * the API answers it gets as the visitor would, the status, the compression, and the shell when a render fails.
 */

const template = `<!doctype html>
<html lang="it" data-mantine-color-scheme="light">
  <head>
    <title>Studiolo</title>
    <script type="application/json" id="route-preloads">{"files":["/assets/page-a.js","/assets/page-a.css"],"routes":{"/pagina/:id":{"js":[0],"css":[1],"data":[]},"/agenda":{"js":[0],"css":[],"data":[]}}}</script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// the entry's contract (apps/web/src/entry-server.tsx): renderPage(url, get) → { pattern, status, title, html, data } | null
const entry = `
export const renderPage = async (url, get) => {
  if (url.pathname === '/rotta') throw new Error('render failed');
  const match = /^\\/pagina\\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  const answer = await get(match[1] === 'manca' ? '/booking/nessuno-studio-cosi' : '/config');
  const data = answer.status === 200
    ? [{ key: ['config'], data: answer.body.response }]
    : [{ key: ['x'], error: { status: answer.status, message: answer.body.answer } }];
  return {
    pattern: '/pagina/:id',
    status: answer.status,
    title: 'Pagina "A" & <B> · Studiolo',
    html: '<main><h1>Contenuto</h1></main>',
    data: [...data, { key: ['note'], data: '</script><script>alert(1)</script>' }],
  };
};
`;

let web: TestApp;
let dist = '';
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'studiolo-web-'));
  writeFileSync(path.join(dist, 'index.html'), template);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index.css'), 'main h1{color:teal}.altrove{color:red}');
  writeFileSync(path.join(dist, 'assets', 'page-a.css'), 'main{display:block}.nascosto{display:none}');
  mkdirSync(`${dist}-server`);
  writeFileSync(path.join(`${dist}-server`, 'entry-server.js'), entry);
  web = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-server`, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });
const islandOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    key: string[];
    data?: unknown;
    error?: { status: number; message: string };
  }[];

describe('server-drawn pages (decision 047)', () => {
  it('arrive with their content, title, stylesheets and the data they were drawn with', async () => {
    const res = await get('/pagina/uno');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><main><h1>Contenuto</h1></main></div>');
    expect(res.body).toContain('<title>Pagina &quot;A&quot; &amp; &lt;B&gt; · Studiolo</title>');
    expect(res.body).toContain('<html lang="it" data-server-rendered data-mantine-color-scheme="light">');
    // the rules the page uses inline in the head (critical CSS); the app's and the route's stylesheets preloaded
    // and linked in their place without holding the first paint (media "print", applied by preload-route.js)
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<style>main h1{color:teal}main{display:block}</style>');
    expect(head).not.toMatch(/altrove|nascosto/);
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/index.css">');
    expect(head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index.css" media="print" data-media="all"><link rel="stylesheet" crossorigin href="/assets/page-a.css" media="print" data-media="all">',
    );
    expect(head).toContain('<noscript><link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)?.filter((l) => !l.includes('media="print"'))).toHaveLength(2);
    // the API's own answer to GET /config, as the browser would have had it
    const config = (await web.app.inject({ method: 'GET', url: '/app/api/config' })).json() as { response: unknown };
    expect(islandOf(res.body)[0]).toEqual({ key: ['config'], data: config.response });
  });

  it('never let the data end its island: every < is escaped', async () => {
    const res = await get('/pagina/uno');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(islandOf(res.body).at(-1)).toEqual({ key: ['note'], data: '</script><script>alert(1)</script>' });
    // and no script the browser would run is added: the CSP keeps script-src without 'unsafe-inline'
    expect(res.body.match(/<script(?![^>]*type="application\/json")/g)).toBeNull();
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('answer the API’s status: an unknown page is a 404 with the API’s message', async () => {
    const res = await get('/pagina/manca');
    expect(res.statusCode).toBe(404);
    expect(islandOf(res.body)[0]?.error).toEqual({ status: 404, message: 'Pagina di prenotazione non trovata' });
  });

  it('are compressed as the browser accepts', async () => {
    const br = await get('/pagina/uno', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Contenuto</h1>');
    const gzip = await get('/pagina/uno', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Contenuto</h1>');
  });

  it('name their route’s scripts in the shell of a page the browser draws, so they load with the entry', async () => {
    const res = await get('/agenda', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    const html = gunzipSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/page-a.js"></head>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-data');
  });

  it('count page loads under the address’s global limit, and answer 429 in Italian past it', async () => {
    const limited = await buildTestApp({ WEB_DIST_DIR: dist, RATE_LIMIT_GLOBAL_PER_MINUTE: 3 });
    try {
      const load = (remoteAddress: string) => limited.app.inject({ method: 'GET', url: '/agenda', remoteAddress });
      for (let i = 0; i < 3; i++) expect((await load('203.0.113.7')).statusCode).toBe(200);
      const refused = await load('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body).toMatch(/Troppe richieste|riprova/i);
      // another address is not held back by this one
      expect((await load('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('fall back to the app’s shell for the pages the browser draws, and when a render fails', async () => {
    for (const url of ['/customers', '/rotta']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('page-data');
    }
  });
});
