/**
 * The calendar feature under a large studio (issue 4 "Performance"), on PostgreSQL:
 *  1. GET /events for one week with every filter empty, at 20 concurrent connections: p95 under 25 ms and within
 *     2× the same work called directly. The route keeps each studio's answers ready (decision 016: built once per
 *     version of the calendar and its patients, sent as a ready buffer, in Brotli or gzip as the client's
 *     Accept-Encoding weighs them: Brotli to a browser over HTTPS, gzip to one over plain HTTP), so the HTTP client
 *     sends what a browser sends (Accept-Encoding of Chromium) and its byte check is on the compressed answer (br). Two "direct" sides, both on the same database handle without HTTP: `listEvents` of events.service.ts
 *     (the uncached build: the very queries, recurrence expansion and mapping a rebuild runs; the issue's "same SQL
 *     run directly", as measured before the answers were kept ready) and `listEventsAnswer` (the cached path the route
 *     takes: the version query, then the ready answer); the HTTP p95 is divided by each. The headline is the hot
 *     answer (nothing writes meanwhile). Then the cost of the cache's misses: the first answer after a write (one
 *     event of the week changed, then one GET, N times), and the 20-connection load while a loop changes an event
 *     of the week every second and every 100 ms. Also the same week filtered to one staff member (informative),
 *     EXPLAIN (ANALYZE, BUFFERS) of each query the list sends (three times each, the median kept), where one
 *     request's time goes (SQL, driver, recurrence, mapping, JSON, gzip and Brotli), CPU profiles of the server, and three
 *     trials for the diagnosis: a candidate index for the series query (created, measured, dropped), the list's
 *     queries with hash joins off, and a what-if expansion of the recurrence presets by arithmetic
 *     (calendar-recurrence-whatif.ts, checked equal to the domain's).
 *  2. GET /data-exporter/events of a year holding about 100,000 events: RSS growth of the server process while it
 *     streams, time, CSV rows checked against the events the service lists.
 *  3. DELETE /events/bulk of at least 10,000 events with the CSV backup e-mailed to a real SMTP server (the tests'
 *     smtp-server sink, the server configured with SMTP_URL): under 5 s; the mail and its attachment are checked
 *     against what was deleted, then the deleted rows are put back so the dataset stays as generated.
 *
 * The dataset (calendar-dataset.ts: 200,000 events of the measured studio among 2,000,000 of 200 others) lives in
 * its own database, `studiolo_bench_calendar`, and is kept between runs: a marker table records the generator's
 * version and plan, and a run whose plan matches reuses it (about a minute and a half to generate otherwise).
 * The server runs in this process (createDatabase → createDeps → buildApp → listen, as server.ts does); the HTTP
 * client runs in a worker thread.
 *
 * The export's 365-day limit makes the issue's figures meet: 100,000 events in one export means about 1,900 a week,
 * so the generated studio has about 2,000 events in a week, and the week GET /events answers holds that many.
 *
 * PostgreSQL only: PGlite would need minutes to generate millions of rows in WASM and serves one small studio.
 *
 * Part `calendar` of `npm run bench` (BENCH_ONLY=calendar); writes bench/results/calendar.json.
 * Options: BENCH_CALENDAR_REGENERATE=1 (drop the kept dataset and generate it again)  BENCH_DURATION_S (10)
 *          BENCH_CALENDAR_CONNECTIONS (20)  BENCH_CALENDAR_EVENTS (200000)  BENCH_CALENDAR_OTHER_EVENTS (2000000)
 *          BENCH_CALENDAR_OTHER_STUDIOS (200)  BENCH_CALENDAR_PROFILE (1; 0 leaves out the CPU profile)
 *          BENCH_CALENDAR_INDEX_EXPERIMENT (1; 0 leaves out the trial of a candidate index)
 *          BENCH_CALENDAR_AFTER_WRITE_RUNS (30)  BENCH_CALENDAR_BULK_DELETE (1; 0 leaves out the bulk delete, for
 *          a small trial dataset whose eight weeks from bulkDeleteFrom hold fewer than 10,000 events)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, brotliDecompressSync, gunzipSync, gzip, constants as zlibConstants } from 'node:zlib';
import {
  type CalendarEvent,
  eventSchema,
  eventsQuerySchema,
  occurrencesBetween,
  toRomeWall,
} from '@studiolo/domain/calendar';
import { envelopeSchema } from '@studiolo/domain/shared';
import { z } from '@studiolo/domain/zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { studioVersions } from '../../apps/server/src/db/studio-versions.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { calendarRepository, type EventFilter } from '../../apps/server/src/features/calendar/calendar.repository.ts';
import { eventsCsv, eventsStartingIn } from '../../apps/server/src/features/calendar/events.export.ts';
import { listEvents, listEventsAnswer, romeDayRange } from '../../apps/server/src/features/calendar/events.service.ts';
import { ok } from '../../apps/server/src/shared/envelope.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { attachmentOf, startSmtpSink } from '../../apps/server/test/helpers/smtp-sink.ts';
import { closedLoop, type LatencyFigures, percentileOf } from '../harness/closed-loop.ts';
import { databaseExists, databaseUrlOf, postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { unlimitedRateLimits } from '../harness/process.ts';
import {
  addExceptions,
  addStudioInputs,
  type CalendarDatasetInfo,
  type CalendarDatasetPlan,
  calendarDatasetVersion,
  checkEventMappingAgainstApi,
  checkGeneratedSeries,
  createInputsTable,
  createStudioOwner,
  defaultCalendarPlan,
  dropInputsTable,
  fallbackNeverEnds,
  insertEventsFromInputs,
  insertPatients,
  loginOwner,
  type MappingCheck,
  markerMatches,
  type NeverEnds,
  type Owner,
  probeNeverEnds,
  readMarker,
  type StudioAssets,
  setUpMainStudio,
  writeMarker,
} from './calendar-dataset.ts';
import type { GetLoadInput } from './calendar-load-worker.ts';
import { type RecurrenceWhatIf, recurrenceWhatIf } from './calendar-recurrence-whatif.ts';
import {
  api,
  captureQueries,
  driverOf,
  type EventLoopFigures,
  type ExplainedQuery,
  type ExportRun,
  explainQuery,
  type MainThreadProfile,
  measureExport,
  profileMainThread,
  type Queryable,
  type ResourceFigures,
  resourcesDuring,
  settle,
  watchEventLoop,
} from './patients.ts';

export const calendarResultsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'results',
  'calendar.json',
);
/** The calendar bench's own database: kept between runs, never touched by the other parts. */
export const calendarDatabaseName = 'studiolo_bench_calendar';
/** Concurrent connections (and direct workers) of the GET /events load: the issue's 20. */
export const calendarConnections = Number(process.env.BENCH_CALENDAR_CONNECTIONS ?? 20);
export const calendarTargets = {
  listP95Ms: 25,
  listHttpOverDirectP95: 2,
  exportEvents: 100_000,
  exportRssGrowthMb: 100,
  bulkDeleteEvents: 10_000,
  bulkDeleteSeconds: 5,
} as const;

/** The week measured: Monday 16 to Sunday 22 November 2026, the dataset's "this week" (the calendar's first view). */
export const measuredWeek = { start: '2026-11-16', end: '2026-11-22' } as const;
/** A week in the middle of the dataset, explained too: more series end after it than after the current week. */
export const midWeek = { start: '2025-06-16', end: '2025-06-22' } as const;
/** Weeks with a clock change (29 March 2026, 26 October 2025), for the recurrence what-if's equality check. */
const dstWeeks = {
  spring: { start: '2026-03-23', end: '2026-03-29' },
  autumn: { start: '2025-10-20', end: '2025-10-26' },
} as const;
/** The export: the 365 days up to "today" (the longest range the route accepts). */
export const exportRange = { start: '2025-11-23', end: '2026-11-22' } as const;
/** The bulk delete: from Monday 3 March 2025, the fewest whole days holding at least 10,000 events. */
export const bulkDeleteFrom = '2025-03-03';
/**
 * What a browser sends with GET /events besides its credentials: the web client's Accept (apps/web/src/lib/http.ts)
 * and Chromium's Accept-Encoding over HTTPS (the studio's). The server sends its ready answers in Brotli to such a
 * client (br and gzip weigh the same: Brotli on a tie).
 */
export const browserHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' } as const;
/**
 * The same browser over plain HTTP: Chromium leaves out br (and zstd) there, so the server sends gzip. Checked once
 * per measured answer (bytes and content), not loaded.
 */
export const plainHttpBrowserHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate' } as const;
/** The encodings the server sends its ready answers in (chosenEncoding of events-answer-cache.ts). */
export type WireEncoding = 'br' | 'gzip';
const wireEncodingOf = (header: string | string[] | undefined): WireEncoding | null =>
  header === 'br' || header === 'gzip' ? header : null;
