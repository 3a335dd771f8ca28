/**
 * Appointment reminders from outside (issue 29 "Performance", decision 036): 10,000 reminders due in the same minute
 * all handed to the SMS adapter (the local outbox: sms_messages rows with status LOCAL_OUTBOX) within 60 s, on
 * PostgreSQL and on PGlite, with a cheap route's p99 within 2× of its value at rest while they go; the send path's
 * cost per reminder.
 *
 * Dataset, as studios make it: `studios` owners signed up through the API (harness/app.ts createOwner); their
 * patients (every one with a mobile) and one appointment each, 26 to 36 hours ahead, through the SQL loader; each
 * studio's SMS credit as one purchase row (the payment webhook's row, written by the loader); the SMS switch on
 * (PATCH /consumption-meter/enable) and reminders on, 24 h before, SMS with e-mail fallback (PUT /settings/reminders:
 * the server plans the studio at once: one SCHEDULED row and one pg-boss job per appointment; timed).
 * Then the planner's rows and jobs are brought to one due instant by SQL (appointment_reminders.send_at and the
 * pg-boss jobs' start_after of queue 'appointment-reminder'; the studios' planned_at set to it too, so that the
 * 10-minute re-plan does not move them back while they go). Why not real time: the due minute the planner gives
 * depends on the hour (quiet hours 21:00–08:00 move every reminder to 08:00), and the bench must run at any hour.
 * What is measured is the send path: claim (lock, occurrence check, credit taken, SENDING), adapter, outbox, SENT.
 *  1. The cheap route (GET /documento-contabile/fattura/invoicing-years, as form-pdf, 2 clients one call after the
 *     other) at rest for `restS` seconds before the due instant, then from the due instant until the last reminder is
 *     in the outbox: p50/p95/p99 of each; "within 2×" = p99 while ≤ max(2 × p99 at rest, p99 at rest + 10 ms).
 *  2. Due → last reminder in the outbox: the outbox rows' created_at (the server's clock, same machine) read after
 *     the run; the first one, the last one, throughput; the reminders' final states.
 *  3. Cost per reminder: the server's CPU (and PostgreSQL's backends', on PostgreSQL) from /proc between the due
 *     instant and the end, divided by the reminders sent; and wall ms per reminder.
 * Progress while they go: PostgreSQL counts the outbox by SQL every 250 ms; PGlite (one process owns the directory)
 * reads each studio's balance (GET /consumption-meter/SMS_APPOINTMENT_REMINDER: the credit is taken at the claim)
 * every second, then the app is stopped and the outbox read from its directory.
 * Part `reminders` (BENCH_ONLY=reminders); writes bench/results/reminders.json.
 * Options: BENCH_REMINDERS_COUNT (10000; 1000 quick)  BENCH_REMINDERS_STUDIOS (10; 2 quick)  BENCH_REMINDERS_REST_S
 *          (10; 3 quick)  BENCH_REMINDERS_TIMEOUT_S (600; 120 quick)  BENCH_REMINDERS_PGLITE=0, BENCH_REMINDERS_POSTGRES=0
 *          BENCH_REMINDERS_PROFILE=1 (the server with --cpu-prof: the send window's profile summarised)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { defaultEventColor } from '@studiolo/domain/calendar';
import pg from 'pg';
import { type App, apiOf, createOwner, startApp } from '../harness/app.ts';
import { percentileOf } from '../harness/closed-loop.ts';
import { summariseProfile } from '../harness/cpu-profile.ts';
import { patientStatements } from '../harness/patients-dataset.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, round2, saveResults } from '../harness/results.ts';
import { loadSql, loadSqlAndRestart, type Statement } from '../harness/sql-loader.ts';

const count = Number(process.env.BENCH_REMINDERS_COUNT ?? (quick ? 1_000 : 10_000));
const studioCount = Number(process.env.BENCH_REMINDERS_STUDIOS ?? (quick ? 2 : 10));
const restS = Number(process.env.BENCH_REMINDERS_REST_S ?? (quick ? 3 : 10));
const timeoutS = Number(process.env.BENCH_REMINDERS_TIMEOUT_S ?? (quick ? 120 : 600));
const withPglite = process.env.BENCH_REMINDERS_PGLITE !== '0';
const withPostgres = process.env.BENCH_REMINDERS_POSTGRES !== '0';
const withProfile = process.env.BENCH_REMINDERS_PROFILE === '1';
const databaseName = 'studiolo_bench_reminders';
const queueName = 'appointment-reminder';
const cheapPath = '/app/api/documento-contabile/fattura/invoicing-years';
const targetS = 60;
const cheapPauseMs = 50;
const env = {
  SCRYPT_COST_LOG2: '10',
  // off, as in the tests: on the shared machine a late event loop is other work
  MAX_EVENT_LOOP_DELAY_MS: '0',
};
const hour = 3_600_000;

type Log = (line: string) => void;
type Percentiles = { requests: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
const percentiles = (ms: number[]): Percentiles => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    requests: ms.length,
    p50Ms: round2(percentileOf(sorted, 50)),
    p95Ms: round2(percentileOf(sorted, 95)),
    p99Ms: round2(percentileOf(sorted, 99)),
    maxMs: round2(sorted.at(-1) ?? Number.NaN),
  };
};
const load = () => loadavg().map(round2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** CPU ms (user + system) of each process from /proc/<pid>/stat (a process gone is left out). */
const cpuMsOf = (pids: number[]) => {
  const ms: Record<number, number> = {};
  for (const pid of pids)
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms[pid] = (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ 100
    } catch {
      // exited
    }
  return ms;
};
const cpuSpent = (before: Record<number, number>, after: Record<number, number>) =>
  Object.entries(after).reduce((sum, [pid, ms]) => sum + ms - (before[Number(pid)] ?? 0), 0);

