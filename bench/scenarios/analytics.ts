/**
 * Financial analytics (issue 14 target), PostgreSQL only: a studio with 100,000 documents (the invoices part's
 * generator: invoices, credit notes and pro-forma over five years, 500 patients, a fifth of them tagged) and 5,000
 * received invoices, among 200,000 documents of 50 other studios.
 *  1. GET /analytics/cashflow/summary and GET /analytics/cashflow (MONTHLY) for the year 2025: p95 < 100 ms, and
 *     within 2× the same SQL run directly: the statements the repository sends, captured from its own query builder
 *     (drizzle's logger) and replayed with node-postgres in the same shape (the summary's three one after the other,
 *     the series' three at once), in this run and on the same database. One client after the other, and 10 at once.
 *  2. The same with the tag filter, and GET /analytics/revenue (by service and by tag), for the record.
 *  3. EXPLAIN (ANALYZE, BUFFERS) of every statement.
 * Part `analytics` of `npm run bench` (BENCH_ONLY=analytics); writes bench/results/analytics.json.
 * Options: BENCH_ANALYTICS_DOCUMENTS (100000)  BENCH_ANALYTICS_OTHER (200000)  BENCH_DURATION_S (10)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { createDatabase, type DbOrTx } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { createDeps } from '../../apps/server/src/deps.ts';
import { analyticsRepository as repo } from '../../apps/server/src/features/analytics/analytics.repository.ts';
import { noRequestMeta } from '../../apps/server/src/shared/request-meta.ts';
import type { StudioContext } from '../../apps/server/src/shared/studio-context.ts';
import { apiOf, createOwner } from '../harness/app.ts';
import { closedLoop, type LatencyFigures, percentileOf } from '../harness/closed-loop.ts';
import { postgresUrlFromEnv, prepareBenchDatabase } from '../harness/postgres.ts';
import { unlimitedRateLimits } from '../harness/process.ts';
import { generate } from './invoices.ts';
import type { InvoicesLoadInput } from './invoices-load-worker.ts';

export const analyticsResultsFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'results',
  'analytics.json',
);
const databaseName = 'studiolo_bench_analytics';
const studioDocuments = Number(process.env.BENCH_ANALYTICS_DOCUMENTS ?? 100_000);
const otherDocuments = Number(process.env.BENCH_ANALYTICS_OTHER ?? 200_000);
const otherStudios = 50;
const receivedPerStudio = 5_000;
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
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
const generateReceived = async (client: pg.Client, studioId: string, count: number) => {
  await client.query(
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

type Captured = { text: string; params: unknown[] };
/** The repository's statements for a call, captured from its own query builder (nothing is changed on the way). */
const capture = async (pool: pg.Pool, run: (db: DbOrTx) => Promise<unknown>): Promise<Captured[]> => {
  const captured: Captured[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as DbOrTx;
  await run(db);
  return captured;
};

export const runAnalytics = async ({ log }: { log: (line: string) => void }) => {
  const adminUrl = postgresUrlFromEnv();
  if (!adminUrl) {
    log('  analytics: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped');
    return null;
  }
  const databaseUrl = await prepareBenchDatabase(adminUrl, databaseName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-analytics-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SCRYPT_COST_LOG2: '10',
    ...unlimitedRateLimits,
    DATABASE_URL: databaseUrl,
  });
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const deps = createDeps(config, database);
  const app = await buildApp(deps);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const query = async <R extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params)).rows as R[];
    /** An owner through the API, and the context the repository takes (not ported: see bench/README.md). */
    const ownerOf = async (i: number) => {
      const o = await createOwner({ baseUrl, dataDir }, i);
      const me = await apiOf({ baseUrl }).call<{ id: string }>('GET', '/user/getUser', undefined, o.token);
      const staff = await apiOf({ baseUrl }).call<{ id: string }[]>('GET', '/staff', undefined, o.token);
      const ctx: StudioContext = {
        userId: me.id,
        email: o.email,
        platformRole: null,
        actorUserId: null,
        actorEmail: null,
        meta: noRequestMeta,
        studioId: o.studioId,
        role: 'ROLE_USER',
        memberId: staff[0]?.id ?? '',
        versions: null,
      };
      return { token: o.token, ctx };
    };

    // ---------- dataset ----------
    const t0 = performance.now();
    const owner = await ownerOf(0);
    await generate(query, owner.ctx.studioId, studioDocuments, 0);
    await generateReceived(client, owner.ctx.studioId, receivedPerStudio);
    // a fifth of the patients tagged 'Sportivo', another fifth 'Lombalgia'
    await client.query(
      `update patients set tags = case when n % 5 = 0 then array['Sportivo'] when n % 5 = 1 then array['Lombalgia']
         else '{}'::text[] end
       from (select id as pid, row_number() over (order by id) as n from patients where studio_id = $1) as t
       where id = t.pid`,
      [owner.ctx.studioId],
    );
    const perOther = Math.floor(otherDocuments / otherStudios);
    for (let s = 1; s <= otherStudios; s++) {
      const other = await ownerOf(s);
      await generate(query, other.ctx.studioId, perOther, s);
      await generateReceived(client, other.ctx.studioId, Math.floor(receivedPerStudio / 10));
    }
    await client.query('vacuum analyze');
    const generatedS = round2((performance.now() - t0) / 1000);
    const total = Number((await client.query('select count(*) as n from documenti_contabili')).rows[0]?.n);
    const yearDocs = Number(
      (
        await client.query(
          `select count(*) as n from documenti_contabili where studio_id = $1 and serie = 'FATTURA'
             and data_documento between $2 and $3`,
          [owner.ctx.studioId, year.startDate, year.endDate],
        )
      ).rows[0]?.n,
    );
    log(
      `  analytics: ${studioDocuments} documents for the studio (${yearDocs} invoices in 2025), ${total} in the table, generated in ${generatedS} s`,
    );

    // ---------- the statements, as the repository sends them ----------
    const today = new Date().toISOString().slice(0, 10);
    const statements = {
      summary: await capture(pool, (db) => repo.summary(db, owner.ctx, year.startDate, year.endDate, [])),
      monthly: await capture(pool, (db) =>
        Promise.all([
          repo.issuedBy(db, owner.ctx, year.startDate, year.endDate, today, 'month', []),
          repo.collectedBy(db, owner.ctx, year.startDate, year.endDate, 'month', []),
          repo.costsBy(db, owner.ctx, year.startDate, year.endDate, 'month'),
        ]),
      ),
      summaryTagged: await capture(pool, (db) =>
        repo.summary(db, owner.ctx, year.startDate, year.endDate, ['Sportivo']),
      ),
      revenue: await capture(pool, (db) => repo.revenue(db, owner.ctx, year.startDate, year.endDate, [])),
    };
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
    const q = new URLSearchParams(year).toString();
    const paths = {
      summary: `/app/api/analytics/cashflow/summary?${q}`,
      monthly: `/app/api/analytics/cashflow?${q}&granularity=MONTHLY`,
      summaryTagged: `/app/api/analytics/cashflow/summary?${q}&tags=Sportivo`,
      revenue: `/app/api/analytics/revenue?${q}`,
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
    const get = async (p: string) => {
      const res = await fetch(`${baseUrl}${p}`, { headers: { authorization: `Bearer ${owner.token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
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
      if (jitOff) await client.query('set jit = off');
      plans[name] = [];
      for (const s of list.filter((x) => /^\s*select/i.test(x.text)))
        plans[name].push(
          (await client.query(`explain (analyze, buffers, format text) ${s.text}`, s.params)).rows.map(
            (r: Record<string, string>) => r['QUERY PLAN'] as string,
          ),
        );
      if (jitOff) await client.query('reset jit');
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
    const result = {
      meta: {
        measuredAt: new Date().toISOString(),
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGiB: round2(totalmem() / 2 ** 30),
        loadavg: loadavg().map(round2),
        node: process.version,
        postgres: String((await client.query('show server_version')).rows[0]?.server_version),
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
    };
    mkdirSync(path.dirname(analyticsResultsFile), { recursive: true });
    writeFileSync(analyticsResultsFile, `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await pool.end();
    await client.end();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
