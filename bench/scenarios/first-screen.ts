/**
 * First screen on a phone (issue 27): for every route of the web app, the time until the page's own content is on a
 * mid-range phone's screen, cold (empty cache) and warm (second visit), under Lighthouse's mobile conditions.
 *
 * Self-contained: starts the app as `npm start` does (a separate process of apps/server/src/server.ts on a temporary
 * DATA_DIR, serving the built web app), makes its dataset through the HTTP API only, and drives Debian's Chromium
 * with Playwright. No import from apps/server/src.
 *
 * Measured per load (an init script in the page):
 *  - contentMs: the later of the last largest-contentful-paint entry and the first frame where the page's h1 is
 *    visible and no "Caricamento…" text is on screen (LCP alone would be the route loader's text), and, for a page
 *    whose h1 comes before its content, the route's own text too (the signing link: its document's title). A page
 *    drawn on the server (decision 047) has its h1 in the HTML: its first frame can be the content;
 *  - jsKb: the JavaScript transferred (resource timing's transferSize) before that moment, requests likewise;
 *  - codeWaits: sequential waits for code before it: the HTML is 1, a script fetched after another script (or the
 *    HTML) had arrived is one more than the deepest such;
 *  - dataStartMs / codeEndMs: when the first API request of the page started and when the last script before the
 *    content arrived (data in parallel with code means dataStartMs well before codeEndMs).
 * Conditions: viewport 412×823, mobile, touch; DevTools protocol throttling 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, CPU 4× slower. Each run is a fresh browser context (empty cache): its first visit is a cold load,
 * then after the network is idle the same route is opened again in that context (warm load). Median of the runs.
 *
 * Usage: build the web app (`npm run build -w @studiolo/web`, or `npx vite build --outDir /tmp/x` from apps/web and
 * WEB_DIST_DIR=/tmp/x), then `BENCH_ONLY=first-screen npm run bench` or `node bench/scenarios/first-screen.ts`.
 * The dataset is one studio made through the API: online booking on (the booking page /prenota/:slug), a consent form
 * sent for signature to a patient (its link, /sign?id=…, is what the patient opens), and only when a signed-in page
 * is asked 500 patients, a week of appointments and 50 invoices.
 * Options: BENCH_FIRST_SCREEN_RUNS (5), BENCH_FIRST_SCREEN_ROUTES (comma-separated routes by their name in the table
 * or their path, the query left out: `/,/signIn,/prenota/:slug,/sign`; default all),
 * BENCH_FIRST_SCREEN_LABEL (the key under which bench/results/first-screen.json keeps this run, default 'latest'),
 * BENCH_FIRST_SCREEN_DEBUG=1 (prints each script fetched after a fourth wait for code, and what asked for it).
 * BENCH_FIRST_SCREEN_COMPARE=<dirA>,<dirB>: two builds compared (e.g. before and after a change), each served by its
 * own app process (own DATA_DIR and studio); a build is drawn on the server when `<dir>-server/entry-server.js` is
 * beside it, else in the browser. Each run measures every route on A and on B one after the other (which goes first
 * alternates), so the machine's load falls on both alike; the table shows both side by side, with the floor of this
 * network (≈ 0.5 s: a connection and the HTML at 150 ms round trip). Kept under `compare-<dir name>` (or
 * `<BENCH_FIRST_SCREEN_LABEL>-<dir name>`). Without it, one build (WEB_DIST_DIR) as above.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import { type BrowserContext, chromium } from 'playwright';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** BENCH_QUICK=1: one run of two routes, written under the temporary directory (checks that it works, no figures). */
const quick = process.env.BENCH_QUICK === '1';
export const firstScreenResultsFile = quick
  ? path.join(tmpdir(), 'studiolo-bench-quick', 'first-screen.json')
  : path.join(repoRoot, 'bench/results/first-screen.json');

/**
 * label: the route's name in the table where its path holds data (the studio's booking slug, a signing link);
 * contentText: text that must be on screen too before the page counts as drawn, where the h1 comes before the page's
 * own content (the signing page's title is drawn at once, the documents to sign once the link's data arrived).
 */