/** A compressed answer decompressed: what the client parses. */
const decompressed = (encoding: WireEncoding, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
/** How many times the first answer after a write is timed (one write, then one GET, one at a time). */
const afterWriteRuns = Number(process.env.BENCH_CALENDAR_AFTER_WRITE_RUNS ?? 30);
/** The write loops run beside the 20-connection load: one event of the measured week changed every … ms. */
const writeIntervalsMs = [1000, 100] as const;
/**
 * The written answers legitimately change during the loads with writes (is_pagato true/false is one byte of JSON, a
 * few compressed): the bytes on the wire may differ from the checked answer's by this share.
 */
const whileWritesBytesTolerance = 0.02;

const profileWanted = process.env.BENCH_CALENDAR_PROFILE !== '0';
const indexExperimentWanted = process.env.BENCH_CALENDAR_INDEX_EXPERIMENT !== '0';
const bulkDeleteWanted = process.env.BENCH_CALENDAR_BULK_DELETE !== '0';
const round2 = (v: number) => Math.round(v * 100) / 100;
const seconds = (ms: number) => Math.round(ms / 10) / 100;
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const emptyFilter: EventFilter = {
  calendarIds: [],
  staffMembersIds: [],
  colors: [],
  medicalDeviceIds: [],
  pazienteIds: [],
  tagIds: [],
};

export type ListLoad = {
  label: string;
  path: string;
  /** Events in the answer (appointments, exceptions, occurrences of series) and what the SQL returned. */
  events: number;
  rows: { appointments: number; series: number; occurrences: number };
  /** Bytes of the answer's JSON: what a client that takes neither br nor gzip receives, and what a browser parses. */
  answerBytes: number;
  /**
   * Bytes on the wire for a browser's request (browserHeaders), checked on every request of the loads: the answer in
   * wireEncoding (br since the answers are kept in Brotli too; gzip in the results written before).
   */
  wireBytes: number;
  /** The Content-Encoding the server answered the browser's request with, and the loads' answers must carry. */
  wireEncoding: WireEncoding;
  /** Bytes on the wire for the same browser over plain HTTP (plainHttpBrowserHeaders): the gzipped answer. */
  gzipBytes: number;
  /** What each side runs: the JSON's own legend of http, direct and directReady. */
  sides: typeof listSides;
  /** The hot answer: nothing writes meanwhile, so every request after the first is served the kept answer. */
  http: LatencyFigures & ResourceFigures & { serverEventLoop: EventLoopFigures };
  /** listEvents called directly: the uncached build (the issue's "same SQL run directly"). */
  direct: LatencyFigures & ResourceFigures;
  /** listEventsAnswer called directly: the cached path the route takes (version query, kept answer), no HTTP. */
  directReady: LatencyFigures & ResourceFigures;
  /** HTTP p95 / direct p95 (against the uncached build); null when no HTTP request succeeded. */
  p95Ratio: number | null;
  p50Ratio: number | null;
  /** HTTP p95 / directReady p95 (against the same cached path without HTTP). */
  p95RatioToDirectReady: number | null;
  p50RatioToDirectReady: number | null;
  oneAtATime: { http: LatencyFigures; direct: LatencyFigures; directReady: LatencyFigures };
  /** CPU profiles of the server's main thread: GET /events one at a time, and listEvents at full concurrency. */
  profiles: MainThreadProfile[];
  targets: {
    p95UnderMs: number;
    p95Met: boolean;
    failedRequests: number;
    maxRatio: number;
    /** The issue's: HTTP p95 within maxRatio × listEvents' (the uncached build). */
    ratioMet: boolean;
    /** Informative, not one of the issue's targets: HTTP p95 within maxRatio × listEventsAnswer's. */
    ratioToDirectReadyMet: boolean;
  } | null;
};

/** The legend of the three sides of a ListLoad, written into the results. */
export const listSides = {
  http: "GET /app/api/events over HTTP with a browser's headers (answers in wireEncoding: br), the client in a worker thread; hot answers",
  direct: 'listEvents in-process: the uncached build (SQL, recurrence, mapping), no HTTP, auth, JSON or compression',
  directReady:
    'listEventsAnswer in-process: the cached path the route takes (the version query, the kept answer), no HTTP or auth',
} as const;

type Spread = { runs: number; meanMs: number; p50Ms: number; p95Ms: number; maxMs: number };
const spreadOf = (times: number[]): Spread => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    meanMs: round2(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    p50Ms: round2(percentileOf(sorted, 50)),
    p95Ms: round2(percentileOf(sorted, 95)),
    maxMs: round2(sorted.at(-1) ?? Number.NaN),
  };
};

/** The first answer after a write, one at a time: what a rebuild of the answer costs. */
export type AfterWrite = {
  /** The statement each run sends first, on a connection of its own (autocommit: the triggers move the version). */
  write: string;
  /** Appointments of the measured week the writes go round (each toggled; put back as they were afterwards). */
  eventsWritten: number;
  /** GET /events (browser headers) right after the write: the server builds the answer again. */
  http: Spread;
  /** A second GET /events right after the first: the answer kept again (same client, for comparison). */
  httpHotAfter: Spread;
  /** listEventsAnswer in-process right after a write (its own runs): the rebuild without HTTP. */
  directReady: Spread;
  /** Answers the server built during the runs: one per write expected. */
  builds: number;
  /** Every first answer showed its write (the event's isPagato as written), and the second was the same bytes. */
  answersShowTheWrite: boolean;
};

/** The headline load (hot answers otherwise) while a loop changes one appointment of the measured week. */
export type WhileWrites = {
  intervalMs: number;
  http: LatencyFigures & ResourceFigures & { serverEventLoop: EventLoopFigures };
  /** Writes during the whole load, warm-up included, and their rate. */
  writes: number;
  writesPerSecond: number;
  /** Each write's own time (an autocommit UPDATE of one row, the triggers included). */
  writeMs: { p50Ms: number; maxMs: number };
  /** Answers the server built during the load: about one per write (requests at one version share one build). */
  builds: number;
  /** How far calendar_versions moved for the studio: equal to writes, so every write reached the measured answer. */
  versionMoves: number;
  bytesTolerance: number;
};

/** Median milliseconds of each step of one request, run one at a time (no load). */
export type RequestBreakdown = {
  runs: number;
  /** calendarRepository.window: the two queries and Drizzle's row mapping. */
  sqlMs: number;
  /** The same two queries through node-postgres alone (no Drizzle mapping): sqlMs minus this is the mapping. */
  driverMs: number;
  /** occurrencesBetween over the series rows (rrule in JS). */
  recurrenceMs: number;
  /** listEvents as a whole (the above, the mapping to API events and the sort). */
  listEventsMs: number;
  /** listEvents minus the two above: toEvent on every event and the sort by start. */
  mappingAndSortMs: number;
  /**
   * The route's former serializer (fastify-type-provider-zod: zod encode of the envelope, then JSON.stringify). No
   * longer on the route's path (the answers are kept ready, JSON.stringify'd once per build); kept to compare with
   * earlier results.
   */
  serializeMs: number;
  /** JSON.stringify of the envelope alone: what a rebuild does after listEvents. */
  stringifyMs: number;
  /** gzip of that JSON alone (zlib, default level, asynchronous, as the answer cache does). */
  gzipMs: number;
  /** Brotli of that JSON alone (quality 5, text mode, size hint: the answer cache's parameters, asynchronous). */
  brotliMs: number;
  /** Both at once (Promise.all, as the answer cache builds them: each on a thread of libuv's pool): the rest of a rebuild. */
  compressMs: number;
  /**
   * listEventsMs + stringifyMs + compressMs: one rebuild of the answer, step by step (compare list.afterWrite). Same
   * key, same meaning (a whole rebuild); its last step was gzipMs while the answers were kept in gzip alone.
   */
  rebuildMs: number;
  /** The versions read alone (studioVersions, as for a context made outside a request): a request reads them with auth. */
  answerVersionMs: number;
  /** listEventsAnswer with the answer kept: the version query and the lookup. */
  listEventsAnswerMs: number;
  /** One GET /events with a browser's headers (hot answer, in Brotli), one at a time, as the client sees it. */
  httpMs: number;
  /**
   * httpMs minus listEventsAnswerMs: auth (token, membership query), validation, routing, HTTP, sending the ready
   * answer. It replaces restOfRequestMs (httpMs minus listEventsMs and serializeMs), which no longer made sense: a
   * request whose answer is kept runs neither listEvents nor the serializer.
   */
  hotRequestRestMs: number;
  /** The recurrence step by kind of rule: how many series of the week and what they cost (median of the runs). */
  recurrenceByRule: RecurrenceByRule[];
};

export type RecurrenceByRule = {
  rule: string;
  series: number;
  occurrences: number;
  /** Occurrences from DTSTART to the window's end: what rrule's between() walks through before the window. */
  occurrencesWalked: number;
  totalMs: number;
  perSeriesUs: number;
};

/** A rule's kind: the preset with the COUNT or UNTIL value left out. */
const ruleKind = (rrule: string) => rrule.replace(/;COUNT=\d+/, ';COUNT=n').replace(/;UNTIL=\w+/, ';UNTIL=date');

/** occurrencesBetween over the week's series, grouped by kind of rule, each group timed on its own. */
const recurrenceByRule = async (
  series: { start: Date; end: Date; rrule: string; exdates: readonly Date[] }[],
  from: Date,
  to: Date,
  runs: number,
): Promise<RecurrenceByRule[]> => {
  const groups = new Map<string, typeof series>();
  for (const s of series) groups.set(ruleKind(s.rrule), [...(groups.get(ruleKind(s.rrule)) ?? []), s]);
  const result: RecurrenceByRule[] = [];
  for (const [rule, list] of groups) {
    const ms = await medianMs(runs, () => {
      for (const s of list) occurrencesBetween(s, from, to);
    });
    result.push({
      rule,
      series: list.length,
      occurrences: list.reduce((n, s) => n + occurrencesBetween(s, from, to).length, 0),
      occurrencesWalked: list.reduce((n, s) => n + occurrencesBetween({ ...s, exdates: [] }, s.start, to).length, 0),
      totalMs: ms,
      perSeriesUs: Math.round((ms * 1000) / list.length),
    });
  }
  return result.sort((a, b) => b.totalMs - a.totalMs);
};

export type IndexExperiment = {
  index: string;
  createSeconds: number;
  sizeMb: number;
  /** The series query of the list before and after, for both weeks. */
  weeks: {
    week: string;
    before: { executionMs: number; buffers: string };
    after: { executionMs: number; buffers: string; plan: string };
  }[];
  /** listEvents one at a time (median) before and after, measured week. */
  listEventsMs: { before: number; after: number };
  note: string;
};

