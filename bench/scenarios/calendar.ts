/**
 * The calendar feature under a large studio (issue 4 "Performance"), on PostgreSQL:
 *  1. GET /events for one week with every filter empty, at 20 concurrent connections: p95 under 25 ms and within
 *     2× the same work called directly (`listEvents` of events.service.ts on the same database handle: the very
 *     queries, recurrence expansion and mapping the route runs, minus HTTP, auth and serialization). Also the same
 *     week filtered to one staff member (informative), EXPLAIN (ANALYZE, BUFFERS) of each query the list sends
 *     (three times each, the median kept), where one request's time goes (SQL, driver, recurrence, mapping,
 *     serialization), CPU profiles of the server, and three trials for the diagnosis: a candidate index for the
 *     series query (created, measured, dropped), the list's queries with hash joins off, and a what-if expansion
 *     of the recurrence presets by arithmetic (calendar-recurrence-whatif.ts, checked equal to the domain's).
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
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { calendarRepository, type EventFilter } from '../../apps/server/src/features/calendar/calendar.repository.ts';
import { eventsCsv, eventsStartingIn } from '../../apps/server/src/features/calendar/events.export.ts';
import { listEvents, romeDayRange } from '../../apps/server/src/features/calendar/events.service.ts';
import { ok } from '../../apps/server/src/shared/envelope.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { attachmentOf, startSmtpSink } from '../../apps/server/test/helpers/smtp-sink.ts';
import {
  type CalendarEvent,
  eventSchema,
  eventsQuerySchema,
  occurrencesBetween,
  toRomeWall,
} from '../../packages/domain/src/calendar/index.ts';
import { envelopeSchema } from '../../packages/domain/src/shared/envelope.ts';
import { z } from '../../packages/domain/src/shared/zod-it.ts';
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
import { closedLoop, type LatencyFigures, percentileOf } from './closed-loop.ts';
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
import { databaseExists, databaseUrlOf, postgresUrlFromEnv, prepareBenchDatabase } from './postgres.ts';
import { unlimitedRateLimits } from './server-process.ts';

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

const profileWanted = process.env.BENCH_CALENDAR_PROFILE !== '0';
const indexExperimentWanted = process.env.BENCH_CALENDAR_INDEX_EXPERIMENT !== '0';
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
  answerBytes: number;
  http: LatencyFigures & ResourceFigures & { serverEventLoop: EventLoopFigures };
  direct: LatencyFigures & ResourceFigures;
  /** HTTP p95 / direct p95; null when no HTTP request succeeded. */
  p95Ratio: number | null;
  p50Ratio: number | null;
  oneAtATime: { http: LatencyFigures; direct: LatencyFigures };
  /** CPU profiles of the server's main thread: GET /events one at a time, and listEvents at full concurrency. */
  profiles: MainThreadProfile[];
  targets: { p95UnderMs: number; p95Met: boolean; failedRequests: number; maxRatio: number; ratioMet: boolean } | null;
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
  /** The route's serializer (fastify-type-provider-zod: zod encode of the envelope, then JSON.stringify). */
  serializeMs: number;
  /** Of which JSON.stringify alone. */
  stringifyMs: number;
  /** One GET /events, one at a time, as the client sees it. */
  httpMs: number;
  /** httpMs minus listEventsMs and serializeMs: auth (token, membership query), validation, HTTP. */
  restOfRequestMs: number;
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
  bulkDelete: BulkDeleteResult;
};

