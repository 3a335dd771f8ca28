/**
 * The patients feature under a studio-sized registry (issue targets): GET /v2/pazienti with a 3-letter search
 * at p95 < 20 ms and within 2× the same search called directly in the same process, at 20 concurrent connections;
 * the registry export streamed with flat memory (peak RSS growth < 100 MB). 100,000 patients on PostgreSQL,
 * 10,000 on PGlite.
 *
 * The server runs in this process (createDatabase → createDeps → buildApp → listen, as server.ts does), so the
 * direct side (the auth context the auth hook reads on every request, then `searchPatients(deps, ctx, query)` of
 * patients.service.ts: the very queries and row mapping the route runs, minus HTTP) uses the same database handle and pool. The HTTP client runs in a worker thread, off the
 * server's event loop. Two sets of words: common ones (thousands of matches on 100,000 patients: the service
 * answers "1000+" and pages along the name index) and rare ones (under 1,000 matches: counted exactly, sorted in
 * the process, the page loaded by id), so both paths of the service are measured.
 *
 * Part `patients` of `npm run bench` (BENCH_ONLY=patients); writes bench/results/patients.json.
 * Options: BENCH_PATIENTS_PG (100000)  BENCH_PATIENTS_PGLITE (10000)  BENCH_DURATION_S (10)
 *          BENCH_PATIENTS_CONNECTIONS (20)  BENCH_PATIENTS_DATABASES (postgres,pglite)
 *          BENCH_PATIENTS_PROFILE (1; 0 leaves out the CPU profile of the server under each search load)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { PatientData } from '@studiolo/domain/patients';
import { normalizeSearchText, patientInputSchema, patientSearchQuerySchema } from '@studiolo/domain/patients';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { patients } from '../../apps/server/src/db/schema/index.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { createPatientSearchCache } from '../../apps/server/src/features/patients/patient-search-cache.ts';
import { buildPatientSearchIndex } from '../../apps/server/src/features/patients/patient-search-index.ts';
import {
  type PatientColumns,
  patientsRepository,
} from '../../apps/server/src/features/patients/patients.repository.ts';
import { searchPatients, toColumns } from '../../apps/server/src/features/patients/patients.service.ts';
import { noRequestMeta } from '../../apps/server/src/shared/request-meta.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { ensureUser } from '../harness/app.ts';
import { closedLoop, type LatencyFigures } from '../harness/closed-loop.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { unlimitedRateLimits } from '../harness/process.ts';
import { generatePatients, personalCodiceFiscale } from './patients-dataset.ts';
import type { SearchWorkerInput } from './patients-search-worker.ts';
import { summariseProfile } from './profile.ts';

export const patientsResultsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'results',
  'patients.json',
);

/**
 * Realistic 3-letter prefixes and infixes of the commonest surnames (they also hit first names and e-mails):
 * 2,400–14,000 matches each among 100,000 patients (the service's "more than 1,000" path), 230–1,400 among 10,000.
 */
export const searchWords = ['ros', 'bia', 'esp', 'fer', 'ric', 'mar', 'gre', 'col', 'rom', 'gal'] as const;
/**
 * Prefixes of rarer surnames (Falcone, Zucca, Fadda, Motta, Cirillo, Piras, Pagano, Fiore, Lanza, Vitale), chosen
 * from the generated registry to match under 1,000 patients each, from about 100 to about 950 among 100,000 (the
 * service's exact-count path: every match read, sorted in the process, the page loaded by id); 8–85 among 10,000.
 */
export const rareSearchWords = ['fal', 'zuc', 'fad', 'mot', 'cir', 'pir', 'pag', 'fio', 'lan', 'vit'] as const;
/** Explained: one word with many matches, one with few (under 100 among 100,000 patients). */
export const explainWords = { many: 'ros', few: 'fal' } as const;
/** Concurrent connections (and direct workers) of the search load: the issue's 20. */
export const patientsConnections = Number(process.env.BENCH_PATIENTS_CONNECTIONS ?? 20);
export const targets = { httpP95Ms: 20, httpOverDirectP95: 2, exportRssGrowthMb: 100 } as const;
const pageSize = 25;
/** A CPU profile of the server's main thread under each search load (BENCH_PATIENTS_PROFILE=0 leaves it out). */
const profileWanted = process.env.BENCH_PATIENTS_PROFILE !== '0';

export type ExportRun = {
  status: number;
  /** CSV lines received: the header plus one per patient. */
  lines: number;
  expectedLines: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rowsPerSec: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  rssAfterMb: number;
  /** RSS when that share of the rows had arrived. */
  rssAtProgressMb: Record<string, number | null>;
  heapUsedBeforeMb: number;
  heapUsedPeakMb: number;
  samples: number;
};

export type ExplainedQuery = { sql: string; params: unknown[]; plan: string };
export type KeysetWalk = { rows: number; batches: number; seconds: number };

/** What the process, its main thread and PostgreSQL spent while a load ran, each in % of one core. */
export type ResourceFigures = {
  /** process.cpuUsage: every thread of this process (server, HTTP client worker, GC, PGlite's WASM). */
  processCpuPercent: number;
  /** The main thread alone (the server's event loop: Fastify, the driver, Drizzle, JSON), from /proc. */
  mainThreadCpuPercent: number | null;
  /** performance.eventLoopUtilization of the main thread: the share of time it was not idle. */
  eventLoopUtilization: number;
  /** The backends of the bench database (PostgreSQL on this machine only; null on PGlite or when not visible). */
  postgresCpuPercent: number | null;
  /** The whole machine (every process, both cores): from /proc/stat. */
  machineCpuPercent: number | null;
};

export type MainThreadProfile = ReturnType<typeof summariseProfile> & {
  note: string;
  /** The profiled run's own figures (the profiler's sampling slows it a little). */
  figuresWhileProfiled: LatencyFigures;
};

/** What the search answers for a word: its totalElements. */
export type SearchMatches = number;