// ------------------------------------------------------------ the studios

type Studio = { studioId: string; token: string; calendarId: string };

const makeStudios = async (app: App) => {
  const studios: Studio[] = [];
  for (let i = 0; i < studioCount; i++) {
    const owner = await createOwner(app, i);
    const calendars = await apiOf(app).call<{ calendars: { id: string }[] }>(
      'GET',
      '/calendars',
      undefined,
      owner.token,
    );
    const calendarId = calendars.calendars[0]?.id;
    if (!calendarId) throw new Error('the studio has no calendar');
    studios.push({ studioId: owner.studioId, token: owner.token, calendarId });
  }
  return studios;
};

/** Each studio's share of the reminders (the first ones take the remainder). */
const shareOf = (i: number) => Math.floor(count / studioCount) + (i < count % studioCount ? 1 : 0);

/**
 * Patients (every one with a mobile), one appointment each 26–36 h ahead (a minute apart, round the clock: the
 * 24-hour reminder falls 2–12 h ahead, its exact time does not matter, see the top), and the credit.
 */
const datasetStatements = (studios: Studio[], base: Date): Statement[] =>
  studios.flatMap((s, i) => {
    const n = shareOf(i);
    return [
      ...patientStatements(s.studioId, n, 4242 + i),
      {
        sql: `update patients set cellulare = '+39 347 ' || lpad((row_number)::text, 7, '0')
          from (select id as pid, row_number() over (order by id) from patients where studio_id = $1) p
          where patients.id = p.pid`,
        params: [s.studioId],
      },
      {
        sql: `insert into events (studio_id, calendar_id, summary, start_at, end_at, until_at, all_day, color, paziente_id)
          select $1, $2, 'Seduta', t.start_at, t.start_at + interval '30 minutes', t.start_at + interval '30 minutes',
            false, $3, p.id
          from (select id, row_number() over (order by id) as rn from patients where studio_id = $1) p,
            lateral (select $4::timestamptz + ((p.rn % 600) * interval '1 minute') as start_at) t`,
        params: [s.studioId, s.calendarId, defaultEventColor.hex, base.toISOString()],
      },
      {
        sql: `insert into sms_credit_movements (studio_id, qty, reason, idempotency_key) values ($1, $2, 'purchase', 'bench:purchase')`,
        params: [s.studioId, 5 * n],
      },
    ];
  });