type Route = { path: string; signedIn: boolean; patientFacing?: boolean; label?: string; contentText?: string };
/** What the routes' paths need from the dataset (blank when only the list of routes is asked). */
type RouteData = { invoiceId: string; bookingSlug: string; signPath: string };
const signTemplateTitle = 'Consenso informato';
/** Every route of apps/web/src/app/router.tsx (query parameters filled where the page needs one). */
const allRoutes = ({ invoiceId, bookingSlug, signPath }: RouteData): Route[] => [
  { path: '/', signedIn: false },
  // a real link (the set-up sends one): what a patient opens; /sign without one is only the invalid-link notice
  { path: signPath, signedIn: false, patientFacing: true, label: '/sign?id=…', contentText: signTemplateTitle },
  { path: '/verifica-firma', signedIn: false, patientFacing: true },
  { path: '/prenota', signedIn: false, patientFacing: true },
  { path: `/prenota/${bookingSlug}`, signedIn: false, patientFacing: true, label: '/prenota/:slug' },
  { path: '/signIn', signedIn: false, patientFacing: true },
  { path: '/signUp', signedIn: false, patientFacing: true },
  { path: '/welcome', signedIn: false },
  { path: '/landing-page', signedIn: false },
  { path: '/documenti-legali', signedIn: false },
  { path: '/forgotPassword', signedIn: false },
  { path: '/confirmationPassword', signedIn: false },
  { path: '/verificaEmail', signedIn: false },
  { path: '/resetPassword', signedIn: false },
  { path: '/invito', signedIn: true },
  { path: '/financial-analytics', signedIn: true },
  { path: '/customers', signedIn: true },
  { path: '/impostazioni', signedIn: true },
  { path: '/calendar', signedIn: true },
  { path: '/calendar/settings', signedIn: true },
  { path: '/accounting', signedIn: true },
  { path: '/customers/add', signedIn: true },
  { path: '/accounting/fattura', signedIn: true },
  { path: `/accounting/fattura/pdf?id=${invoiceId}`, signedIn: true },
  { path: '/accounting/proforma', signedIn: true },
  { path: '/modulistica-v2', signedIn: true },
  { path: '/modulistica-v2/form-template-editor', signedIn: true },
  { path: '/billing', signedIn: true },
];

/** A route's name in the table and in BENCH_FIRST_SCREEN_ROUTES. */
const routeName = (r: Route) => r.label ?? (r.path.split('?')[0] as string);
/**
 * BENCH_FIRST_SCREEN_ROUTES: a route is asked by its name or its path, either without the query (so `/sign`,
 * `/sign?id=…` and `/sign?id=...` all ask the signing link; `/prenota/:slug` the studio's booking page).
 */
const routeFilter = (wanted: string[] | undefined) => {
  const bare = (s: string) => s.trim().split('?')[0] as string;
  const asked = wanted?.map(bare);
  return (r: Route) => !asked || asked.includes(bare(routeName(r))) || asked.includes(bare(r.path));
};

const runs = Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? (quick ? 1 : 5));
const throttle = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8, cpuRate: 4 };

// ——— the app, started as `npm start` starts it ———
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address();
      probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