export type SearchLoad = {
  words: readonly string[];
  /** What the service answers per word, and the exact count (count(*) with the same filter) for the record. */
  matchesPerWord: Record<string, { answered: SearchMatches; exact: number }>;
  http: LatencyFigures & ResourceFigures & { serverEventLoop: EventLoopFigures };
  direct: LatencyFigures & ResourceFigures;
  /** HTTP p95 / direct p95. */
  p95Ratio: number;
  p50Ratio: number;
  /** Concurrency 1: service time without queueing. */
  oneAtATime: { http: LatencyFigures; direct: LatencyFigures };
  /** A further HTTP run under a CPU profile of the main thread (the server's event loop): self time by area. */
  mainThreadProfile: MainThreadProfile | null;
  targets: {
    httpP95UnderMs: number;
    httpP95Met: boolean;
    httpFailedRequests: number;
    maxRatio: number;
    ratioMet: boolean;
  };
};

/**
 * The common words' load (direct and HTTP, same concurrency and duration) with no page's patients held: every
 * page read from the database by id. Informative, not a target.
 */
export type RowsNotHeldLoad = {
  note: string;
  words: readonly string[];
  /** The search cache's maxRows during this load (deps.ts keeps 20,000). */
  maxRows: number;
  http: LatencyFigures & ResourceFigures & { serverEventLoop: EventLoopFigures };
  direct: LatencyFigures & ResourceFigures;
  /** HTTP p95 / direct p95. */
  p95Ratio: number;
};

/** Every query one searchPatients call sends, explained with its own parameters. */
export type ExplainedSearch = { word: string; matches: SearchMatches; queries: ExplainedQuery[] };
/** The queries one GET /v2/pazienti sends: the service's, and the route's own (authentication), explained. */
export type HttpRequestQueries = { word: string; total: number; service: number; others: ExplainedQuery[] };

export type PatientsDatabaseResult = {
  database: 'postgres' | 'pglite';
  serverVersion: string;
  dataset: {
    patients: number;
    otherStudios: number;
    otherStudiosPatients: number;
    rowsInTable: number;
    insertBatch: number;
    generateSeconds: number;
    insertSeconds: number;
    /** Dropped before the bulk insert and re-created after it, from these definitions. */
    ginIndexes: string[];
    ginIndexSeconds: number;
    analyzeSeconds: number;
    loadSeconds: number;
    insertRowsPerSec: number;
    /** The bench's column mapping matched a patient created through POST /pazienti, column by column. */
    mappingCheckedAgainstApi: boolean;
    /** The database's collation (sort_name order, which the in-memory index takes as it is read). */
    collation: string;
  };
  /** One studio's in-memory search index (decision 015): reading its patients, building it, the heap it holds. */
  searchIndex: {
    patients: number;
    readMs: number;
    buildMs: number;
    heapMb: number;
    typedArraysMb: number;
    /** One patient changed: the logged change taken; 2,000 in one statement: not logged, the studio read again. */
    firstSearchAfterWrite: { onePatientMs: number; bulkOf2000PatientsMs: number };
  };
  search: {
    pageSize: number;
    /** The service's first page equals the database's `order by sort_name, id` on every word (both paths agree). */
    pageOrderAgreesWithDatabase: boolean;
    common: SearchLoad;
    rare: SearchLoad;
    /** The common words again, no page's patients held in memory (as before session 5). */
    commonRowsNotHeld: RowsNotHeldLoad;
  };
  /** The queries searchPatients sends for a word with many matches and for one with few. */
  explain: { many: ExplainedSearch; few: ExplainedSearch; httpRequest: HttpRequestQueries };
  export: {
    /** listBatch (the export's keyset query) after the middle of the registry. */
    batchExplain: { after: string; query: ExplainedQuery };
    /** All batches of the registry, queries only (no CSV): how much of the export's time the database takes. */
    keysetWalk: KeysetWalk;
    runs: ExportRun[];
    targetGrowthMb: number;
    met: boolean;
  };
};

// `global.gc` without --expose-gc on the command line: a collection before each memory measurement makes the
// baseline the live heap rather than whatever garbage the load runs left.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * After work that held the event loop (PGlite's bulk insert, the direct run): @fastify/under-pressure samples
 * the loop delay once a second and answers 503 to every request for the next second when the last sample was over
 * maxEventLoopDelay (2 s) or had no tick at all. Two idle seconds give it a clean sample before HTTP is measured.
 */
export const settle = () => sleep(2200);

/** The row the app writes for a patient; `checkMappingAgainstApi` still proves it against the route. */
export const toPatientColumns = (p: PatientData): PatientColumns => toColumns(p);

type Envelope<T> = { code: string; answer?: unknown; response: T };

export const api = (baseUrl: string) => {
  const call = async <T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/app/api${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Envelope<T>;
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.response;
  };
  return call;
};

export const studioBody = (i: number) => ({
  studio: {
    tipologiaPersona: 'FISICA',
    nome: 'Chiara',
    cognome: `Bench${String.fromCharCode(65 + i)}`,
    sesso: 'D',
    codiceFiscale: 'RSSMRA85T10A562S',
    partitaIva: '01234567897',
    iscrizioneAlbo: 'Albo FT n. 1234 Bologna',
    professione: 'Fisioterapista',
    contatti: { email: `studio${i}@example.it`, cellulare: '+39 333 1234567', telefono: null, pec: null },
    residenza: { indirizzo: 'Via Roma 1', cap: '40100', comune: 'Bologna', provincia: 'BO' },
    coordinateBancarie: {
      intestatario: 'Chiara Bench',
      nomeBanca: 'Banca di Bologna',
      iban: 'IT60X0542811101000000123456',
      bicSwift: null,
    },
    tassazione: { regimeFiscale: 'RF_19' },
  },
  avatarColor: '#1E88E5',
});

/** Signs an owner up and creates their studio through the API, as on-boarding does; returns token and context. */
const createOwner = async (call: ReturnType<typeof api>, i: number, server: { baseUrl: string; dataDir: string }) => {
  const email = `bench.owner${i}.${Date.now()}@example.it`;
  // sign-up confirmed through the link mailed to the local outbox (issue 25 item 8)
  const token = await ensureUser(server, { email, nome: 'Chiara', cognome: 'Bench' });
  const studio = await call<{ id: string }>('POST', '/studio/initial-setup', token, studioBody(i));
  const me = await call<{ id: string }>('GET', '/user/getUser', token);
  const staff = await call<{ id: string; email: string }[]>('GET', '/staff', token);
  const member = staff.find((s) => s.email === email);
  if (!member) throw new Error('owner membership missing');
  const ctx: StudioContext = {
    userId: me.id,
    email,
    platformRole: null,
    actorUserId: null,
    actorEmail: null,
    meta: noRequestMeta,
    studioId: studio.id,
    role: 'ROLE_USER',
    memberId: member.id,
    versions: null,
  };
  return { token, ctx };
};

