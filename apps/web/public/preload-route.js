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
  const island = document.getElementById('route-preloads');
  /** @type {{ files: string[], routes: Record<string, { js: number[], data: string[] }> }} */
  const table = JSON.parse(island?.textContent || '{"files":[],"routes":{}}');
  const wanted = table.routes[location.pathname.replace(/\/+$/, '') || '/'];
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
  if (!token || wanted.data.length === 0) return;
  const authorization = `Bearer ${token}`;
  /** @type {Record<string, { authorization: string, response: Promise<Response> }>} */
  const early = {};
  for (const path of wanted.data) {
    const url = `/app/api${path}`;
    const response = fetch(url, { headers: { Accept: 'application/json', Authorization: authorization } });
    // a failure is the app's to report when it takes the answer; never an unhandled rejection here
    response.catch(() => undefined);
    early[url] = { authorization, response };
  }
  Object.assign(window, { __studioloEarly: early });
})();