const startApp = async (webDist: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-first-screen-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'false',
      SCRYPT_COST_LOG2: '12',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
      RATE_LIMIT_ACCOUNT_PER_15_MIN: '100000000',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // a bench stopped half-way (Ctrl-C, a closed pipe) leaves no server behind
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const baseUrl = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i > 1800) throw new Error('the server was not ready within 180 s');
    if (
      await fetch(`${baseUrl}/app/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    process.off('exit', orphanGuard);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, stop };
};

// ——— the dataset, through the API ———
const api = async <T>(baseUrl: string, method: string, p: string, body?: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl}/app/api${p}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { response: T }).response;
};

/** The confirmation token mailed to the address (the local outbox, DATA_DIR/outbox/*.eml). */
const mailedToken = (dataDir: string, email: string) => {
  const dir = path.join(dataDir, 'outbox');
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const text = readFileSync(path.join(dir, f), 'latin1').replace(/=\r?\n/g, '');
    if (!text.includes(email)) continue;
    const m = /verificaEmail\?token=3D([A-Za-z0-9_\-%]+)|verificaEmail\?token=([A-Za-z0-9_\-%]+)/.exec(text);
    if (m) return decodeURIComponent(m[1] ?? m[2] ?? '');
  }
  throw new Error(`no confirmation link mailed to ${email}`);
};

const surnames = ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'];
const names = ['Marco', 'Giulia', 'Luca', 'Francesca', 'Andrea', 'Chiara', 'Paolo', 'Sara', 'Matteo', 'Elena'];
const months = 'ABCDEHLMPRST';
/** A fiscal code of the right shape and check character, different for each i (the letters need not match the name). */
const fiscalCode = (i: number) => {
  const letters = (n: number) =>
    Array.from({ length: 3 }, (_, k) => String.fromCharCode(66 + ((Math.floor(n / 21 ** k) % 21) + 0))).join('');
  const first15 = `${letters(i)}${letters(i + 7)}${String(50 + (i % 50)).padStart(2, '0')}${months[i % 12]}${String(1 + (Math.floor(i / 12) % 28)).padStart(2, '0')}H501`;
  return `${first15}${codiceFiscaleCheckChar(first15)}`;
};
const ddmmyyyy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;

/** POST /pazienti's body for the i-th patient (a different name and fiscal code for each i). */
const patientBody = (i: number) => ({
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: names[i % names.length],
    cognome: `${surnames[Math.floor(i / names.length) % surnames.length]}${i >= 100 ? ` ${Math.floor(i / 100)}` : ''}`,
    codiceFiscale: fiscalCode(i),
  },
  contatti: { cellulare: `+39 333 ${String(1000000 + i)}`, email: `paziente${i}@example.it` },
  residenza: { indirizzo: `Via Roma ${i + 1}`, cap: '40121', comune: 'Bologna', provincia: 'BO' },
});

/**
 * A studio with a week of appointments, 500 patients and 50 invoices (registry), and a signing link sent to one more
 * patient (signing), made through the API as the app does.
 */
const makeStudio = async (baseUrl: string, dataDir: string, registry: boolean, signing: boolean) => {
  const email = `titolare.${Date.now()}@example.it`;
  const password = 'una-password-sicura';
  await api(baseUrl, 'POST', '/user/signup', { email, password, nome: 'Giulia', cognome: 'Bianchi' });
  const { token } = await api<{ token: string }>(baseUrl, 'POST', '/user/verify-email', {
    token: mailedToken(dataDir, email),
  });
  await api(
    baseUrl,
    'POST',
    '/studio/initial-setup',
    {
      studio: {
        tipologiaPersona: 'FISICA',
        nome: 'Giulia',
        cognome: 'Bianchi',
        sesso: 'D',
        codiceFiscale: 'RSSMRA85T10A562S',
        partitaIva: '01234567897',
        professione: 'Fisioterapista',
        contatti: { email, cellulare: '+39 333 1234567' },
        residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
        tassazione: { regimeFiscale: 'RF_19' },
      },
    },
    token,
  );
  const patientIds: string[] = [];
  // the registry, the week and the invoices only when a signed-in page is measured (a run of public pages skips them)
  for (let i = 0; i < (registry ? 500 : 0); i++) {
    const p = await api<{ id: string }>(baseUrl, 'POST', '/pazienti', patientBody(i), token);
    patientIds.push(p.id);
  }
  // this week's appointments, Monday to Friday, 8 a day (the calendar opens on the current week)
  const { calendars } = await api<{ calendars: { id: string }[] }>(baseUrl, 'GET', '/calendars', undefined, token);
  const monday = new Date();
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  for (let day = 0; day < (registry ? 5 : 0); day++)
    for (let slot = 0; slot < 8; slot++) {
      const start = new Date(monday);
      start.setDate(monday.getDate() + day);
      start.setHours(9 + slot, 0, 0, 0);
      const pazienteId = patientIds[(day * 8 + slot) % patientIds.length] as string;
      await api(
        baseUrl,
        'POST',
        '/events',
        {
          calendarId: calendars[0]?.id,
          summary: `Seduta ${day * 8 + slot + 1}`,
          start: start.toISOString(),
          end: new Date(start.getTime() + 45 * 60_000).toISOString(),
          pazienteId,
        },
        token,
      );
    }
  // 50 invoices over the last 50 days, in date order (numbering follows dates)
  let invoiceId = '';
  for (let i = 0; i < (registry ? 50 : 0); i++) {
    const d = new Date();
    d.setDate(d.getDate() - 50 + i);
    const doc = await api<{ id: string }>(
      baseUrl,
      'POST',
      '/documento-contabile',
      {
        pazienteId: patientIds[i * 7],
        dataFattura: ddmmyyyy(d),
        prestazione: [
          { descrizione: 'Seduta di fisioterapia', quantita: 1, prezzoPerUnita: 60, codiceIvaId: 4, sconto: 0 },
        ],
        ...(i % 3 === 0 ? {} : { pagata: true, dataIncasso: ddmmyyyy(d) }),
      },
      token,
    );
    invoiceId = doc.id;
  }
  // online booking on (issue 28): one bookable service with the owner's hours on every day, so the studio's booking
  // page shows its services, days and times
  const product = await api<{ id: string }>(
    baseUrl,
    'POST',
    '/products',
    { name: 'Seduta di fisioterapia', price: 50, grossPrice: 50, duration: 45 },
    token,
  );
  const booking = await api<{ settings: { slug: string }; staff: { memberId: string }[] }>(
    baseUrl,
    'GET',
    '/settings/booking',
    undefined,
    token,
  );
  const memberId = booking.staff[0]?.memberId;
  await api(baseUrl, 'PUT', '/settings/booking', { ...booking.settings, enabled: true }, token);
  await api(
    baseUrl,
    'PUT',
    `/settings/booking/services/${product.id}`,
    {
      bookable: true,
      showPrice: true,
      durationMinutes: 45,
      staffMemberIds: [memberId],
      clinicRoomIds: [],
      medicalDeviceIds: [],
    },
    token,
  );
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }));
  await api(baseUrl, 'PUT', `/settings/booking/staff/${memberId}`, { hours, exceptions: [] }, token);
  // a consent form sent for signature to a patient of its own (issue 15): the link the patient's SMS carries (the
  // owner's address was confirmed above, which POST /signature asks)
  let signPath = '/sign';
  if (signing) {
    const patient = await api<{ id: string }>(baseUrl, 'POST', '/pazienti', patientBody(500), token);
    const template = await api<{ id: string }>(
      baseUrl,
      'POST',
      '/form-template',
      { title: signTemplateTitle, content: '<p>Acconsento al trattamento presso {{studio.nome}}.</p>' },
      token,
    );
    const request = await api<{ signUrl: string }>(
      baseUrl,
      'POST',
      '/signature',
      { pazienteId: patient.id, templateIds: [template.id] },
      token,
    );
    const url = new URL(request.signUrl);
    signPath = `${url.pathname}${url.search}`;
  }
  return { token, email, invoiceId, bookingSlug: booking.settings.slug, signPath };
};

// ——— the measure, in the page ———
/**
 * Runs in the page before its scripts: records LCP entries and the first frame with the page's content. It assumes
 * nothing about the first frame: a page drawn on the server (decision 047) has its h1 in the HTML, so its first frame
 * (the first animation frame after the HTML was parsed, i.e. once its stylesheets let it paint) is already the
 * content; a page drawn in the browser gets there after its scripts and data.
 */
const probe = (contentText: string | null) => {
  type Probe = { lcp: number; contentAt: number | null };
  const w = window as unknown as { __firstScreen: Probe };
  w.__firstScreen = { lcp: 0, contentAt: null };
  performance.setResourceTimingBufferSize(1000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__firstScreen.lcp = Math.max(w.__firstScreen.lcp, e.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let scheduled = false;
  const check = (at: number) => {
    scheduled = false;
    if (w.__firstScreen.contentAt !== null) return;
    const h1 = document.querySelector('h1');
    const shown = h1?.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ?? false;
    const text = document.body?.innerText ?? '';
    if (shown && !text.includes('Caricamento') && (contentText === null || text.includes(contentText)))
      w.__firstScreen.contentAt = at;
  };
  const schedule = () => {
    if (scheduled || w.__firstScreen.contentAt !== null) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
};

type Load = {
  contentMs: number | null;
  lcpMs: number;
  jsKb: number;
  requests: number;
  scripts: number;
  codeWaits: number;
  dataStartMs: number | null;
  codeEndMs: number;
};

/** Who asked for each URL (the DevTools protocol's initiator: the document or a script), per browser context. */
const initiators = new WeakMap<BrowserContext, Map<string, string>>();

const measure = async (context: BrowserContext, url: string, first: boolean): Promise<Load> => {
  const page = first ? await context.newPage() : (context.pages()[0] ?? (await context.newPage()));
  if (first) {
    const cdp = await context.newCDPSession(page);
    const askedBy = new Map<string, string>();
    initiators.set(context, askedBy);
    cdp.on('Network.requestWillBeSent', (e) => {
      const by =
        e.initiator.url ?? e.initiator.stack?.callFrames[0]?.url ?? e.initiator.stack?.parent?.callFrames[0]?.url;
      if (by && !askedBy.has(e.request.url)) askedBy.set(e.request.url, by);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latency,
      downloadThroughput: throttle.downloadThroughput,
      uploadThroughput: throttle.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuRate });
  }
  await page.goto(url, { waitUntil: 'commit' });
  const found = await page
    .waitForFunction(
      () => (window as unknown as { __firstScreen?: { contentAt: number | null } }).__firstScreen?.contentAt,
      null,
      {
        polling: 100,
        timeout: 30_000,
      },
    )
    .then(
      () => true,
      () => false,
    );
  await page.waitForTimeout(300); // a last LCP entry painted with the content
  const m = await page.evaluate(() => {
    const p = (window as unknown as { __firstScreen: { lcp: number; contentAt: number | null } }).__firstScreen;
    const content = p.contentAt === null ? null : Math.max(p.lcp, p.contentAt);
    const until = content ?? performance.now();
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (r) => r.startTime <= until,
    );
    const scripts = before.filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname));
    const scriptTimes = scripts.map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd }));
    const data = before.filter((r) => {
      const u = new URL(r.name).pathname;
      return u.startsWith('/app/api/') && !u.endsWith('/config') && !u.endsWith('/health');
    });
    return {
      contentMs: content === null ? null : Math.round(content),
      lcpMs: Math.round(p.lcp),
      jsKb: Math.round(scripts.reduce((s, r) => s + r.transferSize, 0) / 102.4) / 10,
      requests: before.length + 1,
      scripts: scripts.length,
      scriptTimes,
      documentUrl: nav.name,
      documentEnd: nav.responseEnd,
      dataStartMs: data.length ? Math.round(Math.min(...data.map((r) => r.startTime))) : null,
      codeEndMs: Math.round(Math.max(0, ...scripts.map((r) => r.responseEnd))),
    };
  });
  // sequential waits for code: the HTML is 1, a script one more than what asked for it (its initiator); a script whose
  // initiator is unknown waits one more than the deepest script that had arrived when it started
  const askedBy = initiators.get(context) ?? new Map<string, string>();
  const depth = new Map<string, number>([[m.documentUrl, 1]]);
  const arrived: { end: number; depth: number }[] = [{ end: m.documentEnd, depth: 1 }];
  for (const s of [...m.scriptTimes].sort((a, b) => a.start - b.start)) {
    const by = askedBy.get(s.name);
    const d =
      by !== undefined && depth.has(by)
        ? (depth.get(by) as number) + 1
        : 1 + Math.max(...arrived.filter((a) => a.end <= s.start).map((a) => a.depth), 0);
    depth.set(s.name, d);
    arrived.push({ end: s.end, depth: d });
  }
  if (process.env.BENCH_FIRST_SCREEN_DEBUG === '1')
    for (const [url, d] of depth)
      if (d > 3) console.log(`    code wait ${d}: ${url} (asked by ${askedBy.get(url) ?? '?'})`);
  const { scriptTimes: _s, documentUrl: _u, documentEnd: _e, ...figures } = m;
  return { ...figures, contentMs: found ? m.contentMs : null, codeWaits: Math.max(1, ...depth.values()) };
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
};

const summarise = (loads: Load[]) => {
  const shown = loads.filter((l) => l.contentMs !== null);
  const med = (k: keyof Load) => median(shown.map((l) => l[k] as number).filter((v) => v !== null));
  return {
    contentMs: shown.length === loads.length ? med('contentMs') : null,
    notShown: loads.length - shown.length,
    lcpMs: med('lcpMs'),
    jsKb: med('jsKb'),
    requests: med('requests'),
    scripts: med('scripts'),
    codeWaits: med('codeWaits'),
    dataStartMs: med('dataStartMs'),
    codeEndMs: med('codeEndMs'),
    runsMs: loads.map((l) => l.contentMs),
  };
};

type Log = (line: string) => void;
type Studio = Awaited<ReturnType<typeof makeStudio>>;
type App = Awaited<ReturnType<typeof startApp>>;

const launchBrowser = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** The built web app in `dir` (its index.html), and whether its server entry is beside it (`<dir>-server`). */
const webBuild = (dir: string) => {
  const webDist = path.resolve(dir);
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no built web app in ${webDist}: run npm run build -w @studiolo/web (or set WEB_DIST_DIR)`);
  return { webDist, serverRendered: existsSync(`${webDist.replace(/[\\/]+$/, '')}-server/entry-server.js`) };
};