export type Queryable = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/** The driver under Drizzle (node-postgres pool or PGlite), for ANALYZE and EXPLAIN. */
export const driverOf = (db: unknown) => (db as { $client: Queryable }).$client;

export type CapturedQuery = { sql: string; params: unknown[] };

/**
 * Runs `fn` and returns the SQL text and parameters of every query it sends to the driver, in order (nothing else
 * may use the database meanwhile). None at all is taken for a broken capture unless `noneExpected` (a search answered
 * from memory: on PGlite the auth context is kept too, decision 017).
 */
export const captureQueries = async <T>(client: Queryable, fn: () => Promise<T>, { noneExpected = false } = {}) => {
  const original = client.query;
  const captured: CapturedQuery[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text: string };
    captured.push({ sql: typeof q === 'string' ? q : q.text, params: (args[1] as unknown[]) ?? [] });
    return original.apply(this, args);
  };
  let value: T;
  try {
    value = await fn();
  } finally {
    client.query = original;
  }
  if (captured.length === 0 && !noneExpected) throw new Error('no query captured');
  return { value, queries: captured };
};

/** EXPLAIN (ANALYZE, BUFFERS) of one captured query, with its own parameters. */
export const explainQuery = async (client: Queryable, q: CapturedQuery): Promise<ExplainedQuery> => {
  const result = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params);
  return { ...q, plan: result.rows.map((r) => String(r['QUERY PLAN'])).join('\n') };
};

/** EXPLAIN (ANALYZE, BUFFERS) of every query `fn` sends, in order; also returns what `fn` answered. */
const explainQueries = async <T>(client: Queryable, fn: () => Promise<T>) => {
  const { value, queries } = await captureQueries(client, fn, { noneExpected: true });
  const explained: ExplainedQuery[] = [];
  for (const q of queries) explained.push(await explainQuery(client, q));
  return { value, explained };
};

/** Compares one patient created through POST /pazienti with what the bench's mapping writes for the same data. */
const checkMappingAgainstApi = async (
  call: ReturnType<typeof api>,
  token: string,
  deps: ReturnType<typeof createDeps>,
  ctx: StudioContext,
) => {
  // born in 1930, before every generated patient: its fiscal code cannot clash with theirs
  const input = generatePatients(1, 77)[0] as PatientData;
  const data: PatientData = {
    ...input,
    tags: ['Sportivo', 'Over 65'],
    datiGenerali: {
      ...input.datiGenerali,
      tipologiaPersona: 'FISICA',
      ragioneSociale: null,
      partitaIva: null,
      codiceDestinatario: null,
      isPubblicaAmministrazione: false,
      cognome: 'Gioè',
      nome: 'Nicolò',
      sesso: 'U',
      dataNascita: '02-03-1930',
      codiceFiscale: personalCodiceFiscale('Gioè', 'Nicolò', false, { year: 1930, month: 3, day: 2 }, 'H501'),
      nazionalita: 'IT',
    },
  };
  const created = await call<{ id: string }>('POST', '/pazienti', token, data);
  const row = await patientsRepository.find(deps.db, ctx, created.id);
  if (!row) throw new Error('created patient not found');
  const mine = toPatientColumns(patientInputSchema.parse(data)) as Record<string, unknown>;
  const stored = row as unknown as Record<string, unknown>;
  const differences = Object.keys(mine).filter((k) => JSON.stringify(mine[k]) !== JSON.stringify(stored[k]));
  await call('DELETE', `/pazienti/${created.id}`, token);
  if (differences.length > 0) {
    throw new Error(
      `the bench's rows differ from the app's in ${differences.map((k) => `${k}: ${JSON.stringify(mine[k])} ≠ ${JSON.stringify(stored[k])}`).join(', ')}`,
    );
  }
  return true;
};

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node supports). */
const clockTicksPerSecond = 100;
const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
/** utime + stime (+ cutime + cstime) of a /proc/…/stat line, in ms; the fields after the parenthesised name. */
const cpuMsOfStat = (stat: string | null, withChildren: boolean) => {
  if (!stat) return null;
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
  return (ticks * 1000) / clockTicksPerSecond;
};
/** The main thread's CPU time (its task id is the process id). */
const mainThreadCpuMs = () => cpuMsOfStat(readText(`/proc/self/task/${process.pid}/stat`), false);
/** Busy and total time of the whole machine, in ms summed over cores, from the first line of /proc/stat. */
const machineCpuMs = () => {
  const line = readText('/proc/stat')?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return null;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: ((total - idle) * 1000) / clockTicksPerSecond };
};
/**
 * CPU time of the PostgreSQL backends serving `database` on this machine (their command line names the database),
 * summed; null when no such process is visible (another host, or PGlite).
 */
const postgresCpuMs = (database: string | null) => {
  if (!database || !existsSync('/proc')) return null;
  let total = 0;
  let seen = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const cmdline = readText(`/proc/${pid}/cmdline`);
    if (!cmdline?.startsWith('postgres:') || !cmdline.split(' ').includes(database)) continue;
    const ms = cpuMsOfStat(readText(`/proc/${pid}/stat`), true);
    if (ms === null) continue;
    total += ms;
    seen++;
  }
  return seen > 0 ? total : null;
};

/** Samples the main thread's stacks (in-process inspector, every 500 µs) while `fn` runs; self time by area. */
export const profileMainThread = async <T>(fn: () => Promise<T>) => {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    let value: T;
    try {
      value = await fn();
    } catch (err) {
      await session.post('Profiler.stop');
      throw err;
    }
    const { profile } = await session.post('Profiler.stop');
    return [value, summariseProfile(profile as Parameters<typeof summariseProfile>[0])] as const;
  } finally {
    session.disconnect();
  }
};

/**
 * Runs `fn` and reports the CPU it took where it went: this process, its main thread (the event loop), the
 * PostgreSQL backends of the bench database, the whole machine; each in % of one core over the wall time.
 */
