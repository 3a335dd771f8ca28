/**
 * The calendar of a large studio (issue 4, decisions 013 and 016), PostgreSQL only:
 *  1. GET /events of the busy week (about 2,200 events), filters empty, at 20 connections with a browser's headers
 *     (answers in Brotli, each checked by its bytes): p95 under 25 ms and within 2× its SQL alone (`direct`: the
 *     statements a hot request sends, read on the wire by harness/sql-capture.ts, replayed by 20 clients). The same
 *     week of one staff member. The first answer after a write (an event of the week changed in SQL, then one GET),
 *     its SQL alone (`breakdown.sqlMs`: the statements of that rebuild, replayed one after the other), and the load
 *     while an event of the week changes every second and every 100 ms.
 *  2. GET /data-exporter/events of a year (about 100,000 events): time, rows, the server's RSS growth (/proc).
 *  3. DELETE /events/bulk of at least 10,000 events, under 5 s, the CSV backup kept in the local outbox (no SMTP_URL).
 * The app runs as `npm start` runs it; the dataset is made through the API and the SQL loader
 * (harness/calendar-dataset.ts: 200,000 events of the studio among 2,000,000 of 200 others), afresh on each run.
 *
 * Part `calendar` (BENCH_ONLY=calendar); writes bench/results/calendar.json.
 * Options: BENCH_DURATION_S (10)  BENCH_CALENDAR_EVENTS (200000)  BENCH_CALENDAR_OTHER_EVENTS (2000000)
 *          BENCH_CALENDAR_OTHER_STUDIOS (200)  BENCH_CALENDAR_AFTER_WRITE_RUNS (30)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { apiOf, startApp } from '../harness/app.ts';
import { calendarPlan, makeCalendarDataset } from '../harness/calendar-dataset.ts';
import { closedLoop } from '../harness/closed-loop.ts';
import { getBytes, httpLoad, sampleRss, timed } from '../harness/http-loop.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, round2, saveResults } from '../harness/results.ts';
import { type Captured, ownStatements, startSqlCapture } from '../harness/sql-capture.ts';

const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 10));
const connections = 20;
const afterWriteRuns = Number(process.env.BENCH_CALENDAR_AFTER_WRITE_RUNS ?? (quick ? 5 : 30));
const plan = calendarPlan(
  Number(process.env.BENCH_CALENDAR_EVENTS ?? (quick ? 20_000 : 200_000)),
  Number(process.env.BENCH_CALENDAR_OTHER_EVENTS ?? (quick ? 20_000 : 2_000_000)),
  Number(process.env.BENCH_CALENDAR_OTHER_STUDIOS ?? (quick ? 5 : 200)),
);
const targets = {
  listP95Ms: 25,
  listHttpOverDirectP95: 2,
  exportEvents: 100_000,
  exportRssGrowthMb: 100,
  bulkDeleteEvents: quick ? 1_000 : 10_000,
  bulkDeleteSeconds: 5,
};
const week = { start: '2026-11-16', end: '2026-11-22' };
const exportRange = { start: '2025-11-23', end: '2026-11-22' };
const bulkDeleteFrom = '2025-03-03';
/** A browser's: the web client's Accept and Chromium's Accept-Encoding over HTTPS (the server answers in Brotli). */
const browserHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const runCalendar = async ({ log }: { log: (line: string) => void }) => {
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) {
    log('  calendar: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped');
    return null;
  }
  const url = await prepareBenchDatabase(adminUrl, 'studiolo_bench_calendar');
  // a shared, busy machine is not a server under pressure: no 503 for a late event loop (as the tests' config)
  const env = { SCRYPT_COST_LOG2: '10', MAX_EVENT_LOOP_DELAY_MS: '30000' };
  const capture = await startSqlCapture(url);
  let app = await startApp({ database: { url: capture.url }, env });
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    const { owner, staffIds, dataset } = await makeCalendarDataset(app, url, plan, log);
    log(
      `  calendar: ${dataset.rows?.events} events (${dataset.rows?.studioEvents} of the studio) in ${dataset.load.totalSeconds} s`,
    );
    const headlinePath = `/app/api/events?start=${week.start}&end=${week.end}`;
    const staffPath = `${headlinePath}&staffMembersIds=${staffIds[1]}`;
    // an appointment of the week, changed in SQL as any writer would (the version triggers run)
    const [{ id: writtenId } = { id: '' }] = (
      await pool.query(
        `select id from events where studio_id = $1 and rrule is null and series_id is null and start_at >= $2 and start_at < $3 limit 1`,
        [owner.studioId, `${week.start}T00:00:00Z`, `${week.end}T00:00:00Z`],
      )
    ).rows;
    const write = () => pool.query('update events set is_pagato = not is_pagato where id = $1', [writtenId]);
    const get = (p: string, headers: Record<string, string> = browserHeaders) =>
      getBytes(app.baseUrl, p, owner.token, headers);

    // ---------- the statements a hot request and a rebuild send, read on the wire ----------
    await get(headlinePath);
    const hotCaptured = await capture.record(() => get(headlinePath));
    const hotStatements = ownStatements(hotCaptured);
    const counterStatements = hotCaptured.filter((c) => /rate_limit_counters/i.test(c.text));
    await write();
    const buildStatements = ownStatements(await capture.record(() => get(headlinePath)));
    await app.stop();
    await capture.close();
    app = await startApp({ database: { url }, env });

    const describe = async (p: string) => {
      const plain = await get(p, { accept: 'application/json' });
      if (plain.status !== 200) throw new Error(`GET ${p}: ${plain.status} ${plain.body.toString().slice(0, 300)}`);
      const wire = await get(p);
      const gzip = await get(p, { accept: 'application/json', 'accept-encoding': 'gzip, deflate' });
      const events = (JSON.parse(plain.body.toString()) as { response: unknown[] }).response.length;
      const wireEncoding = String(wire.headers['content-encoding'] ?? 'identity');
      return {
        path: p,
        events,
        answerBytes: plain.body.length,
        wireBytes: wire.body.length,
        wireEncoding,
        gzipBytes: gzip.body.length,
      };
    };
    const load = (p: string, tolerance = 0, d = describe(p)) =>
      d.then((a) =>
        httpLoad({
          baseUrl: app.baseUrl,
          token: owner.token,
          paths: [p],
          headers: browserHeaders,
          concurrency: connections,
          durationS,
          warmupS: 2,
          expect: { encoding: a.wireEncoding, bytes: [a.wireBytes], tolerance },
        }),
      );
    const replay = async (statements: Captured[]) => {
      for (const s of statements) await pool.query(s.text, s.params);
    };

    // ---------- 1. the week ----------
    const headlineAnswer = await describe(headlinePath);
    const http = await load(headlinePath);
    const direct = await closedLoop({
      concurrency: connections,
      durationS,
      warmupS: 2,
      task: () => replay(hotStatements),
    });
    // what every request also sends on PostgreSQL: the rate limiter's upsert of its address's counter, alone
    const counter = counterStatements.length
      ? await closedLoop({ concurrency: connections, durationS, warmupS: 2, task: () => replay(counterStatements) })
      : null;
    const headline = {
      ...headlineAnswer,
      rateLimitCounterAlone: counter,
      http,
      direct,
      p95Ratio: round2(http.p95Ms / direct.p95Ms),
      p50Ratio: round2(http.p50Ms / direct.p50Ms),
      hotStatements: hotStatements.length,
    };
    log(
      `  calendar: week (${headline.events} events, ${headline.wireBytes} B ${headline.wireEncoding}): HTTP p95 ${http.p95Ms} ms (${http.requestsPerSec}/s), its SQL alone p95 ${direct.p95Ms} ms, the rate limit's counter alone p95 ${counter?.p95Ms} ms (${counter?.requestsPerSec}/s)`,
    );
    const oneStaffMember = { ...(await describe(staffPath)), http: await load(staffPath) };
    log(
      `  calendar: one staff member's week (${oneStaffMember.events} events): HTTP p95 ${oneStaffMember.http.p95Ms} ms`,
    );
    const afterWrite = {
      write: 'update events set is_pagato = not is_pagato where id = $1 (an appointment of the week)',
      http: await timed(afterWriteRuns, () => get(headlinePath), write),
      httpHotAfter: await timed(afterWriteRuns, () => get(headlinePath)),
    };
    const sql = await timed(afterWriteRuns, () => replay(buildStatements));
    const breakdown = {
      runs: afterWriteRuns,
      statements: buildStatements.length,
      sqlMs: sql.p50Ms,
      rebuildMs: afterWrite.http.p50Ms,
      restMs: round2(afterWrite.http.p50Ms - sql.p50Ms),
    };
    log(
      `  calendar: first answer after a write p50 ${afterWrite.http.p50Ms} ms (its SQL ${sql.p50Ms} ms), hot after ${afterWrite.httpHotAfter.p50Ms} ms`,
    );
    const whileWrites = [];
    for (const intervalMs of [1000, 100]) {
      let writes = 0;
      let done = false;
      const writer = (async () => {
        while (!done) {
          const t0 = performance.now();
          await write();
          writes++;
          await sleep(Math.max(0, intervalMs - (performance.now() - t0)));
        }
      })();
      const t0 = performance.now();
      const figures = await load(headlinePath, 0.02, Promise.resolve(headlineAnswer));
      done = true;
      await writer;
      whileWrites.push({
        intervalMs,
        http: figures,
        writes,
        writesPerSecond: round2(writes / ((performance.now() - t0) / 1000)),
      });
      log(`  calendar: while a write every ${intervalMs} ms: p95 ${figures.p95Ms} ms p99 ${figures.p99Ms} ms`);
    }

    // ---------- 2. export of a year ----------
    const count = async (start: string, end: string) =>
      (
        await apiOf(app).call<{ count: number }>(
          'GET',
          `/events/count?start=${start}&end=${end}`,
          undefined,
          owner.token,
        )
      ).count;
    const exportEvents = await count(exportRange.start, exportRange.end);
    const exportRuns = [];
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      const run = await sampleRss(app.rssMb, () =>
        get(`/app/api/data-exporter/events?start=${exportRange.start}&end=${exportRange.end}`, {}),
      );
      const lines = run.result.body
        .toString()
        .split('\r\n')
        .filter((l) => l !== '').length;
      exportRuns.push({
        status: run.result.status,
        lines,
        expectedLines: exportEvents + 1,
        bytes: run.result.body.length,
        seconds: round2((performance.now() - t0) / 1000),
        rssBeforeMb: run.rssBeforeMb,
        rssPeakMb: run.rssPeakMb,
        rssGrowthMb: run.rssGrowthMb,
      });
    }
    log(
      `  calendar: export of ${exportEvents} events: ${exportRuns.map((r) => `${r.seconds} s, RSS +${r.rssGrowthMb} MB`).join('; ')}`,
    );

    // ---------- 3. bulk delete ----------
    let end = bulkDeleteFrom;
    let listed = 0;
    for (let d = Date.parse(`${bulkDeleteFrom}T00:00:00Z`); listed < targets.bulkDeleteEvents; d += 86_400_000) {
      end = isoDay(d);
      listed = await count(bulkDeleteFrom, end);
      if (end > '2025-06-30') throw new Error('no range from 3 March 2025 to June holds the bulk delete target');
    }
    log(`  calendar: DELETE /events/bulk ${bulkDeleteFrom}…${end} (${listed} events) …`);
    const t0 = performance.now();
    const res = await apiOf(app).fetch(`/events/bulk?start=${bulkDeleteFrom}&end=${end}`, {
      method: 'DELETE',
      token: owner.token,
    });
    const body = (await res.json()) as { answer?: string; response?: { deletedCount: number } };
    const seconds = round2((performance.now() - t0) / 1000);
    const attachment = `backup-eventi-${bulkDeleteFrom.replaceAll('-', '')}-${end.replaceAll('-', '')}.csv`;
    const outbox = path.join(app.dataDir, 'outbox');
    const backupKept = readdirSync(outbox).some(
      (f) => f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'latin1').includes(attachment),
    );
    const bulkDelete = {
      range: { start: bulkDeleteFrom, end },
      listedEvents: listed,
      status: res.status,
      deletedCount: body.response?.deletedCount ?? -1,
      seconds,
      answer: body.answer ?? null,
      backupKept,
      remainingInRange: await count(bulkDeleteFrom, end),
    };
    log(
      `  calendar: bulk delete of ${bulkDelete.deletedCount} events in ${seconds} s (backup in the outbox: ${backupKept})`,
    );

    const met = {
      calendarWeekP95Under25ms: http.p95Ms < targets.listP95Ms,
      calendarWeekP95Within2xDirect: headline.p95Ratio <= targets.listHttpOverDirectP95,
      calendarExport100kEvents:
        exportEvents >= targets.exportEvents && exportRuns.every((r) => r.lines === r.expectedLines),
      calendarExportRssGrowthUnder100Mb: exportRuns.every((r) => r.rssGrowthMb < targets.exportRssGrowthMb),
      calendarBulkDelete10kUnder5s:
        bulkDelete.deletedCount >= targets.bulkDeleteEvents && seconds < targets.bulkDeleteSeconds && backupKept,
    };
    return saveResults(
      'calendar',
      {
        targets,
        postgres: {
          serverVersion: await postgresVersion(url),
          dataset,
          list: { week, headline, oneStaffMember, afterWrite, breakdown, whileWrites },
          export: { range: exportRange, events: exportEvents, runs: exportRuns },
          bulkDelete,
        },
        targetMet: met,
      },
      { connections, durationS },
    );
  } finally {
    await pool.end();
    await app.stop();
    await capture.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runCalendar({ log: console.log });