/** Each list query of the measured week as planned, and with hash joins off (patients then joined by primary key). */
export type JoinTrial = {
  query: number;
  planned: { topNode: string; executionMs: number; buffers: string };
  withoutHashJoin: { topNode: string; executionMs: number; buffers: string };
};

export type BulkDeleteResult = {
  range: { start: string; end: string };
  listedEvents: number;
  status: number;
  deletedCount: number;
  seconds: number;
  answer: string | null;
  /** Steps of the same work done directly beforehand (no deletion): listing, CSV. */
  stepsMs: { listMs: number; csvMs: number; csvBytes: number };
  mail: {
    arrived: boolean;
    to: string[];
    attachment: string;
    attachmentBytes: number;
    csvRows: number;
    /** The CSV's event ids are exactly the ids listed before the deletion. */
    idsMatchDeleted: boolean;
  };
  /** Events the service lists in the range after the deletion (0). */
  remainingInRange: number;
  restore: { insertedRows: number; updatedSeries: number; seconds: number; eventsBackAsBefore: boolean };
  met: boolean;
};

export type CalendarPostgresResult = {
  database: 'postgres';
  serverVersion: string;
  databaseName: string;
  dataset: CalendarDatasetInfo & {
    reused: boolean;
    /** What the app stores as the end of a series with no end, asked of POST /events on this run. */
    neverEnds: NeverEnds;
    /** Events created through POST /events and compared column by column with the generator's rows. */
    mappingCheckedAgainstApi: MappingCheck[];
    seriesChecked: { seriesChecked: number; exceptionsChecked: number };
    tableSizesMb: Record<string, number>;
  };
  list: {
    week: typeof measuredWeek;
    headline: ListLoad;
    oneStaffMember: ListLoad;
    breakdown: RequestBreakdown;
    recurrenceWhatIf: RecurrenceWhatIf;
    explain: {
      measuredWeek: (ExplainedQuery & { executionMsRuns: number[] })[];
      midWeek: (ExplainedQuery & { executionMsRuns: number[] })[];
      midWeekEvents: number;
      /** The queries one GET /events sends besides the service's (authentication), explained. */
      routeOwnQueries: ExplainedQuery[];
      routeQueriesTotal: number;
    };
    indexExperiment: IndexExperiment | null;
    joinTrial: JoinTrial[];
    /** The headers the HTTP side sends besides Authorization, and what the server answered to them. */
    requestHeaders: typeof browserHeaders;
    answerHeaders: { contentEncoding: string | null; vary: string | null; contentType: string | null };
    /** The plain answer is byte for byte JSON.stringify of the envelope of listEvents' events. */
    plainAnswerIsServiceJson: boolean;
    afterWrite: AfterWrite;
    whileWrites: WhileWrites[];
  };
  export: {
    range: typeof exportRange;
    /** Events the service lists in the range (eventsStartingIn, as the export does), and how long that takes alone. */
    events: number;
    listingSeconds: number;
    runs: ExportRun[];
    eventsMet: boolean;
    rssMet: boolean;
  };
  /** null when left out (BENCH_CALENDAR_BULK_DELETE=0): its target then counts as missed. */
  bulkDelete: BulkDeleteResult | null;
};

export type CalendarResults = {
  meta: Record<string, unknown>;
  targets: typeof calendarTargets;
  postgres: CalendarPostgresResult | { skipped: string } | { failed: string };
  targetMet: Record<string, boolean>;
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * Brotli as the answer cache compresses (events-answer-cache.ts keeps its parameters private: replicated here, not
 * imported; change both together): quality 5, text mode, the JSON's size as a hint.
 */
const brotliAsCache = (json: Buffer) =>
  brotliAsync(json, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.byteLength,
    },
  });

const loadAverage = () => loadavg().map((v) => Math.round(v * 100) / 100);

const runGetWorker = (input: GetLoadInput) =>
  new Promise<LatencyFigures>((resolve, reject) => {
    const worker = new Worker(new URL('./calendar-load-worker.ts', import.meta.url), { workerData: input });
    let result: LatencyFigures | null = null;
    worker.once('message', (m: LatencyFigures) => {
      result = m;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`GET worker exited ${code}`))));
  });

/** Median of `runs` calls of `fn`, one at a time, in ms. */
const medianMs = async (runs: number, fn: () => unknown) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return round2(percentileOf(times, 50));
};

const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
const buffersOf = (plan: string) => /Buffers: [^\n]+/.exec(plan)?.[0] ?? '';

/** The rows of the measured studio that a bulk delete may touch, kept until they are put back. */
const restoreTable = 'bench_calendar_restore';

/** Puts back what an earlier bulk delete removed (also after a run that stopped before doing it). */
const restoreAfterBulkDelete = async (client: Queryable) => {
  const exists = await client.query('select to_regclass($1) as t', [restoreTable]);
  if (!exists.rows[0]?.t) return null;
  // by name: a migration may have added a column to events since the copy was taken
  const columns = (
    await client.query(
      'select column_name from information_schema.columns where table_name = $1 order by ordinal_position',
      [restoreTable],
    )
  ).rows.map((r) => `"${String(r.column_name)}"`);
  const inserted = await client.query(
    `insert into events (${columns.join(', ')}) select ${columns.map((c) => `r.${c}`).join(', ')} from ${restoreTable} r
     where not exists (select 1 from events e where e.id = r.id)`,
  );
  const updated = await client.query(
    `update events e set exdates = r.exdates, updated_at = r.updated_at from ${restoreTable} r
     where e.id = r.id and e.exdates is distinct from r.exdates`,
  );
  await client.query(`drop table ${restoreTable}`);
  return {
    insertedRows: (inserted as unknown as { rowCount: number }).rowCount,
    updatedSeries: (updated as unknown as { rowCount: number }).rowCount,
  };
};

/** Events of the mapping check, in 2031, left by a run that stopped before deleting them. */
const mappingCheckFrom = '2031-01-01';

const generateDataset = async (opts: {
  call: ReturnType<typeof api>;
  deps: ReturnType<typeof createDeps>;
  loader: Queryable;
  plan: CalendarDatasetPlan;
  server: { baseUrl: string; dataDir: string };
  log: (line: string) => void;
}): Promise<{ owner: Owner; info: CalendarDatasetInfo; neverEnds: NeverEnds }> => {
  const { call, deps, loader, plan, server, log } = opts;
  const t0 = performance.now();
  log(`  postgres: generating the dataset: the studio, then ${plan.otherStudios} other studios through the API …`);
  const owner = await createStudioOwner(call, 0, server);
  const main = await setUpMainStudio(call, owner, plan);
  const neverEnds = await probeNeverEnds(call, owner, deps, main.calendarIds[0] as string);
  const others: Owner[] = [];
  for (let i = 1; i <= plan.otherStudios; i++) others.push(await createStudioOwner(call, i, server));
  const othersCalendars = new Map<string, string>();
  for (const o of others) {
    const c = await call<{ calendars: { id: string }[] }>('GET', '/calendars', o.token);
    othersCalendars.set(o.ctx.studioId, c.calendars[0]?.id as string);
  }
  const apiMs = performance.now() - t0;

  log(
    `  postgres: ${plan.patients.toLocaleString('en-US')} + ${plan.otherStudios} × ${plan.otherStudioPatients} patients …`,
  );
  const p0 = performance.now();
  const patientIds = await insertPatients(deps, loader, [
    { studioId: owner.ctx.studioId, count: plan.patients, seed: 1 },
    ...others.map((o, i) => ({ studioId: o.ctx.studioId, count: plan.otherStudioPatients, seed: 100 + i })),
  ]);
  const patientsMs = performance.now() - p0;

  log(
    `  postgres: event inputs (${plan.events.toLocaleString('en-US')} + ${plan.otherEvents.toLocaleString('en-US')}) with generate_series …`,
  );
  const i0 = performance.now();
  await createInputsTable(loader);
  const mainAssets: StudioAssets = {
    studioId: owner.ctx.studioId,
    ...main,
    patientIds: patientIds.get(owner.ctx.studioId) ?? [],
  };
  await addStudioInputs(
    loader,
    mainAssets,
    { singles: plan.events - plan.series - plan.exceptions, series: plan.series },
    plan,
    0.5,
  );
  const perOther = Math.round(plan.otherEvents / plan.otherStudios);
  for (const [i, o] of others.entries()) {
    await addStudioInputs(
      loader,
      {
        studioId: o.ctx.studioId,
        calendarIds: [othersCalendars.get(o.ctx.studioId) as string],
        staffIds: [o.ctx.memberId],
        roomIds: [],
        products: [],
        patientIds: patientIds.get(o.ctx.studioId) ?? [],
      },
      { singles: perOther - Math.round(perOther / 10), series: Math.round(perOther / 10) },
      plan,
      (i + 1) / (plan.otherStudios + 2),
    );
  }
  const inputsMs = performance.now() - i0;

  // Bulk load as a restore would: secondary indexes dropped and re-created from their own definitions (so the
  // measured indexes are exactly the migrations'), foreign-key triggers off (every id comes from the studio's own
  // rows above).
  log('  postgres: events from the inputs, in booking order …');
  const indexes = (
    await loader.query(
      "select indexname, indexdef from pg_indexes where tablename = 'events' and indexname not like '%pkey' order by indexname",
    )
  ).rows.map((r) => ({ name: String(r.indexname), definition: String(r.indexdef) }));
  for (const index of indexes) await loader.query(`drop index ${index.name}`);
  const e0 = performance.now();
  await loader.query("set session_replication_role = 'replica'");
  const inserted = await insertEventsFromInputs(loader, neverEnds);
  const exceptions = await addExceptions(loader, owner.ctx.studioId, plan.exceptions, 0.25);
  await loader.query("set session_replication_role = 'origin'");
  const eventsMs = performance.now() - e0;
  const x0 = performance.now();
  for (const index of indexes) await loader.query(index.definition);
  const indexMs = performance.now() - x0;
  await dropInputsTable(loader);
  const a0 = performance.now();
  await loader.query('vacuum analyze events');
  await loader.query('vacuum analyze patients');
  await loader.query('checkpoint');
  const vacuumMs = performance.now() - a0;
  const counts = (
    await loader.query(
      `select count(*)::int as events,
         count(*) filter (where studio_id = $1)::int as studio_events,
         count(*) filter (where studio_id = $1 and rrule is not null)::int as studio_series,
         count(*) filter (where studio_id = $1 and series_id is not null)::int as studio_exceptions,
         (select count(*)::int from patients) as patients
       from events`,
      [owner.ctx.studioId],
    )
  ).rows[0] as Record<string, number>;
  const info: CalendarDatasetInfo = {
    version: calendarDatasetVersion,
    neverEndsAt: neverEnds.value,
    plan,
    ownerEmail: owner.ctx.email,
    studioId: owner.ctx.studioId,
    generatedAt: new Date().toISOString(),
    load: {
      apiSetupSeconds: seconds(apiMs),
      patientsSeconds: seconds(patientsMs),
      inputsSeconds: seconds(inputsMs),
      eventsInsertSeconds: seconds(eventsMs),
      eventsInserted: inserted + exceptions,
      eventsInsertRowsPerSec: Math.round((inserted + exceptions) / (eventsMs / 1000)),
      indexesSeconds: seconds(indexMs),
      vacuumAnalyzeSeconds: seconds(vacuumMs),
      totalSeconds: seconds(performance.now() - t0),
    },
    rows: {
      events: Number(counts.events),
      studioEvents: Number(counts.studio_events),
      studioSeries: Number(counts.studio_series),
      studioExceptions: Number(counts.studio_exceptions),
      patients: Number(counts.patients),
    },
  };
  await writeMarker(loader, info);
  log(
    `  postgres: dataset generated in ${info.load.totalSeconds} s (events ${info.load.eventsInsertSeconds} s at ${info.load.eventsInsertRowsPerSec?.toLocaleString('en-US')} rows/s, indexes ${info.load.indexesSeconds} s, vacuum analyze ${info.load.vacuumAnalyzeSeconds} s)`,
  );
  return { owner, info, neverEnds };
};