export type CalendarResults = {
  meta: Record<string, unknown>;
  targets: typeof calendarTargets;
  postgres: CalendarPostgresResult | { skipped: string } | { failed: string };
  targetMet: Record<string, boolean>;
};

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
  log: (line: string) => void;
}): Promise<{ owner: Owner; info: CalendarDatasetInfo; neverEnds: NeverEnds }> => {
  const { call, deps, loader, plan, log } = opts;
  const t0 = performance.now();
  log(`  postgres: generating the dataset: the studio, then ${plan.otherStudios} other studios through the API …`);
  const owner = await createStudioOwner(call, 0);
  const main = await setUpMainStudio(call, owner, plan);
  const neverEnds = await probeNeverEnds(call, owner, deps, main.calendarIds[0] as string);
  const others: Owner[] = [];
  for (let i = 1; i <= plan.otherStudios; i++) others.push(await createStudioOwner(call, i));
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
  const app = await buildApp(deps);
  const client = driverOf(deps.db);
  // bulk SQL and session settings (setseed, session_replication_role) on a connection of their own
  const loader = new pg.Client({ connectionString: databaseUrl });
  await loader.connect();
  const q = loader as unknown as Queryable;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = api(baseUrl);
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
      ({ owner, info, neverEnds } = await generateDataset({ call, deps, loader: q, plan, log }));
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
    /** The route's answer equals the service's; its size and what the SQL returned, for the record. */
    const checkWeek = async (week: { start: string; end: string }, staff?: string) => {
      const direct = await listEvents(deps, ctx, queryOf(week, staff));
      const res = await fetch(`${baseUrl}${pathOf(week, staff)}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /events: ${res.status} ${text.slice(0, 300)}`);
      const viaHttp = (JSON.parse(text) as { response: CalendarEvent[] }).response;
      if (idsOf(viaHttp) !== idsOf(direct)) throw new Error('GET /events and listEvents answer different events');
      const { from, to } = romeDayRange(week.start, week.end);
      const window = await calendarRepository.window(deps.db, ctx, from, to, queryOf(week, staff));
      const occurrences = direct.length - window.single.length;
      return {
        direct,
        answerBytes: Buffer.byteLength(text),
        rows: { appointments: window.single.length, series: window.series.length, occurrences },
      };
    };
    const headlineWeek = await checkWeek(measuredWeek);
    const staffId = assets.staffIds[1] as string;
    const staffWeek = await checkWeek(measuredWeek, staffId);
    log(
      `  postgres: week ${measuredWeek.start}…${measuredWeek.end}: ${headlineWeek.direct.length} events (${headlineWeek.rows.appointments} appointments and exceptions, ${headlineWeek.rows.occurrences} occurrences of ${headlineWeek.rows.series} series), ${(headlineWeek.answerBytes / 1024).toFixed(0)} kB of JSON; one staff member: ${staffWeek.direct.length}`,
    );

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
      http: () =>
        fetch(`${baseUrl}${pathOf(measuredWeek)}`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) =>
          r.arrayBuffer(),
        ),
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
    const serializeMs = median('serialize');
    const httpMs = median('http');
    const breakdown: RequestBreakdown = {
      runs,
      sqlMs,
      driverMs: median('driver'),
      recurrenceMs,
      listEventsMs,
      mappingAndSortMs: round2(listEventsMs - sqlMs - recurrenceMs),
      serializeMs,
      stringifyMs: median('stringify'),
      httpMs,
      restOfRequestMs: round2(httpMs - listEventsMs - serializeMs),
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

    // ---------- the loads: direct, then HTTP, same week, same concurrency ----------
    const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
    const warmupS = 2;
    const concurrency = calendarConnections;
    const oneAtATimeS = Math.max(3, Math.round(durationS / 2));
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
      const path_ = pathOf(measuredWeek, staff);
      const httpLoop = (c: number, d: number, w: number) =>
        resourcesDuring(calendarDatabaseName, () =>
          watchEventLoop(app as unknown as Parameters<typeof watchEventLoop>[0], () =>
            runGetWorker({
              baseUrl,
              token: owner.token,
              paths: [path_],
              expectedBytes: [week.answerBytes],
              concurrency: c,
              durationS: d,
              warmupS: w,
            }),
          ),
        );
      log(`  postgres: ${label}: listEvents directly, ${concurrency} workers × ${durationS} s …`);
      const [direct, directResources] = await directLoop(concurrency, durationS, warmupS);
      await settle();
      log(`  postgres: ${label}: GET /events, ${concurrency} connections × ${durationS} s …`);
      const [[http, httpEventLoop], httpResources] = await httpLoop(concurrency, durationS, warmupS);
      await settle();
      log(`  postgres: ${label}: the same one at a time (${oneAtATimeS} s each) …`);
      const [directOne] = await directLoop(1, oneAtATimeS, 1);
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
      for (const f of [direct, http, directOne, httpOne]) {
        if (f.errors > 0) log(`  postgres: ${label}: ${f.errors} failed calls: ${JSON.stringify(f.errorsByMessage)}`);
      }
      // the service must always answer; the route may shed load (under-pressure answers 503): reported, not fatal
      if (direct.requests === 0 || directOne.requests === 0) throw new Error(`${label}: ${direct.firstError}`);
      if (idsOf(await listEvents(deps, ctx, query)) !== expected) throw new Error(`${label}: the answer changed`);
      const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? round2(a / b) : null);
      const p95Ratio = ratio(http.p95Ms, direct.p95Ms);
      return {
        label,
        path: path_,
        events: week.direct.length,
        rows: week.rows,
        answerBytes: week.answerBytes,
        http: { ...http, ...httpResources, serverEventLoop: httpEventLoop },
        direct: { ...direct, ...directResources },
        p95Ratio,
        p50Ratio: ratio(http.p50Ms, direct.p50Ms),
        oneAtATime: { http: httpOne, direct: directOne },
        profiles,
        targets: withTargets
          ? {
              p95UnderMs: calendarTargets.listP95Ms,
              p95Met: http.p95Ms < calendarTargets.listP95Ms && http.errors === 0,
              failedRequests: http.errors,
              maxRatio: calendarTargets.listHttpOverDirectP95,
              ratioMet: p95Ratio !== null && http.errors === 0 && p95Ratio <= calendarTargets.listHttpOverDirectP95,
            }
          : null,
      };
    };
    const headline = await measureLoad('week, filters empty', headlineWeek, undefined, true);
    const oneStaffMember = await measureLoad('week, one staff member', staffWeek, staffId, false);

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
    const bulkDelete = await measureBulkDelete({ deps, ctx, owner, baseUrl, smtp, q, log });

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
  [`calendarBulkDelete10kUnder${calendarTargets.bulkDeleteSeconds}s`]: r.bulkDelete.met,
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
