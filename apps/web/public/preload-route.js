// @ts-check
/**
 * The page's first script (written into index.html by the build, async, no imports): as soon as the HTML arrives it
 * asks for everything the path's first screen needs at once — the code of its layout and page (modulepreload) and,
 * when signed in, the shell's data — instead of the entry discovering the route's code and the page then asking its
 * data, one round trip after another on a phone (issue 27, decision 027). The table is the build's
 * (vite.config.ts, from src/app/route-preloads.ts); src/lib/early-requests.ts hands the data answers to the first
 * matching request of the app. Plain JavaScript in public/: the entry's chunk must not hold it.
 */
(() => {
  // a page drawn on the server holds its stylesheets back (media "print") until now, so they never delay its first
  // paint (decision 047); the links may still be arriving when this runs
  const applyStylesheets = () => {
    for (const link of document.querySelectorAll('link[data-media]')) {
      if (link instanceof HTMLLinkElement) link.media = link.dataset.media ?? 'all';
    }
  };
  applyStylesheets();
  document.addEventListener('DOMContentLoaded', applyStylesheets);
  const island = document.getElementById('route-preloads');
  /** @type {{ files: string[], routes: Record<string, { js: number[], data: string[], public?: boolean }> }} */
  const table = JSON.parse(island?.textContent || '{"files":[],"routes":{}}');
  const here = location.pathname.replace(/\/+$/, '') || '/';
  /** @type {Record<string, string>} */
  const params = {};
  /** A route's pattern (`/prenota/:slug`) against this path: its parameters, or null. */
  const match = (/** @type {string} */ route) => {
    const want = route.split('/');
    const got = here.split('/');
    if (want.length !== got.length) return null;
    /** @type {Record<string, string>} */
    const found = {};
    for (let i = 0; i < want.length; i++) {
      const w = want[i] ?? '';
      if (w.startsWith(':')) found[w] = got[i] ?? '';
      else if (w !== got[i]) return null;
    }
    return found;
  };
  let wanted = table.routes[here];
  if (!wanted)
    for (const route of Object.keys(table.routes)) {
      const found = route.includes(':') && match(route);
      if (found) {
        wanted = table.routes[route];
        Object.assign(params, found);
        break;
      }
    }
  if (!wanted) return;
  for (const index of wanted.js) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = table.files[index] ?? '';
    document.head.append(link);
  }
  let token = null;
  try {
    // the keys of src/lib/session.ts; support mode adds its own headers, so the app asks for itself then
    const stored = JSON.parse(localStorage.getItem('studiolo.user') ?? 'null');
    if (typeof stored?.token === 'string' && !sessionStorage.getItem('studiolo.support')) token = stored.token;
  } catch {
    token = null;
  }
  // a page drawn on the server carries its data (decision 047); a signed-in page's data needs the token; a public
  // page's is asked as the app asks it (with the token if stored)
  if (document.documentElement.hasAttribute('data-server-rendered')) return;
  if (wanted.data.length === 0 || (!token && !wanted.public)) return;
  const authorization = token ? `Bearer ${token}` : undefined;
  /** @type {Record<string, { authorization: string | undefined, response: Promise<Response> }>} */
  const early = {};
  for (const pattern of wanted.data) {
    const path = pattern.replace(/:[A-Za-z]+/g, (name) => params[name] ?? '');
    const url = `/app/api${path}`;
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json' };
    if (authorization) headers.Authorization = authorization;
    const response = fetch(url, { headers });
    // a failure is the app's to report when it takes the answer; never an unhandled rejection here
    response.catch(() => undefined);
    early[url] = { authorization, response };
  }
  Object.assign(window, { __studioloEarly: early });
})();