/** The measured studio's calendars, staff, rooms, services and one patient, read back from a kept dataset. */
const assetsOf = async (client: Queryable, studioId: string) => {
  const ids = async (sql: string) => (await client.query(sql, [studioId])).rows.map((r) => String(r.id));
  const products = (
    await client.query(
      'select id, name, duration_minutes, price_cents from products where studio_id = $1 order by created_at, id',
      [studioId],
    )
  ).rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    minutes: Number(r.duration_minutes),
    cents: Number(r.price_cents),
  }));
  return {
    calendarIds: await ids('select id from calendars where studio_id = $1 order by created_at, id'),
    staffIds: await ids('select id from studio_members where studio_id = $1 order by created_at, id'),
    roomIds: await ids(
      "select id from calendar_resources where studio_id = $1 and kind = 'rooms' order by created_at, id",
    ),
    products,
    patientId: (await ids('select id from patients where studio_id = $1 order by id limit 1'))[0] as string,
  };
};

const runCalendarPostgres = async (adminUrl: string, log: (line: string) => void): Promise<CalendarPostgresResult> => {
  const plan = defaultCalendarPlan();
  const regenerate = process.env.BENCH_CALENDAR_REGENERATE === '1';
  const databaseUrl = databaseUrlOf(adminUrl, calendarDatabaseName);
  let kept: CalendarDatasetInfo | null = null;
  if (!regenerate && (await databaseExists(adminUrl, calendarDatabaseName))) {
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    try {
      kept = await readMarker(probe as unknown as Queryable);
    } finally {
      await probe.end();
    }
    if (!markerMatches(kept, plan)) {
      log(
        `  postgres: the kept dataset ${kept ? 'has another plan or version' : 'is incomplete'}: generating it again`,
      );
      kept = null;
    }
  }
  if (!kept) await prepareBenchDatabase(adminUrl, calendarDatabaseName);
  else
    log(`  postgres: reusing the dataset generated ${kept.generatedAt} (BENCH_CALENDAR_REGENERATE=1 makes a new one)`);

  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-calendar-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    // sign-ups and one sign-in only: the measured routes never hash a password
    SCRYPT_COST_LOG2: '10',
    SMTP_URL: smtp.url,
    ...unlimitedRateLimits,
    DATABASE_URL: databaseUrl,
  });
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const deps = createDeps(config, database);
  // the answers the server builds (its cache's misses), counted: a run with writes says how many it rebuilt
  const answerBuilds = { count: 0 };
  const answerCache = deps.eventsAnswers;
  deps.eventsAnswers = {
    get: (key, version, build) =>
      answerCache.get(key, version, () => {
        answerBuilds.count++;
        return build();
      }),
  };
  const app = await buildApp(deps);
  const client = driverOf(deps.db);
  // GET requests from this thread (checks, one at a time), bodies kept as they came: compressed or not
  const rawAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  // bulk SQL and session settings (setseed, session_replication_role) on a connection of their own
  const loader = new pg.Client({ connectionString: databaseUrl });
  await loader.connect();
  const q = loader as unknown as Queryable;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = api(baseUrl);
    const rawGet = (path_: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const url = new URL(baseUrl);
        const req = request(
          {
            agent: rawAgent,
            host: url.hostname,
            port: url.port,
            path: path_,
            method: 'GET',
            headers: { ...headers, authorization: `Bearer ${owner.token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.once('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
            res.once('error', reject);
          },
        );
        req.once('error', reject);
        req.end();
      });
    const serverVersion = String((await q.query('show server_version')).rows[0]?.server_version ?? 'unknown');

    // ---------- dataset ----------
    let owner: Owner;
    let info: CalendarDatasetInfo;
    let neverEnds: NeverEnds;
    if (kept) {
      const restored = await restoreAfterBulkDelete(q);
      if (restored) log(`  postgres: put back what an interrupted bulk delete removed (${JSON.stringify(restored)})`);
      owner = await loginOwner(call, 0);
      await q.query('delete from events where studio_id = $1 and start_at >= $2', [
        owner.ctx.studioId,
        mappingCheckFrom,
      ]);
      info = kept;
      neverEnds = await probeNeverEnds(
        call,
        owner,
        deps,
        (await assetsOf(q, owner.ctx.studioId)).calendarIds[0] as string,
      );
      // the app changed what it stores for "no end" since the dataset was generated: the same meaning, new value
      const old = kept.neverEndsAt ?? fallbackNeverEnds;
      if (old !== neverEnds.value) {
        const changed = await q.query('update events set until_at = $2 where rrule is not null and until_at = $1', [
          old,
          neverEnds.value,
        ]);
        info = { ...kept, neverEndsAt: neverEnds.value };
        await writeMarker(q, info);
        log(
          `  postgres: series with no end now end at ${neverEnds.value} in the app (were ${old}): ${(changed as unknown as { rowCount: number }).rowCount} rows updated`,
        );
      }
    } else {
      ({ owner, info, neverEnds } = await generateDataset({
        call,
        deps,
        loader: q,
        plan,
        server: { baseUrl, dataDir },
        log,
      }));
    }
    if (!neverEnds.storedByApp) log(`  postgres: POST /events refuses a series with no end: ${neverEnds.error}`);
    const ctx: StudioContext = owner.ctx;
    const assets = await assetsOf(q, ctx.studioId);
    log('  postgres: checking the generated rows against POST /events and the domain …');
    const mappingCheckedAgainstApi = await checkEventMappingAgainstApi(call, owner, deps, q, assets, neverEnds);
    for (const c of mappingCheckedAgainstApi.filter((c) => !c.stored))
      log(`  postgres: the app could not store "${c.label}" (${c.rrule}): ${c.error}`);
    const seriesChecked = await checkGeneratedSeries(q, ctx.studioId, neverEnds);
    const tableSizesMb = Object.fromEntries(
      (
        await q.query(
          `select c.relname, pg_total_relation_size(c.oid) as bytes from pg_class c
           where c.relname in ('events', 'patients') or c.relname like 'events\\_%idx' or c.relname = 'events_pkey'
           order by c.relname`,
        )
      ).rows.map((r) => [String(r.relname), mb(Number(r.bytes))]),
    );
    await settle();

    // ---------- export: a year, streamed (first, while the process is small: RSS growth is the export's) ----------
    const exportFromTo = romeDayRange(exportRange.start, exportRange.end);
    log(`  postgres: listing the export's events directly (${exportRange.start}…${exportRange.end}) …`);
    const l0 = performance.now();
    let exportEvents = 0;
    for await (const _ of eventsStartingIn(deps.db, ctx, exportFromTo.from, exportFromTo.to, [])) exportEvents++;
    const listingSeconds = seconds(performance.now() - l0);
    await settle();
    log(`  postgres: GET /data-exporter/events × 2 (${exportEvents.toLocaleString('en-US')} events) …`);
    const exportRuns: ExportRun[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await measureExport(
        baseUrl,
        owner.token,
        exportEvents + 1,
        `/data-exporter/events?start=${exportRange.start}&end=${exportRange.end}`,
      );
      if (run.status !== 200 || run.lines !== run.expectedLines)
        throw new Error(`export: status ${run.status}, ${run.lines} lines, expected ${run.expectedLines}`);
      exportRuns.push(run);
      await settle();
    }

    // ---------- GET /events: one week, checked route against service ----------
    const queryOf = (week: { start: string; end: string }, staff?: string) =>
      eventsQuerySchema.parse({ start: week.start, end: week.end, ...(staff ? { staffMembersIds: staff } : {}) });
    const pathOf = (week: { start: string; end: string }, staff?: string) =>
      `/app/api/events?start=${week.start}&end=${week.end}${staff ? `&staffMembersIds=${staff}` : ''}`;
    const idsOf = (list: { id: string }[]) => list.map((e) => e.id).join(',');
    /**
     * The route's answer equals the service's: asked plain (no Accept-Encoding), it is the JSON of listEvents'
     * events; asked with a browser's headers, it is compressed (br expected, gzip accepted: the loads then expect
     * whichever came), and decompressed it is those very bytes; asked as over plain HTTP (gzip, deflate), it is
     * gzipped, and gunzipped the same; listEventsAnswer in-process hands out the same three buffers. Its sizes (JSON,
     * the browser's wire, gzip) and what the SQL returned, for the record.
     */
    const checkWeek = async (week: { start: string; end: string }, staff?: string) => {
      const direct = await listEvents(deps, ctx, queryOf(week, staff));
      const plain = await rawGet(pathOf(week, staff), { accept: browserHeaders.accept });
      if (plain.status !== 200)
        throw new Error(`GET /events: ${plain.status} ${plain.body.toString('utf8').slice(0, 300)}`);
      if (plain.headers['content-encoding'])
        throw new Error(`GET /events without Accept-Encoding: content-encoding ${plain.headers['content-encoding']}`);
      const viaHttp = (JSON.parse(plain.body.toString('utf8')) as { response: CalendarEvent[] }).response;
      if (idsOf(viaHttp) !== idsOf(direct)) throw new Error('GET /events and listEvents answer different events');
      const browser = await rawGet(pathOf(week, staff), browserHeaders);
      const wireEncoding = wireEncodingOf(browser.headers['content-encoding']);
      if (browser.status !== 200 || wireEncoding === null)
        throw new Error(
          `GET /events with a browser's headers: status ${browser.status}, content-encoding ${browser.headers['content-encoding'] ?? 'none'} (neither br nor gzip)`,
        );
      if (!decompressed(wireEncoding, browser.body).equals(plain.body))
        throw new Error(`GET /events: the browser's answer (${wireEncoding}) decompressed is not the plain answer`);
      const overHttp = await rawGet(pathOf(week, staff), plainHttpBrowserHeaders);
      if (overHttp.status !== 200 || overHttp.headers['content-encoding'] !== 'gzip')
        throw new Error(
          `GET /events with accept-encoding "${plainHttpBrowserHeaders['accept-encoding']}": status ${overHttp.status}, content-encoding ${overHttp.headers['content-encoding'] ?? 'none'}`,
        );
      if (!gunzipSync(overHttp.body).equals(plain.body))
        throw new Error('GET /events: the gzipped answer gunzipped is not the plain answer');
      const ready = await listEventsAnswer(deps, ctx, queryOf(week, staff));
      if (
        !ready.json.equals(plain.body) ||
        !ready[wireEncoding].equals(browser.body) ||
        !ready.gzip.equals(overHttp.body)
      )
        throw new Error('listEventsAnswer and GET /events answer different bytes');
      const { from, to } = romeDayRange(week.start, week.end);
      const window = await calendarRepository.window(deps.db, ctx, from, to, queryOf(week, staff));
      const occurrences = direct.length - window.single.length;
      const header = (name: string) => {
        const v = browser.headers[name];
        return v === undefined ? null : String(v);
      };
      return {
        direct,
        answerBytes: plain.body.byteLength,
        wireBytes: browser.body.byteLength,
        wireEncoding,
        gzipBytes: overHttp.body.byteLength,
        answerHeaders: {
          contentEncoding: header('content-encoding'),
          vary: header('vary'),
          contentType: header('content-type'),
        },
        plainAnswerIsServiceJson: plain.body.equals(Buffer.from(JSON.stringify(ok(direct)))),
        rows: { appointments: window.single.length, series: window.series.length, occurrences },
      };
    };
    const headlineWeek = await checkWeek(measuredWeek);
    const staffId = assets.staffIds[1] as string;
    const staffWeek = await checkWeek(measuredWeek, staffId);
    log(
      `  postgres: week ${measuredWeek.start}…${measuredWeek.end}: ${headlineWeek.direct.length} events (${headlineWeek.rows.appointments} appointments and exceptions, ${headlineWeek.rows.occurrences} occurrences of ${headlineWeek.rows.series} series), ${(headlineWeek.answerBytes / 1024).toFixed(0)} kB of JSON, ${(headlineWeek.wireBytes / 1024).toFixed(0)} kB in ${headlineWeek.wireEncoding} on a browser's wire, ${(headlineWeek.gzipBytes / 1024).toFixed(0)} kB in gzip (vary: ${headlineWeek.answerHeaders.vary}); one staff member: ${staffWeek.direct.length}`,
    );
    for (const week of [headlineWeek, staffWeek])
      if (week.wireEncoding !== 'br')
        log(
          `  postgres: GET /events answers Chromium's "${browserHeaders['accept-encoding']}" in ${week.wireEncoding}, not br: the loads expect ${week.wireEncoding}`,
        );
    if (!headlineWeek.answerHeaders.vary?.toLowerCase().includes('accept-encoding'))
      log(
        `  postgres: GET /events answers ${headlineWeek.wireEncoding} without "vary: accept-encoding" (vary: ${headlineWeek.answerHeaders.vary})`,
      );
    if (!headlineWeek.plainAnswerIsServiceJson)
      log('  postgres: the plain answer is not byte for byte the JSON of the envelope of listEvents');

    // ---------- EXPLAIN of the list's queries, and of the route's own ----------
    /**
     * Each query the list sends, explained three times (the machine is shared: one run can land on a busy moment);
     * the plan kept is the run of median execution time, the three times are kept with it.
     */
    const explainList = async (week: { start: string; end: string }) => {
      const { queries } = await captureQueries(client, () => listEvents(deps, ctx, queryOf(week)));
      const explained: (ExplainedQuery & { executionMsRuns: number[] })[] = [];
      for (const x of queries) {
        const tries: ExplainedQuery[] = [];
        for (let i = 0; i < 3; i++) tries.push(await explainQuery(client, x));
        tries.sort((a, b) => executionMs(a.plan) - executionMs(b.plan));
        explained.push({ ...(tries[1] as ExplainedQuery), executionMsRuns: tries.map((t) => executionMs(t.plan)) });
      }
      return explained;
    };
    const explainMeasured = await explainList(measuredWeek);
    const explainMid = await explainList(midWeek);
    const midWeekEvents = (await listEvents(deps, ctx, queryOf(midWeek))).length;
    const viaHttp = await captureQueries(client, () =>
      fetch(`${baseUrl}${pathOf(measuredWeek)}`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) =>
        r.text(),
      ),
    );
    const serviceSql = (await captureQueries(client, () => listEvents(deps, ctx, queryOf(measuredWeek)))).queries.map(
      (x) => x.sql,
    );
    const routeOwnQueries: ExplainedQuery[] = [];
    for (const x of viaHttp.queries.filter((x) => !serviceSql.includes(x.sql)))
      routeOwnQueries.push(await explainQuery(client, x));

    // ---------- where one request's time goes (one at a time) ----------
    log('  postgres: one request step by step (medians of 30, one at a time) …');
    const runs = 30;
    const { from, to } = romeDayRange(measuredWeek.start, measuredWeek.end);
    const windowRows = await calendarRepository.window(deps.db, ctx, from, to, emptyFilter);
    const windowQueries = (
      await captureQueries(client, () => calendarRepository.window(deps.db, ctx, from, to, emptyFilter))
    ).queries;
    const serialize = serializerCompiler({
      schema: envelopeSchema(z.array(eventSchema)),
      method: 'GET',
      url: '/events',
      httpStatus: '200',
    } as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
    const envelope = ok(headlineWeek.direct);
    const envelopeJson = Buffer.from(JSON.stringify(envelope));
    const seriesOfRow = (r: (typeof windowRows.series)[number]) => ({
      start: r.event.startAt,
      end: r.event.endAt,
      rrule: r.event.rrule as string,
      exdates: r.event.exdates,
    });
    // each step once per round, the rounds one after the other: every step sees the same load of the machine
    const steps = {
      sql: () => calendarRepository.window(deps.db, ctx, from, to, emptyFilter),
      // the same two queries through the driver alone (rows as arrays, as Drizzle asks for them): no row mapping
      driver: async () => {
        for (const x of windowQueries) await client.query({ text: x.sql, values: x.params, rowMode: 'array' });
      },
      recurrence: () => {
        for (const r of windowRows.series) occurrencesBetween(seriesOfRow(r), from, to);
      },
      listEvents: () => listEvents(deps, ctx, queryOf(measuredWeek)),
      serialize: () => serialize(envelope),
      stringify: () => JSON.stringify(envelope),
      gzip: () => gzipAsync(envelopeJson),
      brotli: () => brotliAsCache(envelopeJson),
      // as the answer cache compresses a build: both at once
      compress: () => Promise.all([gzipAsync(envelopeJson), brotliAsCache(envelopeJson)]),
      answerVersion: () => studioVersions(deps.db, ctx),
      listEventsAnswer: () => listEventsAnswer(deps, ctx, queryOf(measuredWeek)),
      // a browser's request, the body kept compressed (decompressing it is the browser's time)
      http: () => rawGet(pathOf(measuredWeek), browserHeaders),
    };
    const times = Object.fromEntries(Object.keys(steps).map((k) => [k, [] as number[]])) as Record<
      keyof typeof steps,
      number[]
    >;
    for (let i = 0; i < runs; i++) {
      for (const [k, fn] of Object.entries(steps) as [keyof typeof steps, () => unknown][]) {
        const t0 = performance.now();
        await fn();
        times[k].push(performance.now() - t0);
      }
    }
    const median = (k: keyof typeof steps) =>
      round2(
        percentileOf(
          [...times[k]].sort((a, b) => a - b),
          50,
        ),
      );
    const sqlMs = median('sql');
    const recurrenceMs = median('recurrence');
    const listEventsMs = median('listEvents');
    const stringifyMs = median('stringify');
    const compressMs = median('compress');
    const listEventsAnswerMs = median('listEventsAnswer');
    const httpMs = median('http');
    const breakdown: RequestBreakdown = {
      runs,
      sqlMs,
      driverMs: median('driver'),
      recurrenceMs,
      listEventsMs,
      mappingAndSortMs: round2(listEventsMs - sqlMs - recurrenceMs),
      serializeMs: median('serialize'),
      stringifyMs,
      gzipMs: median('gzip'),
      brotliMs: median('brotli'),
      compressMs,
      rebuildMs: round2(listEventsMs + stringifyMs + compressMs),
      answerVersionMs: median('answerVersion'),
      listEventsAnswerMs,
      httpMs,
      hotRequestRestMs: round2(httpMs - listEventsAnswerMs),
      recurrenceByRule: await recurrenceByRule(windowRows.series.map(seriesOfRow), from, to, runs),
    };
    log(`  postgres: ${JSON.stringify(breakdown)}`);
    // the what-if: the same series expanded by arithmetic, checked equal, on four weeks (two with a clock change)
    const whatIfWindows = [];
    for (const week of [measuredWeek, midWeek, dstWeeks.spring, dstWeeks.autumn]) {
      const w = romeDayRange(week.start, week.end);
      const rows = await calendarRepository.window(deps.db, ctx, w.from, w.to, emptyFilter);
      whatIfWindows.push({ ...w, series: rows.series.map(seriesOfRow) });
    }
    const whatIf = recurrenceWhatIf(whatIfWindows, runs);
    log(
      `  postgres: recurrence what-if: ${whatIf.series} series, ${whatIf.identical ? 'identical occurrences' : `${whatIf.mismatches.length} MISMATCHES`}, domain ${whatIf.domainMs} ms, arithmetic ${whatIf.prototypeMs} ms; toRomeWall ${whatIf.toRomeWallNs.domain} → ${whatIf.toRomeWallNs.prototype} ns`,
    );
    await settle();

    // ---------- the loads: direct (uncached, then cached), then HTTP, same week, same concurrency ----------
    const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
    const warmupS = 2;
    const concurrency = calendarConnections;
    const oneAtATimeS = Math.max(3, Math.round(durationS / 2));
    /**
     * GET /events with a browser's headers from the worker thread, every answer in the encoding the check's answer
     * came in (br) and of the bytes expected.
     */
    const httpLoad = (opts: {
      path: string;
      wireBytes: number;
      wireEncoding: WireEncoding;
      bytesTolerance: number;
      concurrency: number;
      durationS: number;
      warmupS: number;
    }) =>
      resourcesDuring(calendarDatabaseName, () =>
        watchEventLoop(app as unknown as Parameters<typeof watchEventLoop>[0], () =>
          runGetWorker({
            baseUrl,
            token: owner.token,
            paths: [opts.path],
            headers: { ...browserHeaders },
            expectedBytes: [opts.wireBytes],
            expectedEncoding: opts.wireEncoding,
            bytesTolerance: opts.bytesTolerance,
            concurrency: opts.concurrency,
            durationS: opts.durationS,
            warmupS: opts.warmupS,
          }),
        ),
      );
    const measureLoad = async (
      label: string,
      week: Awaited<ReturnType<typeof checkWeek>>,
      staff: string | undefined,
      withTargets: boolean,
    ): Promise<ListLoad> => {
      const query = queryOf(measuredWeek, staff);
      const expected = idsOf(week.direct);
      const directLoop = (c: number, d: number, w: number) =>
        resourcesDuring(calendarDatabaseName, () =>
          closedLoop({
            concurrency: c,
            durationS: d,
            warmupS: w,
            task: async () => {
              const list = await listEvents(deps, ctx, query);
              if (list.length !== week.direct.length)
                throw new Error(`${list.length} events, not ${week.direct.length}`);
            },
          }),
        );
      const directReadyLoop = (c: number, d: number, w: number) =>
        resourcesDuring(calendarDatabaseName, () =>
          closedLoop({
            concurrency: c,
            durationS: d,
            warmupS: w,
            task: async () => {
              const answer = await listEventsAnswer(deps, ctx, query);
              if (answer[week.wireEncoding].byteLength !== week.wireBytes)
                throw new Error(
                  `${answer[week.wireEncoding].byteLength} bytes in ${week.wireEncoding}, not ${week.wireBytes}`,
                );
            },
          }),
        );
      const path_ = pathOf(measuredWeek, staff);
      const httpLoop = (c: number, d: number, w: number) =>
        httpLoad({
          path: path_,
          wireBytes: week.wireBytes,
          wireEncoding: week.wireEncoding,
          bytesTolerance: 0,
          concurrency: c,
          durationS: d,
          warmupS: w,
        });
      log(`  postgres: ${label}: listEvents directly (uncached build), ${concurrency} workers × ${durationS} s …`);
      const [direct, directResources] = await directLoop(concurrency, durationS, warmupS);
      await settle();
      log(`  postgres: ${label}: listEventsAnswer directly (cached path), ${concurrency} workers × ${durationS} s …`);
      const [directReady, directReadyResources] = await directReadyLoop(concurrency, durationS, warmupS);
      await settle();
      log(`  postgres: ${label}: GET /events (${week.wireEncoding}), ${concurrency} connections × ${durationS} s …`);
      const [[http, httpEventLoop], httpResources] = await httpLoop(concurrency, durationS, warmupS);
      await settle();
      log(`  postgres: ${label}: the same one at a time (${oneAtATimeS} s each) …`);
      const [directOne] = await directLoop(1, oneAtATimeS, 1);
      await settle();
      const [directReadyOne] = await directReadyLoop(1, oneAtATimeS, 1);
      await settle();
      const [[httpOne]] = await httpLoop(1, oneAtATimeS, 1);
      await settle();
      const profiles: ListLoad['profiles'] = [];
      if (profileWanted && withTargets) {
        // one request at a time through HTTP: where a whole request's time goes; then the service at full
        // concurrency: what 20 requests in flight add (garbage collection of their rows and events)
        log(
          `  postgres: ${label}: CPU profiles of HTTP one at a time and listEvents × ${concurrency} (${oneAtATimeS} s each) …`,
        );
        const [[[httpFigures]], httpSummary] = await profileMainThread(() => httpLoop(1, oneAtATimeS, 1));
        profiles.push({
          note: 'Self time of the main thread (the server) while GET /events ran one request at a time; the HTTP client is another thread.',
          figuresWhileProfiled: httpFigures,
          ...httpSummary,
        });
        await settle();
        const [[directFigures], directSummary] = await profileMainThread(() => directLoop(concurrency, oneAtATimeS, 1));
        profiles.push({
          note: `Self time of the main thread while listEvents ran directly with ${concurrency} calls in flight.`,
          figuresWhileProfiled: directFigures,
          ...directSummary,
        });
        await settle();
      }
      for (const f of [direct, directReady, http, directOne, directReadyOne, httpOne]) {
        if (f.errors > 0) log(`  postgres: ${label}: ${f.errors} failed calls: ${JSON.stringify(f.errorsByMessage)}`);
      }
      // the service must always answer; the route may shed load (under-pressure answers 503): reported, not fatal
      if (direct.requests === 0 || directOne.requests === 0) throw new Error(`${label}: ${direct.firstError}`);
      if (directReady.requests === 0 || directReadyOne.requests === 0)
        throw new Error(`${label}: ${directReady.firstError}`);
      if (idsOf(await listEvents(deps, ctx, query)) !== expected) throw new Error(`${label}: the answer changed`);
      const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? round2(a / b) : null);
      const p95Ratio = ratio(http.p95Ms, direct.p95Ms);
      const p95RatioToDirectReady = ratio(http.p95Ms, directReady.p95Ms);
      return {
        label,
        path: path_,
        events: week.direct.length,
        rows: week.rows,
        answerBytes: week.answerBytes,
        wireBytes: week.wireBytes,
        wireEncoding: week.wireEncoding,
        gzipBytes: week.gzipBytes,
        sides: listSides,
        http: { ...http, ...httpResources, serverEventLoop: httpEventLoop },
        direct: { ...direct, ...directResources },
        directReady: { ...directReady, ...directReadyResources },
        p95Ratio,
        p50Ratio: ratio(http.p50Ms, direct.p50Ms),
        p95RatioToDirectReady,
        p50RatioToDirectReady: ratio(http.p50Ms, directReady.p50Ms),
        oneAtATime: { http: httpOne, direct: directOne, directReady: directReadyOne },
        profiles,
        targets: withTargets
          ? {
              p95UnderMs: calendarTargets.listP95Ms,
              p95Met: http.p95Ms < calendarTargets.listP95Ms && http.errors === 0,
              failedRequests: http.errors,
              maxRatio: calendarTargets.listHttpOverDirectP95,
              ratioMet: p95Ratio !== null && http.errors === 0 && p95Ratio <= calendarTargets.listHttpOverDirectP95,
              ratioToDirectReadyMet:
                p95RatioToDirectReady !== null &&
                http.errors === 0 &&
                p95RatioToDirectReady <= calendarTargets.listHttpOverDirectP95,
            }
          : null,
      };
    };
    const headline = await measureLoad('week, filters empty', headlineWeek, undefined, true);
    const oneStaffMember = await measureLoad('week, one staff member', staffWeek, staffId, false);

    // ---------- writes: the first answer after one, and the headline load while the studio writes ----------
    // Appointments of the measured week (not series: their occurrences carry the series' ids), toggled by a plain
    // UPDATE on the loader's connection, as any write would: the triggers move the studio's calendar version in the
    // writing transaction, so the next GET /events builds the answer again. Put back as they were afterwards.
    const weekRange = romeDayRange(measuredWeek.start, measuredWeek.end);
    const writable = (
      await q.query(
        `select id, is_pagato from events
         where studio_id = $1 and rrule is null and series_id is null and start_at >= $2 and start_at < $3
         order by start_at, id limit 20`,
        [ctx.studioId, weekRange.from, weekRange.to],
      )
    ).rows.map((r) => ({ id: String(r.id), isPagato: Boolean(r.is_pagato) }));
    if (writable.length === 0) throw new Error('no appointment in the measured week to write');
    const headlineIds = new Set(headlineWeek.direct.map((e) => e.id));
    if (!writable.every((w) => headlineIds.has(w.id))) throw new Error('a written event is not in the measured week');
    const writeSql = 'update events set is_pagato = not is_pagato where id = $1 and studio_id = $2 returning is_pagato';
    const writeOne = async (n: number) => {
      const target = writable[n % writable.length] as (typeof writable)[number];
      const row = (await q.query(writeSql, [target.id, ctx.studioId])).rows[0];
      if (!row) throw new Error(`write: event ${target.id} not found`);
      return { id: target.id, isPagato: Boolean(row.is_pagato) };
    };
    const calendarVersion = async () =>
      BigInt(
        String(
          (await q.query('select version from calendar_versions where studio_id = $1', [ctx.studioId])).rows[0]
            ?.version ?? 0,
        ),
      );
    let afterWrite: AfterWrite;
    const whileWrites: WhileWrites[] = [];
    try {
      log(`  postgres: first answer after a write: ${afterWriteRuns} × (one UPDATE, then GET /events) …`);
      const path_ = pathOf(measuredWeek);
      const firstTimes: number[] = [];
      const hotTimes: number[] = [];
      let answersShowTheWrite = true;
      const builds0 = answerBuilds.count;
      for (let i = 0; i < afterWriteRuns; i++) {
        const written = await writeOne(i);
        const t0 = performance.now();
        const first = await rawGet(path_, browserHeaders);
        const t1 = performance.now();
        const second = await rawGet(path_, browserHeaders);
        const t2 = performance.now();
        firstTimes.push(t1 - t0);
        hotTimes.push(t2 - t1);
        if (first.status !== 200 || first.headers['content-encoding'] !== headlineWeek.wireEncoding)
          throw new Error(
            `first answer after a write: status ${first.status}, content-encoding ${first.headers['content-encoding'] ?? 'none'}, not ${headlineWeek.wireEncoding}`,
          );
        const shown = (
          JSON.parse(decompressed(headlineWeek.wireEncoding, first.body).toString('utf8')) as {
            response: CalendarEvent[];
          }
        ).response.find((e) => e.id === written.id);
        if (shown?.isPagato !== written.isPagato || !second.body.equals(first.body)) answersShowTheWrite = false;
        await sleep(20);
      }
      const httpBuilds = answerBuilds.count - builds0;
      const directTimes: number[] = [];
      for (let i = 0; i < afterWriteRuns; i++) {
        await writeOne(i);
        const t0 = performance.now();
        await listEventsAnswer(deps, ctx, queryOf(measuredWeek));
        directTimes.push(performance.now() - t0);
        await sleep(20);
      }
      afterWrite = {
        write: writeSql,
        eventsWritten: writable.length,
        http: spreadOf(firstTimes),
        httpHotAfter: spreadOf(hotTimes),
        directReady: spreadOf(directTimes),
        builds: httpBuilds,
        answersShowTheWrite,
      };
      log(
        `  postgres: first answer after a write: HTTP p50 ${afterWrite.http.p50Ms} ms, p95 ${afterWrite.http.p95Ms} ms, max ${afterWrite.http.maxMs} ms (the next one ${afterWrite.httpHotAfter.p50Ms} ms); listEventsAnswer p50 ${afterWrite.directReady.p50Ms} ms; ${httpBuilds} builds for ${afterWriteRuns} writes; ${answersShowTheWrite ? 'every answer showed its write' : 'SOME ANSWERS DID NOT SHOW THEIR WRITE'}`,
      );
      await settle();

      for (const intervalMs of writeIntervalsMs) {
        log(
          `  postgres: GET /events, ${concurrency} connections × ${durationS} s, one event of the week changed every ${intervalMs} ms …`,
        );
        const version0 = await calendarVersion();
        const builds0 = answerBuilds.count;
        let stop = false;
        let writes = 0;
        const writeTimes: number[] = [];
        const w0 = performance.now();
        const writer = (async () => {
          let next = performance.now();
          while (!stop) {
            const t0 = performance.now();
            await writeOne(writes);
            writeTimes.push(performance.now() - t0);
            writes++;
            next += intervalMs;
            const wait = next - performance.now();
            if (wait > 0) await sleep(wait);
            else next = performance.now();
          }
        })();
        let loaded: Awaited<ReturnType<typeof httpLoad>>;
        try {
          loaded = await httpLoad({
            path: path_,
            wireBytes: headlineWeek.wireBytes,
            wireEncoding: headlineWeek.wireEncoding,
            bytesTolerance: whileWritesBytesTolerance,
            concurrency,
            durationS,
            warmupS,
          });
        } finally {
          stop = true;
          await writer;
        }
        const wallS = (performance.now() - w0) / 1000;
        const [[http, serverEventLoop], resources] = loaded;
        const writeSpread = spreadOf(writeTimes);
        const run: WhileWrites = {
          intervalMs,
          http: { ...http, ...resources, serverEventLoop },
          writes,
          writesPerSecond: round2(writes / wallS),
          writeMs: { p50Ms: writeSpread.p50Ms, maxMs: writeSpread.maxMs },
          builds: answerBuilds.count - builds0,
          versionMoves: Number((await calendarVersion()) - version0),
          bytesTolerance: whileWritesBytesTolerance,
        };
        whileWrites.push(run);
        if (http.errors > 0) log(`  postgres: ${http.errors} failed requests: ${JSON.stringify(http.errorsByMessage)}`);
        if (run.versionMoves !== writes)
          log(`  postgres: the studio's calendar version moved ${run.versionMoves} times for ${writes} writes`);
        log(
          `  postgres: while writing every ${intervalMs} ms: p50 ${http.p50Ms} ms, p95 ${http.p95Ms} ms, p99 ${http.p99Ms} ms, ${http.requestsPerSec} req/s; ${writes} writes, ${run.builds} answers built`,
        );
        await settle();
      }
    } finally {
      for (const w of writable)
        await q.query('update events set is_pagato = $2 where id = $1 and is_pagato is distinct from $2', [
          w.id,
          w.isPagato,
        ]);
    }
    if (idsOf(await listEvents(deps, ctx, queryOf(measuredWeek))) !== idsOf(headlineWeek.direct))
      throw new Error('the measured week changed after the writes were put back');

    // ---------- a candidate index for the series query, tried and dropped ----------
    let indexExperiment: IndexExperiment | null = null;
    if (indexExperimentWanted) {
      const name = 'bench_events_series_until_start_idx';
      const definition = `create index ${name} on events (studio_id, until_at, start_at) where rrule is not null`;
      log(`  postgres: trying ${definition} …`);
      const seriesQueryOf = (explained: ExplainedQuery[]) => explained.find((x) => /is not null/.test(x.sql));
      const weeks: IndexExperiment['weeks'] = [];
      const beforeList = await medianMs(runs, () => listEvents(deps, ctx, queryOf(measuredWeek)));
      const c0 = performance.now();
      await q.query(definition);
      const createSeconds = seconds(performance.now() - c0);
      try {
        const size = Number((await q.query('select pg_relation_size($1) as b', [name])).rows[0]?.b);
        for (const [label, before] of [
          [`${measuredWeek.start}…${measuredWeek.end}`, explainMeasured],
          [`${midWeek.start}…${midWeek.end}`, explainMid],
        ] as const) {
          const series = seriesQueryOf(before);
          if (!series) continue;
          const after = await explainQuery(client, series);
          weeks.push({
            week: label,
            before: { executionMs: executionMs(series.plan), buffers: buffersOf(series.plan) },
            after: { executionMs: executionMs(after.plan), buffers: buffersOf(after.plan), plan: after.plan },
          });
        }
        const afterList = await medianMs(runs, () => listEvents(deps, ctx, queryOf(measuredWeek)));
        indexExperiment = {
          index: definition,
          createSeconds,
          sizeMb: mb(size),
          weeks,
          listEventsMs: { before: beforeList, after: afterList },
          note: "Created for this trial only and dropped again: the dataset keeps exactly the migrations' indexes.",
        };
      } finally {
        await q.query(`drop index if exists ${name}`);
      }
      await settle();
    }
    // the list's queries hash every patient of every studio when the planner expects few events: with hash joins
    // off they look their patients up by primary key instead (a transaction of its own; nothing else changes)
    const joinTrial: JoinTrial[] = [];
    for (const [i, x] of explainMeasured.entries()) {
      const summary = (plan: string) => ({
        topNode: (plan.split('\n')[0] ?? '').replace(/\s+\(.*$/, ''),
        executionMs: executionMs(plan),
        buffers: buffersOf(plan),
      });
      const planned = await explainQuery(client, x);
      await q.query('begin');
      try {
        await q.query('set local enable_hashjoin = off');
        const without = await explainQuery(q, x);
        joinTrial.push({ query: i + 1, planned: summary(planned.plan), withoutHashJoin: summary(without.plan) });
      } finally {
        await q.query('rollback');
      }
    }
    log(
      `  postgres: join trial: ${JSON.stringify(joinTrial.map((j) => [j.planned.topNode, j.planned.executionMs, j.withoutHashJoin.topNode, j.withoutHashJoin.executionMs]))}`,
    );
    log(
      `  postgres: index trial: ${JSON.stringify(indexExperiment?.weeks.map((w) => [w.week, w.before.executionMs, w.after.executionMs]))}`,
    );
    await settle();

    // ---------- bulk delete with the e-mailed backup ----------
    const bulkDelete = bulkDeleteWanted ? await measureBulkDelete({ deps, ctx, owner, baseUrl, smtp, q, log }) : null;

    return {
      database: 'postgres',
      serverVersion,
      databaseName: calendarDatabaseName,
      dataset: { ...info, reused: kept !== null, neverEnds, mappingCheckedAgainstApi, seriesChecked, tableSizesMb },
      list: {
        week: measuredWeek,
        headline,
        oneStaffMember,
        breakdown,
        recurrenceWhatIf: whatIf,
        explain: {
          measuredWeek: explainMeasured,
          midWeek: explainMid,
          midWeekEvents,
          routeOwnQueries,
          routeQueriesTotal: viaHttp.queries.length,
        },
        indexExperiment,
        joinTrial,
        requestHeaders: browserHeaders,
        answerHeaders: headlineWeek.answerHeaders,
        plainAnswerIsServiceJson: headlineWeek.plainAnswerIsServiceJson,
        afterWrite,
        whileWrites,
      },
      export: {
        range: exportRange,
        events: exportEvents,
        listingSeconds,
        runs: exportRuns,
        eventsMet: exportEvents >= calendarTargets.exportEvents,
        rssMet: exportRuns.every((r) => r.rssGrowthMb < calendarTargets.exportRssGrowthMb),
      },
      bulkDelete,
    };
  } finally {
    rawAgent.destroy();
    await app.close();
    await loader.end();
    await database.close();
    await deps.mailTransport.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const measureBulkDelete = async (opts: {
  deps: ReturnType<typeof createDeps>;
  ctx: StudioContext;
  owner: Owner;
  baseUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  q: Queryable;
  log: (line: string) => void;
}): Promise<BulkDeleteResult> => {
  const { deps, ctx, owner, baseUrl, smtp, q, log } = opts;
  // the fewest whole days from bulkDeleteFrom holding the target: events per day in Rome over eight weeks
  const start = Date.parse(`${bulkDeleteFrom}T00:00:00Z`);
  const scan = romeDayRange(bulkDeleteFrom, isoDay(start + 55 * 86_400_000));
  const perDay = new Map<string, number>();
  for await (const e of eventsStartingIn(deps.db, ctx, scan.from, scan.to, [])) {
    const day = isoDay(toRomeWall(Date.parse(e.start)));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  let end = bulkDeleteFrom;
  let listed = 0;
  for (let d = start; listed < calendarTargets.bulkDeleteEvents; d += 86_400_000) {
    end = isoDay(d);
    listed += perDay.get(end) ?? 0;
    if (d > start + 55 * 86_400_000) throw new Error('no range of eight weeks holds the bulk delete target');
  }
  const range = { start: bulkDeleteFrom, end };
  const { from, to } = romeDayRange(range.start, range.end);

  // the same listing and CSV the route does, timed on their own (nothing deleted)
  const s0 = performance.now();
  const before: CalendarEvent[] = [];
  for await (const e of eventsStartingIn(deps.db, ctx, from, to, [])) before.push(e);
  const listMs = performance.now() - s0;
  const c0 = performance.now();
  const csv = await eventsCsv(deps.db, ctx, before);
  const csvMs = performance.now() - c0;
  if (before.length !== listed) throw new Error(`bulk delete: ${before.length} events listed, ${listed} counted`);

  // kept until put back: every row of the studio the deletion may remove or change
  await q.query(
    `create table ${restoreTable} as select * from events where studio_id = $1 and start_at < $3 and until_at > $2`,
    [ctx.studioId, from, to],
  );
  const studioRows = async () =>
    Number((await q.query('select count(*)::int as n from events where studio_id = $1', [ctx.studioId])).rows[0]?.n);
  const rowsBefore = await studioRows();
  const exdatesBefore = String(
    (
      await q.query(
        "select md5(string_agg(id::text || exdates::text, ',' order by id)) as h from events where studio_id = $1 and rrule is not null",
        [ctx.studioId],
      )
    ).rows[0]?.h,
  );
  const mailsBefore = smtp.received.length;
  await settle();

  log(`  postgres: DELETE /events/bulk ${range.start}…${range.end} (${listed.toLocaleString('en-US')} events) …`);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/app/api/events/bulk?start=${range.start}&end=${range.end}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const body = (await res.json()) as { answer?: string; response?: { deletedCount: number } };
  const ms = performance.now() - t0;
  const deletedCount = body.response?.deletedCount ?? -1;

  const mail = smtp.received.slice(mailsBefore).at(-1);
  const attachment = `backup-eventi-${range.start.replaceAll('-', '')}-${range.end.replaceAll('-', '')}.csv`;
  const content = mail ? attachmentOf(mail.raw, attachment) : null;
  const lines = content
    ? content
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((l) => l !== '')
    : [];
  const csvIds = lines.slice(1).map((l) => l.split(';').at(-1) ?? '');
  const deletedIds = before.map((e) => e.id);
  const idsMatchDeleted =
    csvIds.length === deletedIds.length && [...csvIds].sort().join(',') === [...deletedIds].sort().join(',');
  let remainingInRange = 0;
  for await (const _ of eventsStartingIn(deps.db, ctx, from, to, [])) remainingInRange++;

  // put the dataset back as it was
  const r0 = performance.now();
  const restored = await restoreAfterBulkDelete(q);
  // plain VACUUM (the dead rows of the delete): statistics stay those of the generation, so plans stay the same
  await q.query('vacuum events');
  const restoreSeconds = seconds(performance.now() - r0);
  const exdatesAfter = String(
    (
      await q.query(
        "select md5(string_agg(id::text || exdates::text, ',' order by id)) as h from events where studio_id = $1 and rrule is not null",
        [ctx.studioId],
      )
    ).rows[0]?.h,
  );
  const eventsBackAsBefore = (await studioRows()) === rowsBefore && exdatesAfter === exdatesBefore;
  if (!eventsBackAsBefore) throw new Error('bulk delete: the dataset could not be put back as it was');

  const seconds_ = seconds(ms);
  const arrived = Boolean(mail && content);
  return {
    range,
    listedEvents: listed,
    status: res.status,
    deletedCount,
    seconds: seconds_,
    answer: body.answer ?? null,
    stepsMs: { listMs: Math.round(listMs), csvMs: Math.round(csvMs), csvBytes: Buffer.byteLength(csv) },
    mail: {
      arrived,
      to: mail?.to ?? [],
      attachment,
      attachmentBytes: content?.byteLength ?? 0,
      csvRows: Math.max(0, lines.length - 1),
      idsMatchDeleted,
    },
    remainingInRange,
    restore: {
      insertedRows: restored?.insertedRows ?? 0,
      updatedSeries: restored?.updatedSeries ?? 0,
      seconds: restoreSeconds,
      eventsBackAsBefore,
    },
    met:
      res.status === 200 &&
      deletedCount === listed &&
      listed >= calendarTargets.bulkDeleteEvents &&
      seconds_ < calendarTargets.bulkDeleteSeconds &&
      arrived &&
      idsMatchDeleted &&
      remainingInRange === 0,
  };
};

const targetsOf = (r: CalendarPostgresResult): Record<string, boolean> => ({
  [`calendarWeekP95Under${calendarTargets.listP95Ms}ms`]: r.list.headline.targets?.p95Met ?? false,
  [`calendarWeekP95Within${calendarTargets.listHttpOverDirectP95}xDirect`]: r.list.headline.targets?.ratioMet ?? false,
  calendarExport100kEvents: r.export.eventsMet,
  [`calendarExportRssGrowthUnder${calendarTargets.exportRssGrowthMb}Mb`]: r.export.rssMet,
  [`calendarBulkDelete10kUnder${calendarTargets.bulkDeleteSeconds}s`]: r.bulkDelete?.met ?? false,
});

/**
 * The calendar benchmark on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without one). PGlite is
 * left out: generating millions of rows in its WASM build takes many minutes, and the embedded database serves
 * one small studio. Writes bench/results/calendar.json.
 */
export const runCalendar = async (opts: { log: (line: string) => void }): Promise<CalendarResults> => {
  const results: CalendarResults = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      note:
        'Server, HTTP client (a worker thread), direct workers and PostgreSQL share one machine and its cores, and ' +
        'other work ran on it meanwhile: see the load averages. Latencies are exact percentiles of a closed loop ' +
        '(each connection sends its next request when the last answer arrives) after a 2 s warm-up.',
      loadAverageAtStart: loadAverage(),
      connections: calendarConnections,
      durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    },
    targets: calendarTargets,
    postgres: { skipped: 'BENCH_DATABASE_URL and TEST_DATABASE_URL are unset' },
    targetMet: {},
  };
  const save = () => {
    results.meta.loadAverageAtEnd = loadAverage();
    mkdirSync(path.dirname(calendarResultsFile), { recursive: true });
    writeFileSync(calendarResultsFile, `${JSON.stringify(results, null, 2)}\n`);
  };
  const adminUrl = postgresUrlFromEnv();
  if (adminUrl) {
    try {
      const r = await runCalendarPostgres(adminUrl, opts.log);
      results.postgres = r;
      Object.assign(results.targetMet, targetsOf(r));
    } catch (err) {
      results.postgres = { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      opts.log(`  postgres failed: ${String(err)}`);
    }
  } else {
    opts.log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }
  save();
  return results;
};
