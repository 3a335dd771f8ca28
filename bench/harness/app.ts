/**
 * The app as an operator runs it, and a client's view of its API: the one place where the bench starts and stops
 * Studiolo servers and databases. Nothing here imports the server's code.
 *
 * - `startApp` spawns `node apps/server/src/server.ts` (what `npm start` runs after its build) with a fresh
 *   DATA_DIR, on PGlite or on a PostgreSQL database (`database: { url }`), and waits for its STUDIOLO_READY line.
 *   `stop()` sends SIGTERM (the server closes PGlite cleanly) and removes the DATA_DIR it made.
 * - `buildApp` runs `node apps/server/scripts/build-db-template.ts` (what `npm run build -w @studiolo/server` runs):
 *   the migrated PGlite template a first start copies.
 * - `apiOf(app)` calls /app/api with the envelope unwrapped; `createOwner` signs a studio owner up as a person
 *   does (sign-up, the link mailed to the local outbox under DATA_DIR/outbox, initial set-up) and returns the token.
 *
 * A scenario that needs a page in the browser (bench/scenarios/first-screen*.ts) can start the same way: `startApp({
 * env: { WEB_DIST_DIR: 'apps/web/dist' } })` serves the built web app beside the API, and `createOwner` gives it a
 * signed-in studio.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codiceFiscaleCheckChar } from '@studiolo/domain/anagrafica';
import { type RunningProcess, repoRoot, rssKbOf, startStudiolo, unlimitedRateLimits } from './process.ts';

export const benchPassword = 'bench-password-0123';

/** Every measured server: no demo seed, warn-level logs, limits that never trigger. */
export const benchServerEnv = (logLevel: 'warn' | 'info' = 'warn'): Record<string, string> => ({
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  LOG_LEVEL: logLevel,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  SDI_SIMULATOR_DELAY_SECONDS: '3600',
  ...unlimitedRateLimits,
});

export type App = Omit<RunningProcess, 'stop'> & {
  dataDir: string;
  database: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL, null on PGlite. */
  databaseUrl: string | null;
  env: Record<string, string>;
  /** SIGTERM (SIGKILL after graceMs); removes the DATA_DIR the app owns unless keepDataDir. */
  stop: (opts?: {
    graceMs?: number;
    keepDataDir?: boolean;
  }) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resident set size of the server process now, in MB (Linux). */
  rssMb: () => number | null;
};

/**
 * Starts Studiolo as `npm start` does. `dataDir` reuses a directory (a restart), left in place on stop unless
 * `ownDataDir`; otherwise a temporary one is made and removed on stop.
 */
export const startApp = async (
  opts: {
    database?: { url: string };
    dataDir?: string;
    ownDataDir?: boolean;
    env?: Record<string, string>;
    nodeArgs?: string[];
    timeoutMs?: number;
  } = {},
): Promise<App> => {
  const owned = !opts.dataDir || opts.ownDataDir === true;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studiolo-bench-app-'));
  const server = await startStudiolo({
    env: {
      ...benchServerEnv(),
      DATA_DIR: dataDir,
      ...(opts.database ? { DATABASE_URL: opts.database.url } : {}),
      ...opts.env,
    },
    timeoutMs: opts.timeoutMs ?? 120_000,
    ...(opts.nodeArgs ? { nodeArgs: opts.nodeArgs } : {}),
  });
  return {
    ...server,
    dataDir,
    database: opts.database ? 'postgres' : 'pglite',
    databaseUrl: opts.database?.url ?? null,
    env: opts.env ?? {},
    rssMb: () => {
      const kb = rssKbOf(server.pid);
      return kb === null ? null : Math.round((kb / 1024) * 10) / 10;
    },
    stop: async ({ graceMs, keepDataDir = false } = {}) => {
      const exit = await server.stop(graceMs);
      if (owned && !keepDataDir) rmSync(dataDir, { recursive: true, force: true });
      return exit;
    },
  };
};

/** Builds the PGlite template as `npm run build -w @studiolo/server` does; resolves with its path. */
export const buildApp = () =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/scripts/build-db-template.ts'], { cwd: repoRoot });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => {
      const file = /: (\S+)\s*$/m.exec(out)?.[1];
      if (code === 0 && file) resolve(file);
      else reject(new Error(`build-db-template failed (${code}): ${out}`));
    });
  });

type Envelope<T> = { code: string; answer?: string; response: T };

export type Api = {
  baseUrl: string;
  /** A JSON call; rejects unless the answer is 2xx. */
  call: <T>(method: string, url: string, body?: unknown, token?: string) => Promise<T>;
  /** A raw fetch under /app/api with the token. */
  fetch: (url: string, init?: RequestInit & { token?: string }) => Promise<Response>;
};