const wantedRoutes = () =>
  routeFilter((process.env.BENCH_FIRST_SCREEN_ROUTES ?? (quick ? '/signIn,/customers' : undefined))?.split(','));

/** The studio the asked routes need: the registry only for a signed-in page, the signing link only for its page. */
const studioFor = (app: App, isWanted: (r: Route) => boolean) => {
  const listed = allRoutes({ invoiceId: '', bookingSlug: '', signPath: '/sign?id=' }).filter(isWanted);
  return makeStudio(
    app.baseUrl,
    app.dataDir,
    listed.some((r) => r.signedIn),
    listed.some((r) => r.label === '/sign?id=…'),
  );
};

/** One run of a route: a fresh browser context (empty cache), its cold load, then the warm one. */
const measureRun = async (
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  app: App,
  studio: Studio,
  route: Route,
): Promise<{ cold: Load; warm: Load }> => {
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });
  if (route.signedIn)
    await context.addInitScript(
      ([token, username]) => localStorage.setItem('studiolo.user', JSON.stringify({ token, username })),
      [studio.token, studio.email] as const,
    );
  await context.addInitScript(probe, route.contentText ?? null);
  try {
    const cold = await measure(context, route.path, true);
    // the first visit ends (prefetches, service worker) before the person comes back
    await context
      .pages()[0]
      ?.waitForLoadState('networkidle', { timeout: 15_000 })
      .catch(() => undefined);
    await context.pages()[0]?.waitForTimeout(1000);
    await context.pages()[0]?.goto('about:blank');
    const warm = await measure(context, route.path, false);
    return { cold, warm };
  } finally {
    await context.close();
  }
};