/** The SMS switch on and reminders on (24 h, SMS then e-mail, no low-balance mail): the server plans each studio. */
const switchOn = async (app: App, studios: Studio[], log: Log) => {
  const planMs: number[] = [];
  for (const s of studios) {
    const call = <T>(method: string, url: string, body?: unknown) => apiOf(app).call<T>(method, url, body, s.token);
    const current = await call<Record<string, unknown> & { smsMeterId: string }>('GET', '/settings/reminders');
    await call('PATCH', '/consumption-meter/enable', { consumptionMeterId: current.smsMeterId, enabled: true });
    const t0 = performance.now();
    await call('PUT', '/settings/reminders', {
      enabled: true,
      leadTime: 'HOURS_24',
      dayBeforeTime: current.dayBeforeTime,
      channel: 'SMS_EMAIL',
      text: current.text,
      lowBalanceThreshold: 0,
    });
    planMs.push(performance.now() - t0);
  }
  const per = planMs.map((ms, i) => ms / Math.max(1, shareOf(i)));
  const planning = {
    putSettingsMs: planMs.map(round2),
    msPerReminderPlanned: round2(per.reduce((a, b) => a + b, 0) / Math.max(1, per.length)),
  };
  log(
    `  reminders ${app.database}: planned by PUT /settings/reminders: ${planMs.map((x) => Math.round(x)).join(', ')} ms (${planning.msPerReminderPlanned} ms a reminder; load ${load().join(' ')})`,
  );
  return planning;
};

/** The planner's rows and jobs brought to one due instant (see the top). */
const dueStatements = (due: Date): Statement[] => [
  {
    sql: `update appointment_reminders set send_at = $1 where state = 'SCHEDULED'`,
    params: [due.toISOString()],
  },
  {
    sql: `update pgboss.job set start_after = $1 where name = $2 and state = 'created'`,
    params: [due.toISOString(), queueName],
  },
  { sql: 'update reminder_settings set planned_at = $1', params: [due.toISOString()] },
];

// ------------------------------------------------------------ the cheap route

/**
 * Two clients calling the cheap route until `until()` (checked after each call), each waiting `cheapPauseMs` between
 * its calls: a steady trickle (~40 a second) that samples the latency without taking the server's CPU from the
 * sending (a closed loop without pauses made 290 calls a second and slowed the sending it measured).
 */
