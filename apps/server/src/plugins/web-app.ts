import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { supportEmailAddress, tooManyRequestsMessage } from '@studiolo/domain/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { bookingFrameAncestors, withFrameAncestors } from '../features/booking/booking-page.ts';
import { createCriticalCss } from './critical-css.ts';

/** What dist-server/entry-server.js exports (apps/web/src/entry-server.tsx; a build output, so typed here). */
type RenderedPage = {
  pattern: string;
  status: number;
  title: string;
  html: string;
  data: unknown[];
};
type ServerEntry = {
  renderPage: (
    url: URL,
    get: (path: string) => Promise<{ status: number; body: unknown }>,
  ) => Promise<RenderedPage | null>;
};

/** The build's route table in index.html (apps/web/vite.config.ts): each route's scripts and stylesheets. */
type RouteTable = { files: string[]; routes: Record<string, { js: number[]; css?: number[] }> };

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JSON inside a data island: `<` escaped, so no `</script>` can end it early. */
const islandJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The public pages drawn on the server (decision 047), when the web app's server entry was built beside dist
 * (`dist-server/`, or `<WEB_DIST_DIR>-server`): their HTML arrives with its content, the data it was drawn with in a
 * JSON island, and the page hydrates. Without the entry (a dev server, the API tests) every page is the empty shell
 * the browser draws, as before.
 */
const createPageRenderer = async (dist: string, template: string, table: RouteTable) => {
  const entryFile = `${dist.replace(/[\\/]+$/, '')}-server/entry-server.js`;
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const apiPrefix = '/app/api';

  const criticalCss = createCriticalCss(dist);
  const stylesheetLink = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g;

  const documentOf = async (page: RenderedPage) => {
    const routeCss = (table.routes[page.pattern]?.css ?? [])
      .map((i) => `<link rel="stylesheet" crossorigin href="${table.files[i]}">`)
      .join('');
    const linked = template
      .replace('<html lang="it"', '<html lang="it" data-server-rendered')
      .replace('<title>Studiolo</title>', `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', `${routeCss}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${page.html}</div><script type="application/json" id="page-data">${islandJson(page.data)}</script>`,
      );
    const critical = await criticalCss(linked);
    if (!critical) return linked;
    // The rules the page uses inline; the stylesheets fetched at once without holding the first paint (media
    // "print" until public/preload-route.js applies them), in their place in the head so the cascade stays as
    // before (Mantine's theme variables, drawn in the body, come after them); without a script, as they were.
    const hrefs = [...linked.matchAll(stylesheetLink)].map(([, href]) => href);
    const preloads = hrefs.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`).join('');
    const deferred = hrefs
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}" media="print" data-media="all">`)
      .join('');
    const plain = hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    return linked
      .replace(stylesheetLink, '')
      .replace('</head>', `${preloads}<style>${critical}</style>${deferred}<noscript>${plain}</noscript></head>`);
  };

  /** The page's document, or null for a page the browser draws (or a render that failed: logged, then the shell). */
  return async (req: FastifyRequest): Promise<{ status: number; html: string } | null> => {
    const url = new URL(req.url, 'http://studiolo.invalid');
    try {
      // the API answers the page's GETs as it would answer the browser: same routes, rules and rate limits (the
      // visitor's address), so the HTML carries nothing the JSON API would not give this visitor
      const page = await entry.renderPage(url, async (apiPath) => {
        const answer = await req.server.inject({
          method: 'GET',
          url: `${apiPrefix}${apiPath}`,
          headers: { accept: 'application/json' },
          remoteAddress: req.ip,
        });
        return { status: answer.statusCode, body: answer.json() as unknown };
      });
      return page ? { status: page.status, html: await documentOf(page) } : null;
    } catch (err) {
      req.log.error({ err, path: url.pathname }, 'server render failed');
      return null;
    }
  };
};

const routeTableOf = (template: string): RouteTable => {
  const island = /<script type="application\/json" id="route-preloads">(.*?)<\/script>/s.exec(template)?.[1];
  return JSON.parse(island ?? '{"files":[],"routes":{}}') as RouteTable;
};