const rowOf = (route: Route, cold: Load[], warm: Load[]) => ({
  route: routeName(route),
  signedIn: route.signedIn,
  targetColdMs: route.signedIn ? 2500 : route.patientFacing ? 2000 : 2500,
  cold: summarise(cold),
  warm: summarise(warm),
});
type Row = ReturnType<typeof rowOf>;

const rowLine = (row: Row) => {
  const c = row.cold;
  const w = row.warm;
  return `  ${String(row.route).padEnd(36)} cold ${c.contentMs ?? '—'} ms (LCP ${c.lcpMs}, ${c.jsKb} kB JS, ${c.requests} req, ${c.codeWaits} code waits, data at ${c.dataStartMs ?? '—'} / code until ${c.codeEndMs})  warm ${w.contentMs ?? '—'} ms (${w.jsKb} kB JS, ${w.requests} req)`;
};

/** The record of one build's figures in bench/results/first-screen.json. */
const resultOf = (
  webDist: string,
  table: Row[],
  loadAverageAtStart: number[],
  extra: Record<string, unknown> = {},
) => ({
  date: new Date().toISOString(),
  commit: (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })(),
  webDist,
  ...extra,
  runs,
  conditions: {
    viewport: '412x823, mobile, touch, DPR 1.75',
    roundTripMs: throttle.latency,
    downKbitS: 1600,
    upKbitS: 750,
    cpuSlowdown: throttle.cpuRate,
  },
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  loadAverageAtStart,
  loadAverageAtEnd: loadavg().map((v) => Math.round(v * 100) / 100),
  note: 'Median of the runs; a shared machine (other engineers run tests on the same 2 cores), so figures are noisy: see the load averages.',
  routes: table,
  targetsMet: {
    cold: table.every((r) => r.cold.contentMs !== null && r.cold.contentMs < r.targetColdMs),
    warmUnder1s: table.every((r) => r.warm.contentMs !== null && r.warm.contentMs < 1000),
    atMost3CodeWaits: table.every((r) => (r.cold.codeWaits ?? 99) <= 3),
  },
});