const cheapLoop = async (app: App, token: string, until: () => boolean) => {
  const ms: number[] = [];
  const errors: Record<string, number> = {};
  const client = async () => {
    while (!until()) {
      await sleep(cheapPauseMs);
      const t0 = performance.now();
      try {
        const res = await fetch(`${app.baseUrl}${cheapPath}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) errors[res.status] = (errors[res.status] ?? 0) + 1;
      } catch {
        // no answer at all (undici gives up after 300 s without headers): counted, with the time it waited
        errors.noAnswer = (errors.noAnswer ?? 0) + 1;
      }
      ms.push(performance.now() - t0);
    }
  };
  await Promise.all([client(), client()]);
  return { ...percentiles(ms), errors };
};

// ------------------------------------------------------------ the outbox, afterwards

type Outbox = {
  inOutbox: number;
  firstAt: string | null;
  lastAt: string | null;
  states: Record<string, number>;
  channels: Record<string, number>;
};
const outboxQueries = [
  `select count(*)::int as n, min(created_at) as first, max(created_at) as last from sms_messages where status = 'LOCAL_OUTBOX'`,
  `select state || coalesce(':' || reason, '') as k, count(*)::int as n from appointment_reminders group by 1`,
  `select coalesce(channel, '-') as k, count(*)::int as n from appointment_reminders group by 1`,
];
const outboxOf = (rows: Record<string, unknown>[][]): Outbox => {
  const [sms, states, channels] = rows;
  const first = sms?.[0] as { n: number; first: Date | string | null; last: Date | string | null };
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  const byKey = (r: Record<string, unknown>[] = []) => Object.fromEntries(r.map((x) => [x.k as string, x.n as number]));
  return {
    inOutbox: first.n,
    firstAt: iso(first.first),
    lastAt: iso(first.last),
    states: byKey(states),
    channels: byKey(channels),
  };
};

const figuresOf = (
  due: Date,
  outbox: Outbox,
  rest: Percentiles,
  during: Percentiles,
  cpuMs: Record<string, number>,
  restCpuMsPerCall: number,
) => {
  const dueToLastS = outbox.lastAt ? round2((Date.parse(outbox.lastAt) - due.getTime()) / 1000) : null;
  const dueToFirstS = outbox.firstAt ? round2((Date.parse(outbox.firstAt) - due.getTime()) / 1000) : null;
  const sent = Math.max(1, outbox.inOutbox);
  return {
    due: due.toISOString(),
    dueToFirstS,
    dueToLastS,
    perSecond: dueToLastS ? round2(outbox.inOutbox / dueToLastS) : null,
    wallMsPerReminder: dueToLastS ? round2((dueToLastS * 1000) / sent) : null,
    cpuMsPerReminder: Object.fromEntries(Object.entries(cpuMs).map(([k, v]) => [k, round2(v / sent)])),
    /**
     * The server's CPU a reminder less the cheap route's calls meanwhile (each at its cost at rest, the server's idle
     * work included: an estimate, a little low).
     */
    serverCpuMsPerReminderLessCheapRoute: round2(((cpuMs.server ?? 0) - during.requests * restCpuMsPerCall) / sent),
    cheapRouteServerCpuMsPerCallAtRest: round2(restCpuMsPerCall),
    outbox,
    cheapRoute: {
      rest,
      during,
      p99Ratio: round2(during.p99Ms / rest.p99Ms),
    },
    targets: {
      allInOutbox: outbox.inOutbox === count,
      within60s: outbox.inOutbox === count && dueToLastS !== null && dueToLastS <= targetS,
      cheapP99Within2x: during.p99Ms <= Math.max(2 * rest.p99Ms, rest.p99Ms + 10),
    },
  };
};

// ------------------------------------------------------------ PostgreSQL

const runPostgres = async (adminUrl: string, log: Log) => {
  const databaseUrl = await prepareBenchDatabase(adminUrl, databaseName);
  const profileDir = withProfile ? mkdtempSync(path.join(tmpdir(), 'studiolo-bench-prof-')) : null;
  let app = await startApp({
    database: { url: databaseUrl },
    env,
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  });
  const spawnedAt = performance.now() - app.readyMs;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    const studios = await makeStudios(app);
    app = await loadSqlAndRestart(app, datasetStatements(studios, new Date(Date.now() + 26 * hour)));
    log(
      `  reminders postgres: ${studioCount} studios through the API, ${count} patients and appointments through the SQL loader in ${round2((performance.now() - t0) / 1000)} s`,
    );
    const planning = await switchOn(app, studios, log);
    const scheduled = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from appointment_reminders where state = 'SCHEDULED'`,
      )
    ).rows[0]?.n;
    const jobs = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`,
        [queueName],
      )
    ).rows[0]?.n;
    if (scheduled !== count || jobs !== count)
      throw new Error(`planned ${scheduled} reminders and ${jobs} jobs, not ${count}`);
    const due = new Date(Date.now() + (restS + 2) * 1000);
    await loadSql({ database: 'postgres', url: databaseUrl }, dueStatements(due));
    const backendPids = async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => r.pid);
    const loadAtRest = load();
    const restCpu0 = cpuMsOf([app.pid]);
    const rest = await cheapLoop(app, studios[0]?.token as string, () => Date.now() >= due.getTime() - 500);
    const restCpuMsPerCall = cpuSpent(restCpu0, cpuMsOf([app.pid])) / Math.max(1, rest.requests);
    await sleep(due.getTime() - Date.now());
    const pids = await backendPids();
    const before = { server: cpuMsOf([app.pid]), postgres: cpuMsOf(pids) };
    const fromMs = performance.now() - spawnedAt;
    const loadAtDue = load();
    let done = false;
    let timedOut = false;
    const deadline = Date.now() + timeoutS * 1000;
    const progress = (async () => {
      while (!done) {
        const n = (
          await client.query<{ n: number }>(`select count(*)::int as n from sms_messages where status = 'LOCAL_OUTBOX'`)
        ).rows[0]?.n;
        if (n === count) break;
        if (Date.now() > deadline) {
          timedOut = true;
          break;
        }
        await sleep(250);
      }
      done = true;
    })();
    const during = await cheapLoop(app, studios[0]?.token as string, () => done);
    await progress;
    const after = { server: cpuMsOf([app.pid]), postgres: cpuMsOf(await backendPids()) };
    const toMs = performance.now() - spawnedAt;
    const loadAtEnd = load();
    const outboxRows: Record<string, unknown>[][] = [];
    for (const q of outboxQueries) outboxRows.push((await client.query(q)).rows);
    const outbox = outboxOf(outboxRows);
    const server = cpuSpent(before.server, after.server);
    const postgresMs = cpuSpent(before.postgres, after.postgres);
    const cpuMs = { server, postgres: postgresMs, total: server + postgresMs };
    const figures = figuresOf(due, outbox, rest, during, cpuMs, restCpuMsPerCall);
    log(
      `  reminders postgres: due → last in the outbox ${figures.dueToLastS} s (first ${figures.dueToFirstS} s), ${outbox.inOutbox}/${count}${timedOut ? ' (timed out)' : ''}; ${figures.perSecond} /s; CPU a reminder: server ${figures.cpuMsPerReminder.server} ms (${figures.serverCpuMsPerReminderLessCheapRoute} ms less the cheap route's), postgres ${figures.cpuMsPerReminder.postgres} ms; cheap route p99 at rest ${rest.p99Ms} ms, while sending ${during.p99Ms} ms (×${figures.cheapRoute.p99Ratio}); load at due ${loadAtDue.join(' ')}, at end ${loadAtEnd.join(' ')}`,
    );
    let profile = null;
    await app.stop();
    if (profileDir) {
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file)
        profile = summariseProfile(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), { fromMs, toMs });
      if (profile)
        log(
          `  reminders postgres: profile of the send window: ${profile.topCategories
            .slice(0, 8)
            .map((x) => `${x.category} ${x.percent} %`)
            .join(', ')}`,
        );
    }
    return {
      postgres: await postgresVersion(databaseUrl),
      planning,
      ...figures,
      timedOut,
      loadAverage: { atRest: loadAtRest, atDue: loadAtDue, atEnd: loadAtEnd },
      mainThreadProfile: profile,
    };
  } finally {
    await client.end();
    await app.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => null);
    await admin.end();
  }
};