export const apiOf = (app: { baseUrl: string }): Api => {
  const raw = (url: string, init: RequestInit & { token?: string } = {}) => {
    const { token, headers, ...rest } = init;
    return fetch(`${app.baseUrl}/app/api${url}`, {
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string>) },
    });
  };
  return {
    baseUrl: app.baseUrl,
    fetch: raw,
    call: async <T>(method: string, url: string, body?: unknown, token?: string) => {
      const res = await raw(url, {
        method,
        ...(token ? { token } : {}),
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
      return (JSON.parse(text) as Envelope<T>).response;
    },
  };
};

/** The token of the newest `page` link mailed to `email` in the local outbox (quoted-printable undone). */
export const mailedToken = (dataDir: string, email: string, page: string): string => {
  const dir = path.join(dataDir, 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of files) {
    const text = readFileSync(file, 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(text)) continue;
    const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_\\-%]+)`).exec(text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no ${page} link mailed to ${email} in ${dir}`);
};

/** Signs a user up as a person does (the mailed link confirms it) or logs in when it exists; its token. */
export const ensureUser = async (
  app: { baseUrl: string; dataDir: string },
  user: { email: string; password?: string; nome?: string; cognome?: string },
): Promise<string> => {
  const api = apiOf(app);
  const password = user.password ?? benchPassword;
  const login = await api.fetch('/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password }),
  });
  if (login.ok) return ((await login.json()) as Envelope<{ token: string }>).response.token;
  await api.call('POST', '/user/signup', {
    email: user.email,
    password,
    nome: user.nome ?? 'Bench',
    cognome: user.cognome ?? 'Utente',
  });
  const verified = await api.call<{ token: string }>('POST', '/user/verify-email', {
    token: mailedToken(app.dataDir, user.email, 'verificaEmail'),
  });
  return verified.token;
};

/** The studio body of POST /studio/initial-setup (a forfettario physiotherapist in Bologna), `i` varies the name. */
export const studioBody = (i: number) => ({
  studio: {
    tipologiaPersona: 'FISICA',
    nome: 'Chiara',
    cognome: `Bench${i}`,
    sesso: 'D',
    codiceFiscale: 'RSSMRA85T10A562S',
    partitaIva: '01234567897',
    professione: 'Fisioterapista',
    contatti: { email: `studio${i}@example.it`, cellulare: '+39 333 1234567' },
    residenza: { indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bologna', provincia: 'BO' },
    tassazione: { regimeFiscale: 'RF_19' },
  },
});

/** A studio owner past on-boarding, made through the API: its token and studio id. */
export const createOwner = async (
  app: { baseUrl: string; dataDir: string },
  i = 0,
): Promise<{ token: string; email: string; studioId: string }> => {
  const email = `owner${i}.${Date.now()}@bench.example.it`;
  const token = await ensureUser(app, { email, nome: 'Chiara', cognome: `Bench${i}` });
  await apiOf(app).call('POST', '/studio/initial-setup', studioBody(i), token);
  const user = await apiOf(app).call<{ idsStudio: string[] }>('GET', '/user/getUser', undefined, token);
  const studioId = user.idsStudio[0];
  if (!studioId) throw new Error(`${email} has no studio after the initial set-up`);
  return { token, email, studioId };
};

const letters = 'ABCDEFGHILMNOPRSTUVZ';
const monthLetters = 'ABCDEHLMPRST';
/** A valid, distinct fiscal code of a woman for each `i` (six letters from i, a birth date, Rome). */
export const codiceFiscaleOf = (i: number): string => {
  let n = i;
  const name = Array.from({ length: 6 }, () => {
    const c = letters[n % letters.length];
    n = Math.floor(n / letters.length);
    return c;
  }).join('');
  const first15 = `${name}${String(50 + (i % 45)).padStart(2, '0')}${monthLetters[i % 12]}${String(41 + (i % 28))}H501`;
  return first15 + codiceFiscaleCheckChar(first15);
};

/** POST /pazienti's body: a person who can be invoiced (complete address, fiscal code), `i` varies name and code. */
export const patientBody = (i: number) => ({
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: `Paziente${i}`,
    cognome: 'Verdi',
    sesso: 'D',
    codiceFiscale: codiceFiscaleOf(i),
    dataNascita: '12-03-1984',
    comuneNascita: 'Roma',
    provinciaNascita: 'RM',
    nazionalita: 'IT',
  },
  contatti: { cellulare: '+39 347 1234567', telefono: null, email: `paziente${i}@example.it`, pec: null },
  residenza: { indirizzo: 'Via Garibaldi 7', cap: '40121', comune: 'Bologna', provincia: 'BO' },
  datiSanitari: { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: true },
});

/** Uploads one file as the patient page does (multipart, one file a request); the attachment's id. */
export const uploadAttachment = async (
  app: { baseUrl: string },
  token: string,
  pazienteId: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
): Promise<{ id: string; sizeBytes: number; width: number | null; height: number | null }> => {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await apiOf(app).fetch(`/pazienti/${pazienteId}/allegati`, { method: 'POST', body: form, token });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload ${file.name}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as Envelope<{ id: string; sizeBytes: number; width: number | null; height: number | null }>)
    .response;
};