/** Keeps `entries` (label → result) in the results file beside the labels already there. */
const saveResults = (entries: Record<string, unknown>) => {
  const previous = existsSync(firstScreenResultsFile)
    ? (JSON.parse(readFileSync(firstScreenResultsFile, 'utf8')) as Record<string, unknown>)
    : {};
  mkdirSync(path.dirname(firstScreenResultsFile), { recursive: true });
  writeFileSync(firstScreenResultsFile, `${JSON.stringify({ ...previous, ...entries }, null, 2)}\n`);
};

/** One build (WEB_DIST_DIR, default apps/web/dist): every asked route `runs` times, one after the other. */
const runSingle = async (log: Log) => {
  const { webDist } = webBuild(process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
  const loadAverageAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
  const app = await startApp(webDist);
  const browser = await launchBrowser();
  try {
    log(
      '  first-screen: a studio (with 500 patients, a week of appointments and 50 invoices for the signed-in pages) …',
    );
    const isWanted = wantedRoutes();
    const studio = await studioFor(app, isWanted);
    const routes = allRoutes(studio).filter(isWanted);
    const table: Row[] = [];
    for (const route of routes) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await measureRun(browser, app, studio, route);
        cold.push(run.cold);
        warm.push(run.warm);
      }
      const row = rowOf(route, cold, warm);
      table.push(row);
      log(rowLine(row));
    }
    const result = resultOf(webDist, table, loadAverageAtStart);
    saveResults({ [process.env.BENCH_FIRST_SCREEN_LABEL ?? 'latest']: result });
    return result;
  } finally {
    await browser.close();
    await app.stop();
  }
};

