/**
 * Financial analytics (issue 14 target), PostgreSQL only: a studio with 100,000 documents (the invoices part's
 * generator: invoices, credit notes and pro-forma over five years, 500 patients, a fifth of them tagged) and 5,000
 * received invoices, among 200,000 documents of 50 other studios.
 *  1. GET /analytics/cashflow/summary and GET /analytics/cashflow (MONTHLY) for the year 2025: p95 < 100 ms, and
 *     within 2× the same SQL run directly: the statements a request sends, read on the wire between the app and
 *     PostgreSQL (harness/sql-capture.ts; the auth statement left out) and replayed with node-postgres in the same
 *     shape (the summary's one after the other, the series' at once, the revenue's transaction on one connection),
 *     on the same database. One client after the other, and 10 at once. The app runs as `npm start` runs it;
 *     studios are made through the API, their documents through the SQL loader.
 *  2. The same with the tag filter, and GET /analytics/revenue (by service and by tag), for the record.
 *  3. EXPLAIN (ANALYZE, BUFFERS) of every statement.
 * Part `analytics` of `npm run bench` (BENCH_ONLY=analytics); writes bench/results/analytics.json.
 * Options: BENCH_ANALYTICS_DOCUMENTS (100000)  BENCH_ANALYTICS_OTHER (200000)  BENCH_DURATION_S (10)
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createOwner, startApp } from '../harness/app.ts';
import { closedLoop, type LatencyFigures, percentileOf } from '../harness/closed-loop.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, saveResults } from '../harness/results.ts';
import { type Captured, startSqlCapture } from '../harness/sql-capture.ts';
import { type Query, withSql } from '../harness/sql-loader.ts';
import { generate } from './invoices.ts';
import type { InvoicesLoadInput } from './invoices-load-worker.ts';

const databaseName = 'studiolo_bench_analytics';
const studioDocuments = Number(process.env.BENCH_ANALYTICS_DOCUMENTS ?? (quick ? 5_000 : 100_000));
const otherDocuments = Number(process.env.BENCH_ANALYTICS_OTHER ?? (quick ? 2_000 : 200_000));
const otherStudios = quick ? 2 : 50;
const receivedPerStudio = quick ? 500 : 5_000;
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 10));
const round2 = (v: number) => Math.round(v * 100) / 100;
const year = { startDate: '2025-01-01', endDate: '2025-12-31' };

const httpLoad = (input: InvoicesLoadInput) =>
  new Promise<LatencyFigures>((resolve, reject) => {
    const worker = new Worker(new URL('./invoices-load-worker.ts', import.meta.url), { workerData: input });
    let result: LatencyFigures | null = null;
    worker.once('message', (m: LatencyFigures) => {
      result = m;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load worker exited ${code}`))));
  });

/** Received invoices (costs) of a studio over the same five years, in one statement. */
const generateReceived = async (query: Query, studioId: string, count: number) => {
  await query(
    `insert into documenti_ricevuti (studio_id, hash, indice, file_name, origine, fornitore, tipo_documento, numero,
       data_documento, imponibile_cents, iva_cents, totale_cents, ritenuta_cents, avvisi, xml)
     select $1, 'bench' || i, 1, 'IT01234567890_' || i || '.xml', 'UPLOAD', 'Fornitore ' || (i % 40),
       case when i % 25 = 0 then 'TD04' else 'TD01' end, 'F-' || i,
       to_char(date '2022-01-03' + (i * 1782 / $2)::int, 'YYYY-MM-DD'), 5000 + i % 900, 1100, 6100 + i % 900, 0,
       '[]'::jsonb, '<xml/>'
     from generate_series(1, $2::int) as i`,
    [studioId, count],
  );
};

/** The analytics statements of a request (its own reads and the transaction around them): not the auth statement. */
const ownStatements = (all: Captured[]) =>
  all.filter(
    (c) =>
      !/pgboss/i.test(c.text) &&
      (/documenti_contabili|documenti_ricevuti/i.test(c.text) || /^\s*(begin|commit|set local jit)/i.test(c.text)),
  );