export const resourcesDuring = async <T>(
  postgresDatabase: string | null,
  fn: () => Promise<T>,
): Promise<[T, ResourceFigures]> => {
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const pg0 = postgresCpuMs(postgresDatabase);
  const machine0 = machineCpuMs();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const value = await fn();
  const wallMs = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const main1 = mainThreadCpuMs();
  const pg1 = postgresCpuMs(postgresDatabase);
  const machine1 = machineCpuMs();
  const percent = (ms: number) => Math.round((ms / wallMs) * 1000) / 10;
  return [
    value,
    {
      processCpuPercent: percent((cpu.user + cpu.system) / 1000),
      mainThreadCpuPercent: main0 !== null && main1 !== null ? percent(main1 - main0) : null,
      eventLoopUtilization: Math.round(elu.utilization * 1000) / 1000,
      postgresCpuPercent: pg0 !== null && pg1 !== null ? percent(pg1 - pg0) : null,
      machineCpuPercent: machine0 && machine1 ? percent(machine1.busy - machine0.busy) : null,
    },
  ];
};

export type EventLoopFigures = {
  /** Delay of the server's (main) event loop while the HTTP client ran, from monitorEventLoopDelay. */
  meanDelayMs: number;
  p99DelayMs: number;
  maxDelayMs: number;
  /** The highest delay @fastify/under-pressure reported (it answers 503 above 2000 ms, or when it saw no tick). */
  underPressureMaxMs: number;
};

/** Watches the main thread's event loop while `fn` runs (the HTTP client is in a worker thread). */
export const watchEventLoop = async <T>(
  app: { memoryUsage?: () => { eventLoopDelay: number } },
  fn: () => Promise<T>,
) => {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let underPressureMaxMs = 0;
  const poll = setInterval(() => {
    const delay = app.memoryUsage?.().eventLoopDelay ?? 0;
    if (delay > underPressureMaxMs) underPressureMaxMs = delay;
  }, 250);
  try {
    const value = await fn();
    const loop: EventLoopFigures = {
      meanDelayMs: Math.round(histogram.mean / 1e5) / 10,
      p99DelayMs: Math.round(histogram.percentile(99) / 1e5) / 10,
      maxDelayMs: Math.round(histogram.max / 1e5) / 10,
      underPressureMaxMs: Number.isFinite(underPressureMaxMs) ? Math.round(underPressureMaxMs) : -1,
    };
    return [value, loop] as const;
  } finally {
    clearInterval(poll);
    histogram.disable();
  }
};

const runSearchWorker = (input: SearchWorkerInput) =>
  new Promise<LatencyFigures>((resolve, reject) => {
    const worker = new Worker(new URL('./patients-search-worker.ts', import.meta.url), { workerData: input });
    let result: LatencyFigures | null = null;
    worker.once('message', (m: LatencyFigures) => {
      result = m;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`search worker exited ${code}`))));
  });

/**
 * Downloads an export (the patient registry unless another path is given), consuming the stream without keeping
 * it, and samples RSS every 20 ms.
 */