// ------------------------------------------------------------ PGlite

const readPglite = async (dataDir: string) => {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm, btree_gin } });
  try {
    const rows: Record<string, unknown>[][] = [];
    for (const q of outboxQueries) rows.push((await db.query(q)).rows as Record<string, unknown>[]);
    return outboxOf(rows);
  } finally {
    await db.close();
  }
};

const runPglite = async (log: Log) => {
  let app = await startApp({ env });
  try {
    const t0 = performance.now();
    const studios = await makeStudios(app);
    app = await loadSqlAndRestart(app, datasetStatements(studios, new Date(Date.now() + 26 * hour)));
    log(
      `  reminders pglite: ${studioCount} studios through the API, ${count} patients and appointments through the SQL loader in ${round2((performance.now() - t0) / 1000)} s`,
    );
    const planning = await switchOn(app, studios, log);
    // one process owns the directory: stopped, the rows and jobs brought to the due instant, started again
    await app.stop({ keepDataDir: true });
    const due = new Date(Date.now() + (restS + 30) * 1000);
    await loadSql({ database: 'pglite', dataDir: app.dataDir }, dueStatements(due));
    const profileDir = withProfile ? mkdtempSync(path.join(tmpdir(), 'studiolo-bench-prof-')) : null;
    app = await startApp({
      dataDir: app.dataDir,
      ownDataDir: true,
      env,
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    const spawnedAt = performance.now() - app.readyMs;
    const restStartsAt = due.getTime() - restS * 1000 - 500;
    await sleep(restStartsAt - Date.now());
    const loadAtRest = load();
    const restCpu0 = cpuMsOf([app.pid]);
    const rest = await cheapLoop(app, studios[0]?.token as string, () => Date.now() >= due.getTime() - 500);
    const restCpuMsPerCall = cpuSpent(restCpu0, cpuMsOf([app.pid])) / Math.max(1, rest.requests);
    await sleep(due.getTime() - Date.now());
    const before = cpuMsOf([app.pid]);
    const fromMs = performance.now() - spawnedAt;
    const loadAtDue = load();
    let done = false;
    let timedOut = false;
    const deadline = Date.now() + timeoutS * 1000;
    const initial = studios.map((_, i) => 5 * shareOf(i));
    const progress = (async () => {
      while (!done) {
        await sleep(1000);
        let claimed = 0;
        for (const [i, s] of studios.entries()) {
          const meter = await apiOf(app)
            .call<{ qty: number }>('GET', '/consumption-meter/SMS_APPOINTMENT_REMINDER', undefined, s.token)
            .catch(() => ({ qty: initial[i] as number })); // no answer: nothing known of this studio this time
          // one segment a reminder with the default text (checked after, in the outbox)
          claimed += Math.min(shareOf(i), (initial[i] as number) - meter.qty);
        }
        if (claimed >= count) {
          await sleep(1000); // the last claims' adapter calls and outbox rows
          break;
        }
        if (Date.now() > deadline) {
          timedOut = true;
          break;
        }
      }
      done = true;
    })();
    const during = await cheapLoop(app, studios[0]?.token as string, () => done);
    await progress;
    const cpuMs = { server: cpuSpent(before, cpuMsOf([app.pid])) };
    const toMs = performance.now() - spawnedAt;
    const loadAtEnd = load();
    await app.stop({ keepDataDir: true });
    const outbox = await readPglite(app.dataDir);
    const figures = figuresOf(due, outbox, rest, during, cpuMs, restCpuMsPerCall);
    log(
      `  reminders pglite: due → last in the outbox ${figures.dueToLastS} s (first ${figures.dueToFirstS} s), ${outbox.inOutbox}/${count}${timedOut ? ' (timed out)' : ''}; ${figures.perSecond} /s; server CPU ${figures.cpuMsPerReminder.server} ms a reminder (${figures.serverCpuMsPerReminderLessCheapRoute} ms less the cheap route's); cheap route p99 at rest ${rest.p99Ms} ms, while sending ${during.p99Ms} ms (×${figures.cheapRoute.p99Ratio}); load at due ${loadAtDue.join(' ')}, at end ${loadAtEnd.join(' ')}`,
    );
    let profile = null;
    if (profileDir) {
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file)
        profile = summariseProfile(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), { fromMs, toMs });
      rmSync(profileDir, { recursive: true, force: true });
      if (profile)
        log(
          `  reminders pglite: profile of the send window: ${profile.topCategories
            .slice(0, 8)
            .map((x) => `${x.category} ${x.percent} %`)
            .join(', ')}`,
        );
    }
    return {
      planning,
      ...figures,
      timedOut,
      loadAverage: { atRest: loadAtRest, atDue: loadAtDue, atEnd: loadAtEnd },
      mainThreadProfile: profile,
    };
  } finally {
    await app.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
};

export const runReminders = async ({ log }: { log: Log }) => {
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) log('  reminders: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): PGlite only');
  const postgres = adminUrl && withPostgres ? await runPostgres(adminUrl, log) : null;
  const pglite = withPglite ? await runPglite(log) : null;
  return saveResults(
    'reminders',
    {
      options: { count, studios: studioCount, restS, timeoutS, targetS, cheapPath },
      postgres,
      pglite,
      targetsMet: {
        postgres: postgres ? postgres.targets : null,
        pglite: pglite ? pglite.targets : null,
      },
    },
    { env },
  );
};

if (import.meta.url === `file://${process.argv[1]}`) await runReminders({ log: console.log });