export const runAnalytics = async ({ log }: { log: (line: string) => void }) => {
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) {
    log('  analytics: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped');
    return null;
  }
  const databaseUrl = await prepareBenchDatabase(adminUrl, databaseName);
  const sqlOf = <R extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
    withSql(databaseUrl, (query) => query<R>(sql, params));
  // the first app talks to PostgreSQL through the capture relay (to read the statements a request sends); the
  // measured one, started after, directly
  const capture = await startSqlCapture(databaseUrl);
  let app = await startApp({ database: { url: capture.url }, env: { SCRYPT_COST_LOG2: '10' } });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    // ---------- dataset: studios through the API, their documents through the SQL loader ----------
    const t0 = performance.now();
    const owner = await createOwner(app, 0);
    await withSql(databaseUrl, async (query) => {
      await generate(query, owner.studioId, studioDocuments, 0);
      await generateReceived(query, owner.studioId, receivedPerStudio);
      // a fifth of the patients tagged 'Sportivo', another fifth 'Lombalgia'
      await query(
        `update patients set tags = case when n % 5 = 0 then array['Sportivo'] when n % 5 = 1 then array['Lombalgia']
           else '{}'::text[] end
         from (select id as pid, row_number() over (order by id) as n from patients where studio_id = $1) as t
         where id = t.pid`,
        [owner.studioId],
      );
    });
    const perOther = Math.floor(otherDocuments / otherStudios);
    for (let s = 1; s <= otherStudios; s++) {
      const other = await createOwner(app, s);
      await withSql(databaseUrl, async (query) => {
        await generate(query, other.studioId, perOther, s);
        await generateReceived(query, other.studioId, Math.floor(receivedPerStudio / 10));
      });
    }
    await sqlOf('vacuum analyze');
    const generatedS = round2((performance.now() - t0) / 1000);
    const total = Number((await sqlOf<{ n: string }>('select count(*) as n from documenti_contabili'))[0]?.n);
    const yearDocs = Number(
      (
        await sqlOf<{ n: string }>(
          `select count(*) as n from documenti_contabili where studio_id = $1 and serie = 'FATTURA'
             and data_documento between $2 and $3`,
          [owner.studioId, year.startDate, year.endDate],
        )
      )[0]?.n,
    );
    log(
      `  analytics: ${studioDocuments} documents for the studio (${yearDocs} invoices in 2025), ${total} in the table, generated in ${generatedS} s`,
    );

    const q = new URLSearchParams(year).toString();
    const paths = {
      summary: `/app/api/analytics/cashflow/summary?${q}`,
      monthly: `/app/api/analytics/cashflow?${q}&granularity=MONTHLY`,
      summaryTagged: `/app/api/analytics/cashflow/summary?${q}&tags=Sportivo`,
      revenue: `/app/api/analytics/revenue?${q}`,
    };
    const getFrom = (baseUrl: string) => async (p: string) => {
      const res = await fetch(`${baseUrl}${p}`, { headers: { authorization: `Bearer ${owner.token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    };

    // ---------- the statements, as the app sends them (read on the wire) ----------
    const captured = getFrom(app.baseUrl);
    const statements = {} as Record<keyof typeof paths, Captured[]>;
    for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
      await captured(paths[name]);
      statements[name] = ownStatements(await capture.record(() => captured(paths[name])));
      if (statements[name].length === 0) throw new Error(`no statement captured for ${paths[name]}`);
    }
    await app.stop();
    await capture.close();
    app = await startApp({ database: { url: databaseUrl }, env: { SCRYPT_COST_LOG2: '10' } });
    const baseUrl = app.baseUrl;
    const get = getFrom(baseUrl);

    /** The summary's statements one after the other (as the repository awaits them), the others at once. */
    const direct = {
      summary: async () => {
        for (const s of statements.summary) await pool.query(s.text, s.params);
      },
      monthly: async () => {
        await Promise.all(statements.monthly.map((s) => pool.query(s.text, s.params)));
      },
      summaryTagged: async () => {
        for (const s of statements.summaryTagged) await pool.query(s.text, s.params);
      },
      // one transaction (begin, set local jit = off, the two splits, commit): one connection, in order
      revenue: async () => {
        const c = await pool.connect();
        try {
          for (const s of statements.revenue) await c.query(s.text, s.params);
        } finally {
          c.release();
        }
      },
    };
    const timeSequential = async (task: () => Promise<unknown>, n = 200) => {
      const times: number[] = [];
      for (let i = 0; i < n + 20; i++) {
        const s = performance.now();
        await task();
        if (i >= 20) times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      return { calls: n, p50Ms: round2(percentileOf(times, 50)), p95Ms: round2(percentileOf(times, 95)) };
    };
    // the floor: an authenticated route that reads one row (token, membership, envelope: what every call pays)
    const floor = await timeSequential(() => get('/app/api/user/getUser'));
    log(`  analytics: floor GET /user/getUser one client p50 ${floor.p50Ms} ms p95 ${floor.p95Ms} ms`);

    type Figures = {
      sequential: { http: { p50Ms: number; p95Ms: number }; direct: { p50Ms: number; p95Ms: number } };
      concurrent10: { http: LatencyFigures; direct: LatencyFigures };
      p95RatioSequential: number;
      p95RatioConcurrent10: number;
      /** the machine's load average when this route's figures were taken (other work skews them) */
      loadAverage?: number[];
    };
    const figures: Record<string, Figures> = {};
    for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
      // alternated, so load on the machine falls on both alike
      const seqDirect = await timeSequential(direct[name]);
      const seqHttp = await timeSequential(() => get(paths[name]));
      const concHttp = await httpLoad({
        baseUrl,
        token: owner.token,
        paths: [paths[name]],
        concurrency: 10,
        durationS: Math.max(3, Math.floor(durationS / 2)),
        warmupS: 1,
      });
      const concDirect = await closedLoop({
        concurrency: 10,
        durationS: Math.max(3, Math.floor(durationS / 2)),
        warmupS: 1,
        task: direct[name],
      });
      figures[name] = {
        sequential: { http: seqHttp, direct: seqDirect },
        concurrent10: { http: concHttp, direct: concDirect },
        p95RatioSequential: round2(seqHttp.p95Ms / seqDirect.p95Ms),
        p95RatioConcurrent10: round2(concHttp.p95Ms / concDirect.p95Ms),
      };
      figures[name].loadAverage = loadavg().map(round2);
      log(
        `  analytics: ${name}: one client p95 HTTP ${seqHttp.p95Ms} ms, SQL ${seqDirect.p95Ms} ms (×${figures[name].p95RatioSequential}); 10 at once p95 HTTP ${concHttp.p95Ms} ms, SQL ${concDirect.p95Ms} ms (×${figures[name].p95RatioConcurrent10})`,
      );
    }

    // ---------- plans ----------
    const plans: Record<string, string[][]> = {};
    for (const [name, list] of Object.entries(statements)) {
      // the settings a statement ran under (set local jit = off) apply to its plan too; begin/commit are not plans
      const jitOff = list.some((s) => /^set local jit = off/i.test(s.text));
      plans[name] = await withSql(databaseUrl, async (query) => {
        if (jitOff) await query('set jit = off');
        const out: string[][] = [];
        for (const s of list.filter((x) => /^\s*select/i.test(x.text)))
          out.push(
            (await query<Record<string, string>>(`explain (analyze, buffers, format text) ${s.text}`, s.params)).map(
              (r) => r['QUERY PLAN'] as string,
            ),
          );
        return out;
      });
    }

    // the page's latency is one person's request: the target is one client after the other; 10 at once (on this
    // machine's cores, shared with the load generator and PostgreSQL) is measured and reported beside it
    const oneClient = (f: Figures | undefined) =>
      Boolean(f && f.sequential.http.p95Ms < 100 && f.p95RatioSequential <= 2);
    const tenAtOnce = (f: Figures | undefined) =>
      Boolean(f && f.concurrent10.http.p95Ms < 100 && f.p95RatioConcurrent10 <= 2);
    const targets = {
      summaryUnder100MsWithin2xSql: oneClient(figures.summary),
      monthlyUnder100MsWithin2xSql: oneClient(figures.monthly),
      summaryUnder100MsWithin2xSqlAt10: tenAtOnce(figures.summary),
      monthlyUnder100MsWithin2xSqlAt10: tenAtOnce(figures.monthly),
    };
    return saveResults('analytics', {
      meta: {
        measuredAt: new Date().toISOString(),
        ...(quick ? { quick: true } : {}),
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGiB: round2(totalmem() / 2 ** 30),
        loadavg: loadavg().map(round2),
        node: process.version,
        postgres: String((await sqlOf<{ server_version: string }>('show server_version'))[0]?.server_version),
        durationS,
        range: year,
      },
      dataset: {
        studioDocuments,
        studioInvoicesInRange: yearDocs,
        documentsInTable: total,
        otherStudios,
        receivedPerStudio,
        generatedS,
      },
      authenticatedFloorOneClient: floor,
      figures,
      statements: Object.fromEntries(Object.entries(statements).map(([k, v]) => [k, v.map((s) => s.text)])),
      plans,
      targets,
    });
  } finally {
    await pool.end();
    await app.stop();
    await capture.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runAnalytics({ log: console.log });