export const measureExport = async (
  baseUrl: string,
  token: string,
  expectedLines: number,
  exportPath = '/data-exporter/anagrafiche-pazienti',
): Promise<ExportRun> => {
  gc();
  await sleep(100);
  gc();
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = process.memoryUsage().heapUsed;
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  let samples = 0;
  const sample = () => {
    samples++;
    const rss = process.memoryUsage.rss();
    if (rss > rssPeak) rssPeak = rss;
  };
  const timer = setInterval(() => {
    sample();
    const heap = process.memoryUsage().heapUsed;
    if (heap > heapPeak) heapPeak = heap;
  }, 20);
  const t0 = performance.now();
  let firstByteMs = Number.NaN;
  let bytes = 0;
  let lines = 0;
  let status = 0;
  // RSS when 10 %, 25 %, 50 %, 75 % and all of the rows have arrived: flat memory means no climb after the start
  const checkpoints = [0.1, 0.25, 0.5, 0.75, 1];
  const rssAtProgress: number[] = [];
  try {
    const res = await fetch(`${baseUrl}/app/api${exportPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    status = res.status;
    if (!res.body) throw new Error(`export: no body (status ${res.status})`);
    for await (const chunk of res.body) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      // also between timer ticks: PGlite's synchronous batches can hold the event loop past a tick
      sample();
      while (lines >= (checkpoints[rssAtProgress.length] ?? Number.POSITIVE_INFINITY) * expectedLines) {
        rssAtProgress.push(mb(process.memoryUsage.rss()));
      }
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  return {
    status,
    lines,
    expectedLines,
    bytes,
    seconds: seconds(ms),
    firstByteMs: Math.round(firstByteMs * 10) / 10,
    rowsPerSec: Math.round((lines - 1) / (ms / 1000)),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
    rssGrowthMb: mb(rssPeak - rssBefore),
    rssAfterMb: mb(process.memoryUsage.rss()),
    rssAtProgressMb: Object.fromEntries(checkpoints.map((c, i) => [`${c * 100}%`, rssAtProgress[i] ?? null])),
    heapUsedBeforeMb: mb(heapBefore),
    heapUsedPeakMb: mb(heapPeak),
    samples,
  };
};

export type PatientsRunOptions = {
  database: 'postgres' | 'pglite';
  /** A fresh, empty PostgreSQL database (postgres only). */
  databaseUrl?: string;
  patients: number;
  otherStudios: number;
  otherStudioPatients: number;
  /** Rows per INSERT: PGlite runs each synchronously on the event loop, so keep its batches moderate. */
  insertBatch: number;
  concurrency: number;
  durationS: number;
  warmupS: number;
  log: (line: string) => void;
};

export const runPatientsBenchmark = async (opts: PatientsRunOptions): Promise<PatientsDatabaseResult> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `studiolo-bench-patients-${opts.database}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    // sign-ups only (five owners): the search and the export never hash a password
    SCRYPT_COST_LOG2: '10',
    ...unlimitedRateLimits,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  });
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const deps = createDeps(config, database);
  const app = await buildApp(deps);
  const client = driverOf(deps.db);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = api(baseUrl);
    const version = await client.query('show server_version');
    const serverVersion = String(version.rows[0]?.server_version ?? 'unknown');

    // ---------- dataset ----------
    opts.log(
      `  ${opts.database}: owners, then ${opts.patients.toLocaleString('en-US')} patients + ${opts.otherStudios} other studios × ${opts.otherStudioPatients.toLocaleString('en-US')} …`,
    );
    const loadStarted = performance.now();
    const owner = await createOwner(call, 0, { baseUrl, dataDir });
    const others = [];
    for (let i = 1; i <= opts.otherStudios; i++) others.push(await createOwner(call, i, { baseUrl, dataDir }));
    const mappingCheckedAgainstApi = await checkMappingAgainstApi(call, owner.token, deps, owner.ctx);

    // Bulk load as a restore would: the GIN indexes (trigrams, tags; fastupdate off, so every row would otherwise
    // update dozens of posting lists, ~700 rows/s here) are dropped and re-created afterwards from their own
    // definitions (pg_indexes), so the measured indexes are exactly the migration's.
    const ginIndexes = (
      await client.query(
        "select indexname, indexdef from pg_indexes where tablename = 'patients' and indexdef ilike '% using gin %' order by indexname",
      )
    ).rows.map((r) => ({ name: String(r.indexname), definition: String(r.indexdef) }));
    for (const index of ginIndexes) await client.query(`drop index ${index.name}`);

    let generateMs = 0;
    let insertMs = 0;
    const load = async (ctx: StudioContext, count: number, seed: number) => {
      const g0 = performance.now();
      const data = generatePatients(count, seed);
      generateMs += performance.now() - g0;
      const i0 = performance.now();
      for (let i = 0; i < data.length; i += opts.insertBatch) {
        // SECURITY invariant kept as ownedBy keeps it: studio_id from the context, never from the data
        const rows = data
          .slice(i, i + opts.insertBatch)
          .map((p) => ({ ...toPatientColumns(p), studioId: ctx.studioId }));
        await deps.db.insert(patients).values(rows);
        // PGlite answers without ever leaving the microtask queue: let timers and sockets run between batches
        await new Promise((r) => setImmediate(r));
      }
      insertMs += performance.now() - i0;
    };
    await load(owner.ctx, opts.patients, 1);
    for (const [i, o] of others.entries()) await load(o.ctx, opts.otherStudioPatients, 100 + i);
    const x0 = performance.now();
    for (const index of ginIndexes) await client.query(index.definition);
    const indexMs = performance.now() - x0;
    const a0 = performance.now();
    // VACUUM too: PGlite has no autovacuum, and on PostgreSQL it keeps autovacuum from starting mid-run
    await client.query('vacuum analyze patients');
    if (opts.database === 'pglite') await database.checkpoint();
    const analyzeMs = performance.now() - a0;
    const loadMs = performance.now() - loadStarted;
    const rowsInTable = Number((await client.query('select count(*)::int as n from patients')).rows[0]?.n);
    const insertedRows = opts.patients + opts.otherStudios * opts.otherStudioPatients;
    opts.log(
      `  ${opts.database}: loaded ${rowsInTable.toLocaleString('en-US')} rows in ${seconds(loadMs)} s (generate ${seconds(generateMs)} s, insert ${seconds(insertMs)} s, GIN indexes ${seconds(indexMs)} s, vacuum analyze ${seconds(analyzeMs)} s)`,
    );

    await settle();

    // ---------- the in-memory search index: one studio's read, build and heap ----------
    gc();
    const memoryBefore = process.memoryUsage();
    const r0 = performance.now();
    const snapshot = await patientsRepository.searchSnapshot(deps.db, owner.ctx);
    const readMs = performance.now() - r0;
    const b0 = performance.now();
    const built = buildPatientSearchIndex(snapshot.version, snapshot.patients);
    const buildMs = performance.now() - b0;
    gc();
    const searchIndex = {
      patients: built.size,
      readMs: Math.round(readMs),
      buildMs: Math.round(buildMs),
      heapMb: Math.round((process.memoryUsage().heapUsed - memoryBefore.heapUsed) / 2 ** 20),
      typedArraysMb: Math.round((process.memoryUsage().arrayBuffers - memoryBefore.arrayBuffers) / 2 ** 20),
    };
    opts.log(
      `  ${opts.database}: search index of ${built.size} patients: read ${searchIndex.readMs} ms, build ${searchIndex.buildMs} ms, heap ${searchIndex.heapMb} MB + typed arrays ${searchIndex.typedArraysMb} MB`,
    );
    await settle();

    // ---------- sanity: the route and the service agree on every word; the matches, for the record ----------
    const collation = String(
      (await client.query('select datcollate from pg_database where datname = current_database()')).rows[0]
        ?.datcollate ?? 'unknown',
    );
    type SearchQuery = ReturnType<typeof patientSearchQuerySchema.parse>;
    type Answer = { totalElements: number; content: { id: string }[] };
    /** The query object the route hands to searchPatients: the querystring through the route's own schema. */
    const parsedQueries = new Map<string, SearchQuery>(
      [...searchWords, ...rareSearchWords].map((w) => [
        w,
        patientSearchQuerySchema.parse({ searchText: w, page: '0', size: String(pageSize) }),
      ]),
    );
    const queryOf = (word: string) => {
      const q = parsedQueries.get(word);
      if (!q) throw new Error(`no parsed query for "${word}"`);
      return q;
    };
    /**
     * The route's own SQL and work minus HTTP: the auth context (the membership and the studio's versions, read as
     * the auth hook reads them on every request: kept in memory on PGlite, one statement on PostgreSQL), then the
     * service.
     */
    const search = async (word: string) => {
      const auth = await deps.authContexts.find(owner.ctx.userId, owner.ctx.studioId);
      if (!auth) throw new Error('the owner has no auth context');
      return searchPatients(deps, { ...owner.ctx, versions: auth.versions }, queryOf(word));
    };
    /** The same match in SQL, independent of the in-memory index: the word anywhere in the search text. */
    const likeOf = (word: string) => `%${normalizeSearchText(word)}%`;
    const answered = (a: Answer): SearchMatches => a.totalElements;
    const idsOf = (a: { content: { id: string }[] }) => a.content.map((p) => p.id).join(',');
    /** What each word answers (checked on every call of the loads). */
    const expected = new Map<string, { totalElements: number; ids: string }>();
    let pageOrderAgreesWithDatabase = true;
    const checkWords = async (words: readonly string[]) => {
      const matchesPerWord: SearchLoad['matchesPerWord'] = {};
      for (const word of words) {
        const viaHttp = await call<Answer>(
          'GET',
          `/v2/pazienti?searchText=${word}&page=0&size=${pageSize}`,
          owner.token,
        );
        const direct = await search(word);
        if (viaHttp.totalElements !== direct.totalElements || idsOf(viaHttp) !== idsOf(direct)) {
          throw new Error(
            `"${word}": the route answers ${answered(viaHttp)} (page ${idsOf(viaHttp)}), the service ${answered(direct)} (page ${idsOf(direct)})`,
          );
        }
        // the service's count and first page against the same search in SQL
        const exact = Number(
          (
            await client.query('select count(*)::int as n from patients where studio_id = $1 and search_text like $2', [
              owner.ctx.studioId,
              likeOf(word),
            ])
          ).rows[0]?.n,
        );
        if (exact === 0) throw new Error(`"${word}" matches nothing: the dataset is not what the bench expects`);
        if (direct.totalElements !== exact)
          throw new Error(`"${word}": the service answers ${answered(direct)}, an exact count ${exact}`);
        const databasePage = (
          await client.query(
            'select id from patients where studio_id = $1 and search_text like $2 order by sort_name, id limit $3',
            [owner.ctx.studioId, likeOf(word), pageSize],
          )
        ).rows as { id: string }[];
        if (databasePage.map((r) => r.id).join(',') !== idsOf(direct)) {
          pageOrderAgreesWithDatabase = false;
          opts.log(
            `  ${opts.database}: "${word}": the service's first page differs from the database's order by sort_name, id (collation ${collation})`,
          );
        }
        expected.set(word, {
          totalElements: direct.totalElements,
          ids: idsOf(direct),
        });
        matchesPerWord[word] = { answered: answered(direct), exact };
      }
      return matchesPerWord;
    };
    const commonMatches = await checkWords(searchWords);
    const rareMatches = await checkWords(rareSearchWords);
    opts.log(
      `  ${opts.database}: matches, common words ${Object.entries(commonMatches)
        .map(([w, m]) => `${w} ${m.exact}`)
        .join(', ')}; rare words ${Object.entries(rareMatches)
        .map(([w, m]) => `${w} ${m.exact}`)
        .join(', ')}`,
    );

    // ---------- EXPLAIN of every query the service sends, for a word with many matches and one with few ----------
    const explainSearch = async (word: string): Promise<ExplainedSearch> => {
      const { value, explained } = await explainQueries(client, () => search(word));
      return { word, matches: answered(value), queries: explained };
    };
    /** One request through the route: which of its queries are the service's, and the others explained. */
    const explainHttpRequest = async (word: string): Promise<HttpRequestQueries> => {
      const viaHttp = await captureQueries(
        client,
        () => call<Answer>('GET', `/v2/pazienti?searchText=${word}&page=0&size=${pageSize}`, owner.token),
        { noneExpected: true },
      );
      const service = (await captureQueries(client, () => search(word), { noneExpected: true })).queries.map(
        (q) => q.sql,
      );
      const others: ExplainedQuery[] = [];
      for (const q of viaHttp.queries.filter((q) => !service.includes(q.sql)))
        others.push(await explainQuery(client, q));
      return { word, total: viaHttp.queries.length, service: service.length, others };
    };
    const explain = {
      many: await explainSearch(explainWords.many),
      few: await explainSearch(explainWords.few),
      httpRequest: await explainHttpRequest(explainWords.few),
    };

    // ---------- search load: direct, then HTTP, same words, same concurrency and duration ----------
    const postgresDatabase = opts.databaseUrl ? decodeURIComponent(new URL(opts.databaseUrl).pathname.slice(1)) : null;
    const directLoop = (words: readonly string[], concurrency: number, durationS: number, warmupS: number) =>
      resourcesDuring(postgresDatabase, () =>
        closedLoop({
          concurrency,
          durationS,
          warmupS,
          task: async (w, n) => {
            const word = words[(w + n) % words.length] as string;
            const r = await search(word);
            const e = expected.get(word);
            if (!e || r.totalElements !== e.totalElements || idsOf(r) !== e.ids) {
              throw new Error(`"${word}": ${answered(r)} matches, another page`);
            }
          },
        }),
      );
    const httpLoop = (words: readonly string[], concurrency: number, durationS: number, warmupS: number) =>
      resourcesDuring(postgresDatabase, () =>
        watchEventLoop(app as unknown as Parameters<typeof watchEventLoop>[0], () =>
          runSearchWorker({
            baseUrl,
            token: owner.token,
            words: [...words],
            concurrency,
            durationS,
            warmupS,
            pageSize,
          }),
        ),
      );
    const { concurrency, durationS, warmupS } = opts;
    const unloadedDurationS = Math.max(3, Math.round(durationS / 2));
    /** The loaded runs of a search load: directly, then over HTTP, at the load's concurrency and duration. */
    const loadedRuns = async (label: string, words: readonly string[]) => {
      opts.log(
        `  ${opts.database}: ${label} words, searchPatients directly, ${concurrency} workers × ${durationS} s …`,
      );
      const [directFigures, directResources] = await directLoop(words, concurrency, durationS, warmupS);
      await settle();
      opts.log(
        `  ${opts.database}: ${label} words, GET /v2/pazienti?searchText=…, ${concurrency} connections × ${durationS} s …`,
      );
      const [[httpFigures, httpEventLoop], httpResources] = await httpLoop(words, concurrency, durationS, warmupS);
      return { directFigures, directResources, httpFigures, httpEventLoop, httpResources };
    };
    const checkRuns = (...figures: LatencyFigures[]) => {
      for (const f of figures) {
        if (f.errors > 0)
          opts.log(`  ${opts.database}: ${f.errors} failed calls: ${JSON.stringify(f.errorsByMessage)}`);
        if (f.requests === 0) throw new Error(`no call succeeded: ${f.firstError}`);
      }
    };
    const measureSearchLoad = async (
      label: string,
      words: readonly string[],
      matchesPerWord: SearchLoad['matchesPerWord'],
    ): Promise<SearchLoad> => {
      const { directFigures, directResources, httpFigures, httpEventLoop, httpResources } = await loadedRuns(
        label,
        words,
      );
      // One call at a time: the service time without queueing. In a closed loop of C connections Little's law gives
      // latency ≈ C / throughput, so these say how much of the loaded latency is work and how much is waiting.
      opts.log(`  ${opts.database}: ${label} words, the same one at a time (${unloadedDurationS} s each) …`);
      const [directOneAtATime] = await directLoop(words, 1, unloadedDurationS, 1);
      await settle();
      const [[httpOneAtATime]] = await httpLoop(words, 1, unloadedDurationS, 1);
      await settle();
      let mainThreadProfile: MainThreadProfile | null = null;
      if (profileWanted) {
        opts.log(`  ${opts.database}: ${label} words, HTTP again under a CPU profile (${unloadedDurationS} s) …`);
        const [[[figuresWhileProfiled]], summary] = await profileMainThread(() =>
          httpLoop(words, concurrency, unloadedDurationS, 1),
        );
        mainThreadProfile = {
          note: `Self time of the main thread (the server) while GET /v2/pazienti ran at ${concurrency} connections; the HTTP client is another thread.`,
          figuresWhileProfiled,
          ...summary,
        };
        await settle();
      }
      checkRuns(directFigures, httpFigures, directOneAtATime, httpOneAtATime);
      const p95Ratio = Math.round((httpFigures.p95Ms / directFigures.p95Ms) * 100) / 100;
      return {
        words,
        matchesPerWord,
        http: { ...httpFigures, ...httpResources, serverEventLoop: httpEventLoop },
        direct: { ...directFigures, ...directResources },
        p95Ratio,
        p50Ratio: Math.round((httpFigures.p50Ms / directFigures.p50Ms) * 100) / 100,
        oneAtATime: { http: httpOneAtATime, direct: directOneAtATime },
        mainThreadProfile,
        targets: {
          httpP95UnderMs: targets.httpP95Ms,
          // a request that failed (503 from under-pressure) did not meet any latency target
          httpP95Met: httpFigures.p95Ms < targets.httpP95Ms && httpFigures.errors === 0,
          httpFailedRequests: httpFigures.errors,
          maxRatio: targets.httpOverDirectP95,
          ratioMet: p95Ratio <= targets.httpOverDirectP95,
        },
      };
    };
    const commonLoad = await measureSearchLoad('common', searchWords, commonMatches);
    const rareLoad = await measureSearchLoad('rare', rareSearchWords, rareMatches);

    // ---------- the common words' load again, no page's patients held: every page read from the database ----------
    /**
     * The server's search cache swapped for one that keeps no rows (deps.patientSearch is read at each call), its
     * index built by one search first; the original cache is put back afterwards. No CPU profile here.
     */
    const measureRowsNotHeld = async (): Promise<RowsNotHeldLoad> => {
      const held = deps.patientSearch;
      const maxRows = 0;
      deps.patientSearch = createPatientSearchCache({ maxPatients: 1_000_000, maxRows });
      try {
        await search(searchWords[0]);
        const { directFigures, directResources, httpFigures, httpEventLoop, httpResources } = await loadedRuns(
          "common (no page's patients held)",
          searchWords,
        );
        await settle();
        checkRuns(directFigures, httpFigures);
        return {
          note:
            "Every page's patients read from the database by id, as before session 5 (maxRows 0). The weighted " +
            'LRU never drops the entry just set, so the last patient kept (one row) stays held: a page holding it ' +
            'takes that one from memory. Informative: not a target.',
          words: searchWords,
          maxRows,
          http: { ...httpFigures, ...httpResources, serverEventLoop: httpEventLoop },
          direct: { ...directFigures, ...directResources },
          p95Ratio: Math.round((httpFigures.p95Ms / directFigures.p95Ms) * 100) / 100,
        };
      } finally {
        deps.patientSearch = held;
      }
    };
    const commonRowsNotHeld = await measureRowsNotHeld();
    opts.log(
      `  ${opts.database}: common words, no page's patients held: HTTP p50 ${commonRowsNotHeld.http.p50Ms} ms p95 ${commonRowsNotHeld.http.p95Ms} ms (held: ${commonLoad.http.p95Ms} ms), direct p50 ${commonRowsNotHeld.direct.p50Ms} ms p95 ${commonRowsNotHeld.direct.p95Ms} ms (held: ${commonLoad.direct.p95Ms} ms)`,
    );

    // ---------- export: the keyset batch query at mid-registry ----------
    const [middle] = await deps.db
      .select({ sortName: patients.sortName, id: patients.id })
      .from(patients)
      .where(eq(patients.studioId, owner.ctx.studioId))
      .orderBy(asc(patients.sortName), asc(patients.id))
      .offset(Math.floor(opts.patients / 2))
      .limit(1);
    if (!middle) throw new Error('no patient at mid-registry');
    const [batchExplain] = (
      await explainQueries(client, () => patientsRepository.listBatch(deps.db, owner.ctx, middle, 1000))
    ).explained;
    if (!batchExplain) throw new Error('listBatch sent no query');
    /** Every batch of the registry, queries only (no CSV): where the export's time goes. */
    const walk = async (): Promise<KeysetWalk> => {
      const t0 = performance.now();
      let after: { sortName: string; id: string } | null = null;
      let rows = 0;
      let batches = 0;
      for (;;) {
        const batch = await patientsRepository.listBatch(deps.db, owner.ctx, after, 1000);
        rows += batch.length;
        batches++;
        const last = batch.at(-1);
        if (!last || batch.length < 1000) break;
        after = { sortName: last.sortName, id: last.id };
        await new Promise((r) => setImmediate(r));
      }
      return { rows, batches, seconds: seconds(performance.now() - t0) };
    };

    // ---------- export memory: two runs, the first one cold ----------
    opts.log(`  ${opts.database}: GET /data-exporter/anagrafiche-pazienti × 2 …`);
    const runs: ExportRun[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await measureExport(baseUrl, owner.token, opts.patients + 1);
      if (run.status !== 200 || run.lines !== run.expectedLines) {
        throw new Error(`export: status ${run.status}, ${run.lines} lines, expected ${run.expectedLines}`);
      }
      runs.push(run);
      await settle();
    }
    opts.log(`  ${opts.database}: keyset walk of the registry (the export's batch queries alone) …`);
    const keysetWalk = await walk();

    // ---------- after a write: the first search takes the logged change, or reads the studio again whole ----------
    const firstSearchAfterWrite = async (patientsChanged: number) => {
      await search(searchWords[0]);
      await client.query(
        `update patients set search_text = search_text || ' z' where id in (select id from patients where studio_id = $1 order by id limit ${patientsChanged})`,
        [owner.ctx.studioId],
      );
      const t0 = performance.now();
      await search(searchWords[0]);
      return Math.round((performance.now() - t0) * 10) / 10;
    };
    const afterWrite = {
      onePatientMs: await firstSearchAfterWrite(1),
      bulkOf2000PatientsMs: await firstSearchAfterWrite(2000),
    };
    opts.log(
      `  ${opts.database}: first search after a write: one patient changed ${afterWrite.onePatientMs} ms, 2,000 in one statement ${afterWrite.bulkOf2000PatientsMs} ms`,
    );

    return {
      database: opts.database,
      serverVersion,
      dataset: {
        patients: opts.patients,
        otherStudios: opts.otherStudios,
        otherStudiosPatients: opts.otherStudios * opts.otherStudioPatients,
        rowsInTable,
        insertBatch: opts.insertBatch,
        generateSeconds: seconds(generateMs),
        insertSeconds: seconds(insertMs),
        ginIndexes: ginIndexes.map((i) => i.definition),
        ginIndexSeconds: seconds(indexMs),
        analyzeSeconds: seconds(analyzeMs),
        loadSeconds: seconds(loadMs),
        insertRowsPerSec: Math.round(insertedRows / (insertMs / 1000)),
        mappingCheckedAgainstApi,
        collation,
      },
      searchIndex: { ...searchIndex, firstSearchAfterWrite: afterWrite },
      search: { pageSize, pageOrderAgreesWithDatabase, common: commonLoad, rare: rareLoad, commonRowsNotHeld },
      explain,
      export: {
        batchExplain: { after: 'the middle of the registry', query: batchExplain },
        keysetWalk,
        runs,
        targetGrowthMb: targets.exportRssGrowthMb,
        met: runs.every((r) => r.rssGrowthMb < targets.exportRssGrowthMb),
      },
    };
  } finally {
    await app.close();
    await database.close();
    await deps.mailTransport.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export type PatientsResults = {
  meta: Record<string, unknown>;
  targets: typeof targets;
  postgres: PatientsDatabaseResult | { skipped: string } | { failed: string };
  pglite: PatientsDatabaseResult | { skipped: string } | { failed: string } | null;
  targetMet: Record<string, boolean>;
};

const loadAverage = () => loadavg().map((v) => Math.round(v * 100) / 100);

const targetsOf = (key: string, r: PatientsDatabaseResult) => ({
  [`${key}SearchP95Under${targets.httpP95Ms}ms`]: r.search.common.targets.httpP95Met,
  [`${key}SearchP95Within${targets.httpOverDirectP95}xDirect`]: r.search.common.targets.ratioMet,
  [`${key}RareSearchP95Under${targets.httpP95Ms}ms`]: r.search.rare.targets.httpP95Met,
  [`${key}RareSearchP95Within${targets.httpOverDirectP95}xDirect`]: r.search.rare.targets.ratioMet,
  [`${key}ExportRssGrowthUnder${targets.exportRssGrowthMb}Mb`]: r.export.met,
});

/**
 * Both databases, one after the other, each on a server of its own in this process: PostgreSQL (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a fresh `studiolo_bench`) with 100,000 patients and four
 * other studios of 5,000, then PGlite (in a temporary DATA_DIR, as the embedded server runs) with 10,000 and four
 * of 500. Writes bench/results/patients.json after each database.
 */
export const runPatients = async (opts: { log: (line: string) => void }): Promise<PatientsResults> => {
  const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
  const concurrency = patientsConnections;
  const pgPatients = Number(process.env.BENCH_PATIENTS_PG ?? 100_000);
  const pglitePatients = Number(process.env.BENCH_PATIENTS_PGLITE ?? 10_000);
  const results: PatientsResults = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      note:
        'Server, HTTP client (a worker thread), direct workers and PostgreSQL share one machine and its cores. ' +
        'Latencies are exact percentiles of a closed loop (each connection sends its next request when the last ' +
        "answer arrives) after a 2 s warm-up; by Little's law its latency is about connections / throughput.",
      loadAverageAtStart: loadAverage(),
      connections: concurrency,
      durationS,
    },
    targets,
    postgres: { skipped: 'BENCH_DATABASE_URL and TEST_DATABASE_URL are unset' },
    pglite: null,
    targetMet: {},
  };
  const save = () => {
    results.meta.loadAverageAtEnd = loadAverage();
    mkdirSync(path.dirname(patientsResultsFile), { recursive: true });
    writeFileSync(patientsResultsFile, `${JSON.stringify(results, null, 2)}\n`);
  };
  const common = { concurrency, durationS, warmupS: 2, otherStudios: 4, log: opts.log };

  const databases = (process.env.BENCH_PATIENTS_DATABASES ?? 'postgres,pglite').split(',');
  const adminUrl = postgresUrlFromEnv();
  if (!databases.includes('postgres')) {
    results.postgres = { skipped: 'not in BENCH_PATIENTS_DATABASES' };
  } else if (adminUrl) {
    try {
      const databaseUrl = await prepareBenchDatabase(adminUrl);
      const r = await runPatientsBenchmark({
        ...common,
        database: 'postgres',
        databaseUrl,
        patients: pgPatients,
        otherStudioPatients: Math.round(pgPatients / 20),
        insertBatch: 1000,
      });
      results.postgres = r;
      Object.assign(results.targetMet, targetsOf('postgres', r));
    } catch (err) {
      results.postgres = { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      opts.log(`  postgres failed: ${String(err)}`);
    }
  } else {
    opts.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }
  save();

  if (!databases.includes('pglite')) {
    results.pglite = { skipped: 'not in BENCH_PATIENTS_DATABASES' };
    save();
    return results;
  }
  try {
    const r = await runPatientsBenchmark({
      ...common,
      database: 'pglite',
      patients: pglitePatients,
      otherStudioPatients: Math.round(pglitePatients / 20),
      insertBatch: 250,
    });
    results.pglite = r;
    Object.assign(results.targetMet, targetsOf('pglite', r));
  } catch (err) {
    results.pglite = { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    opts.log(`  pglite failed: ${String(err)}`);
  }
  save();
  return results;
};