/** The table's route of a path: itself, or the pattern it fills (`/prenota/:slug`), as preload-route.js matches. */
const routeOf = (table: RouteTable, pathname: string) => {
  const here = pathname.replace(/\/+$/, '') || '/';
  if (table.routes[here]) return table.routes[here];
  const got = here.split('/');
  for (const [pattern, route] of Object.entries(table.routes)) {
    const want = pattern.split('/');
    if (pattern.includes(':') && want.length === got.length && want.every((w, i) => w.startsWith(':') || w === got[i]))
      return route;
  }
  return null;
};

/** Brotli or gzip as the browser accepts (the static files have their own precompressed copies). */
const compressed = (req: FastifyRequest, reply: FastifyReply, html: string) => {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepts)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html, { level: 6 });
  }
  return html;
};

export type WebPages = {
  /** Answers a page of the web app: drawn on the server when it is a public page, else the app's shell. */
  send: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
};

/** Serves the built web app on the same port: its files, and every page path (decision 047 for the public ones). */
export const registerWebApp = async (app: FastifyInstance, dist: string, deps: AppDeps): Promise<WebPages> => {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const table = routeTableOf(template);
  const render = await createPageRenderer(dist, template, table);
  /**
   * A page the browser draws (the signed-in app) names its route's scripts in its own HTML, so the browser asks for
   * them with the entry, on connections opened at once, instead of after preload-route.js has arrived and run (one
   * round trip later on a phone). preload-route.js still asks the page's data, which needs the session it keeps.
   */
  const shellOf = (pathname: string) => {
    const route = routeOf(table, pathname);
    const links = (route?.js ?? [])
      .map((i) => `<link rel="modulepreload" crossorigin href="${table.files[i]}">`)
      .join('');
    return links ? template.replace('</head>', `${links}</head>`) : null;
  };
  // preCompressed: the build's .br and .gz copies go to browsers that take them (apps/web/scripts/precompress.ts)
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
    preCompressed: true,
    // SECURITY: a source map left in dist by an older build is still never sent (issue 25 item 9): 404
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    // Vite names every file under assets/ by a hash of its content: a new build makes new names, so these never change
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(path.join(dist, 'assets', path.sep)))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  // SECURITY: drawing a page costs the server 5–8 ms of CPU, so page loads count under each address's global limit as
  // API requests do (the plugin's global hook leaves every non-API path alone: the build's files are many per load)
  const pageLimit = render ? app.createRateLimit({ allowList: () => false }) : null;

  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    // never kept without asking: after a deploy it must name the new build's files, and a page's free times change
    reply.header('cache-control', 'no-cache');
    const limit = pageLimit ? await pageLimit(req) : null;
    if (limit && !limit.isAllowed && limit.isExceeded) {
      const minutes = Math.max(1, Math.ceil(limit.ttl / 60_000));
      return reply
        .status(429)
        .header('retry-after', String(limit.ttlInSeconds))
        .type('text/plain; charset=utf-8')
        .send(tooManyRequestsMessage(minutes, supportEmailAddress));
    }
    const page = render ? await render(req) : null;
    if (!page) {
      const shell = shellOf(new URL(req.url, 'http://studiolo.invalid').pathname);
      if (!shell) return reply.sendFile('index.html', { cacheControl: false });
      return reply.type('text/html; charset=utf-8').send(compressed(req, reply, shell));
    }
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .send(compressed(req, reply, page.html));
  };

  // The public booking page may be embedded by the studio's own websites (decision 035): its page alone carries
  // frame-ancestors from the studio's setting; every other page keeps 'none' (the CSP in app.ts).
  app.get<{ Params: { slug: string } }>('/prenota/:slug', async (req, reply) => {
    const origins = await bookingFrameAncestors(deps, req.params.slug);
    if (origins.length > 0) {
      reply.header(
        'content-security-policy',
        withFrameAncestors(String(reply.getHeader('content-security-policy')), origins),
      );
      // frame-ancestors supersedes it in browsers that know CSP; the others would refuse the frame with it
      reply.removeHeader('x-frame-options');
    }
    return send(req, reply);
  });
  return { send };
};