/** The least a page can take on this network: one connection and its HTML (what a server-drawn page approaches). */
const floorLine = 'floor ≈ 0.5 s (connection + HTML at 150 ms RTT, 1.6 Mbit/s)';

/**
 * BENCH_FIRST_SCREEN_COMPARE=<dirA>,<dirB>: two builds, one app server each (its own DATA_DIR and studio), measured
 * in turn: for each run, every route on A and on B one after the other (B first on odd runs), so the machine's load
 * as it drifts falls on both alike. Each build's figures are kept under `<label>-<its directory's name>` (label
 * BENCH_FIRST_SCREEN_LABEL, default 'compare').
 */
const runCompare = async (dirs: string[], log: Log) => {
  if (dirs.length !== 2) throw new Error('BENCH_FIRST_SCREEN_COMPARE takes two directories: <dirA>,<dirB>');
  const builds = dirs.map((d) => webBuild(d));
  const prefix = process.env.BENCH_FIRST_SCREEN_LABEL ?? 'compare';
  const dirNames = builds.map((b) => path.basename(b.webDist));
  const labels =
    dirNames[0] === dirNames[1]
      ? dirNames.map((n, i) => `${prefix}-${n}-${'ab'[i]}`)
      : dirNames.map((n) => `${prefix}-${n}`);
  const loadAverageAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
  const apps: App[] = [];
  const browser = await launchBrowser();
  try {
    for (const b of builds) apps.push(await startApp(b.webDist));
    const isWanted = wantedRoutes();
    log(
      `  first-screen: comparing ${builds.map((b, i) => `${labels[i]} (${b.webDist}, ${b.serverRendered ? 'server-rendered' : 'client-rendered'})`).join(' and ')}; a studio on each …`,
    );
    const studios: Studio[] = [];
    for (const app of apps) studios.push(await studioFor(app, isWanted));
    const routesOf = studios.map((s) => allRoutes(s).filter(isWanted));
    const routes = routesOf[0] as Route[];
    const loads = builds.map(() => routes.map(() => ({ cold: [] as Load[], warm: [] as Load[] })));
    for (let i = 0; i < runs; i++) {
      log(`  run ${i + 1} of ${runs} (load average ${loadavg()[0]?.toFixed(2)})`);
      for (const [r, route] of routes.entries()) {
        const figures: string[] = [];
        for (const b of i % 2 === 0 ? [0, 1] : [1, 0]) {
          const run = await measureRun(
            browser,
            apps[b] as App,
            studios[b] as Studio,
            (routesOf[b] as Route[])[r] as Route,
          );
          const kept = (loads[b] as { cold: Load[]; warm: Load[] }[])[r] as { cold: Load[]; warm: Load[] };
          kept.cold.push(run.cold);
          kept.warm.push(run.warm);
          figures[b] = `${labels[b]} ${run.cold.contentMs ?? '—'} / ${run.warm.contentMs ?? '—'} ms`;
        }
        log(`    ${routeName(route).padEnd(20)} cold / warm: ${figures.join(',  ')}`);
      }
    }
    const tables = builds.map((_, b) =>
      routes.map((route, r) => {
        const kept = (loads[b] as { cold: Load[]; warm: Load[] }[])[r] as { cold: Load[]; warm: Load[] };
        return rowOf(route, kept.cold, kept.warm);
      }),
    );
    const [a, b] = tables as [Row[], Row[]];
    const ms = (v: number | null) => (v === null ? '—' : `${v} ms`).padStart(9);
    log('');
    log(`  median contentMs of ${runs} runs: A = ${labels[0]}, B = ${labels[1]}`);
    log(`  ${floorLine}`);
    log(
      `  ${'route'.padEnd(20)} ${'cold A'.padStart(9)} ${'cold B'.padStart(9)}   ${'warm A'.padStart(9)} ${'warm B'.padStart(9)}`,
    );
    for (const [r, row] of a.entries()) {
      const other = b[r] as Row;
      log(
        `  ${String(row.route).padEnd(20)} ${ms(row.cold.contentMs)} ${ms(other.cold.contentMs)}   ${ms(row.warm.contentMs)} ${ms(other.warm.contentMs)}`,
      );
    }
    log('');
    for (const [i, table] of tables.entries()) {
      log(`  ${labels[i]}:`);
      for (const row of table) log(rowLine(row));
    }
    const results = builds.map((build, i) =>
      resultOf(build.webDist, tables[i] as Row[], loadAverageAtStart, {
        serverRendered: build.serverRendered,
        comparedWith: labels[1 - i],
        comparison: `measured in turn with ${labels[1 - i]}: each run, every route on both builds one after the other (alternating which goes first); ${floorLine}`,
      }),
    );
    saveResults(Object.fromEntries(results.map((result, i) => [labels[i], result])));
    return { results, targetsMet: Object.fromEntries(results.map((result, i) => [labels[i], result.targetsMet])) };
  } finally {
    await browser.close();
    for (const app of apps) await app.stop();
  }
};

export const runFirstScreen = async ({ log = console.log }: { log?: Log } = {}) => {
  const compare = process.env.BENCH_FIRST_SCREEN_COMPARE;
  return compare ? runCompare(compare.split(','), log) : runSingle(log);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await runFirstScreen();
  console.log(`  targets: ${JSON.stringify(r.targetsMet)}`);
}
