/**
 * The patient registry of a large studio (issue 3, decision 015): GET /v2/pazienti with three letters at 20
 * connections, p95 under 20 ms and within 2× its SQL alone; the registry export with flat memory. 100,000 patients
 * on PostgreSQL among 20,000 of four other studios; 10,000 on PGlite.
 *
 * From outside: the app runs as `npm start` runs it (harness/app.ts), studios are made through the API, patients
 * through the SQL loader (harness/patients-dataset.ts: rows mapped as the server maps POST /pazienti, checked against
 * one made through the API). Measured:
 *  - searchIndex: the first search after a start and 20 lists without words (the server reads the studio and builds
 *    its index) and the RSS it adds, against a hot search;
 *  - common words (thousands of matches each), rare ones (under 1,000), at 20 connections; the floor (`direct`,
 *    PostgreSQL): the statements one search sends, read on the wire (harness/sql-capture.ts), replayed by 20 clients;
 *  - commonRowsNotHeld: every page of the common words in turn (some 57,000 patients, more than the 20,000 a server
 *    keeps), so the pages' patients are read from the database;
 *  - mainThreadProfile: the server started with --cpu-prof, self time by area while 20 connections search;
 *  - export: GET /data-exporter/anagrafiche-pazienti twice, the server's RSS from /proc.
 *
 * Part `patients` (BENCH_ONLY=patients); writes bench/results/patients.json.
 * Options: BENCH_PATIENTS_PG (100000)  BENCH_PATIENTS_PGLITE (10000)  BENCH_DURATION_S (10)
 *          BENCH_PATIENTS_DATABASES (postgres,pglite)  BENCH_PATIENTS_PROFILE (1; 0 leaves the profile out)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { patientInputSchema } from '@studiolo/domain/patients';
import pg from 'pg';
import { type App, apiOf, createOwner, patientBody, startApp } from '../harness/app.ts';
import { closedLoop, type LatencyFigures } from '../harness/closed-loop.ts';
import { summariseProfile } from '../harness/cpu-profile.ts';
import { getBytes, httpLoad, sampleRss, timed } from '../harness/http-loop.ts';
import { patientRowOf, patientStatements } from '../harness/patients-dataset.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from '../harness/postgres.ts';
import { quick, round2, saveResults } from '../harness/results.ts';
import { type Captured, ownStatements, startSqlCapture } from '../harness/sql-capture.ts';
import { loadSqlAndRestart, withSql } from '../harness/sql-loader.ts';

const commonWords = ['ros', 'bia', 'esp', 'fer', 'ric', 'mar', 'gre', 'col', 'rom', 'gal'];
const rareWords = ['fal', 'zuc', 'fad', 'mot', 'cir', 'pir', 'pag', 'fio', 'lan', 'vit'];
const connections = 20;
const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 10));
const pageSize = 25;
const targets = { httpP95Ms: 20, httpOverDirectP95: 2, exportRssGrowthMb: 100 } as const;
const sizes = {
  postgres: Number(process.env.BENCH_PATIENTS_PG ?? (quick ? 5_000 : 100_000)),
  pglite: Number(process.env.BENCH_PATIENTS_PGLITE ?? (quick ? 2_000 : 10_000)),
};
const searchPath = (word: string, page = 0) => `/app/api/v2/pazienti?searchText=${word}&page=${page}&size=${pageSize}`;

/** Makes the studios and their patients; PostgreSQL also checks the loader's rows against one made by the API. */
const makeDataset = async (app: App, patients: number) => {
  const owner = await createOwner(app, 0);
  const others = [];
  for (let s = 1; s <= 4; s++) others.push(await createOwner(app, s));
  const t0 = performance.now();
  const statements = [
    ...patientStatements(owner.studioId, patients, 1),
    ...others.flatMap((o, i) => patientStatements(o.studioId, patients / 20, 100 + i)),
  ];
  let mappingCheckedAgainstApi = false;
  if (app.databaseUrl) {
    const body = patientBody(987_654);
    const { id } = await apiOf(app).call<{ id: string }>('POST', '/pazienti', body, owner.token);
    const [stored] = await withSql(app.databaseUrl, (q) => q('select * from patients where id = $1', [id]));
    const mine = patientRowOf(patientInputSchema.parse(body), owner.studioId);
    const differs = Object.keys(mine).filter((k) => {
      const v = stored?.[k];
      const s = v instanceof Date ? v.toISOString().slice(0, 10) : v;
      return JSON.stringify(s ?? null) !== JSON.stringify(mine[k] ?? null);
    });
    if (differs.length > 0) throw new Error(`the loader's patient rows differ from the app's in ${differs.join(', ')}`);
    await apiOf(app).call('DELETE', `/pazienti/${id}`, undefined, owner.token);
    mappingCheckedAgainstApi = true;
  }
  const loaded = await loadSqlAndRestart(app, statements);
  if (loaded.databaseUrl) await withSql(loaded.databaseUrl, (q) => q('vacuum analyze patients'));
  const loadSeconds = round2((performance.now() - t0) / 1000);
  return {
    app: loaded,
    owner,
    dataset: { patients, otherStudios: 4, rowsInTable: patients * 1.2, loadSeconds, mappingCheckedAgainstApi },
  };
};

const measure = async (database: 'postgres' | 'pglite', log: (l: string) => void) => {
  const adminUrl = postgresUrlFromEnv();
  const url =
    database === 'postgres' && adminUrl ? await prepareBenchDatabase(adminUrl, 'studiolo_bench_patients') : null;
  // a shared, busy machine is not a server under pressure: no 503 for a late event loop (as the tests' config)
  const env = { SCRYPT_COST_LOG2: '10', MAX_EVENT_LOOP_DELAY_MS: '30000' };
  // PostgreSQL: the dataset is made, and the statements of a search read, through the capture relay
  const capture = url ? await startSqlCapture(url) : null;
  const made = await makeDataset(
    await startApp({ ...(capture ? { database: { url: capture.url } } : {}), env }),
    sizes[database],
  );
  const { owner, dataset } = made;
  let app = made.app;
  log(
    `  ${database}: ${dataset.patients} patients (+${dataset.patients / 5} in 4 studios) loaded in ${dataset.loadSeconds} s`,
  );
  const statementsOf: Record<string, Captured[]> = {};
  const capturedOf: Record<string, number> = {};
  if (capture && url) {
    const get = (p: string) => getBytes(app.baseUrl, p, owner.token);
    await get(searchPath('ros'));
    for (const w of [...commonWords, ...rareWords]) {
      await get(searchPath(w));
      const all = await capture.record(() => get(searchPath(w)));
      capturedOf[w] = all.length;
      statementsOf[w] = ownStatements(all);
    }
    await app.stop();
    await capture.close();
    app = await startApp({ database: { url }, env });
  }
  const pool = url ? new pg.Pool({ connectionString: url, max: connections }) : null;
  try {
    const get = (p: string) => getBytes(app.baseUrl, p, owner.token);
    // ---------- the first search after a start: the index read and built ----------
    // the list without words stays in SQL (no index): it warms the auth path and the connections first
    for (let i = 0; i < 20; i++) await get(`/app/api/v2/pazienti?page=0&size=${pageSize}`);
    const first = await sampleRss(app.rssMb, () => timed(1, () => get(searchPath('ros'))));
    const hot = await timed(50, () => get(searchPath('ros')));
    const searchIndex = {
      patients: dataset.patients,
      firstSearchMs: first.result.meanMs,
      hotSearchP50Ms: hot.p50Ms,
      readAndBuildMs: round2(first.result.meanMs - hot.p50Ms),
      rssGrowthMb: first.rssGrowthMb,
    };
    log(
      `  ${database}: first search after start ${searchIndex.firstSearchMs} ms (hot ${hot.p50Ms} ms), RSS +${first.rssGrowthMb} MB`,
    );
    const matches: Record<string, number> = {};
    for (const w of [...commonWords, ...rareWords])
      matches[w] = (
        await apiOf(app).call<{ totalElements: number }>(
          'GET',
          searchPath(w).slice('/app/api'.length),
          undefined,
          owner.token,
        )
      ).totalElements;

    // ---------- loads ----------
    const load = (paths: string[], concurrency = connections, s = durationS) =>
      httpLoad({ baseUrl: app.baseUrl, token: owner.token, paths, concurrency, durationS: s, warmupS: 2 });
    // no floor when the requests send no statement of their own (answered from the server's memory)
    const floor = async (words: string[], concurrency = connections, s = durationS) =>
      pool && words.some((w) => (statementsOf[w]?.length ?? 0) > 0)
        ? closedLoop({
            concurrency,
            durationS: s,
            warmupS: 2,
            task: async (w, n) => {
              for (const st of statementsOf[words[(w + n) % words.length] as string] ?? [])
                await pool.query(st.text, st.params);
            },
          })
        : null;
    const wordsLoad = async (words: string[]) => {
      const http = await load(words.map((w) => searchPath(w)));
      const direct = await floor(words);
      const oneAtATime = {
        http: await load(
          words.map((w) => searchPath(w)),
          1,
          5,
        ),
        direct: await floor(words, 1, 5),
      };
      const ratio = (k: 'p95Ms' | 'p50Ms') => (direct ? round2(http[k] / direct[k]) : null);
      return {
        words,
        matchesPerWord: Object.fromEntries(words.map((w) => [w, matches[w]])),
        // statements read on the wire per request of each word: all of them, and its own (the floor's)
        statementsPerRequest: Object.fromEntries(
          words.map((w) => [w, { all: capturedOf[w] ?? null, own: statementsOf[w]?.length ?? null }]),
        ),
        http,
        direct,
        p95Ratio: ratio('p95Ms'),
        p50Ratio: ratio('p50Ms'),
        oneAtATime,
      };
    };
    const common = await wordsLoad(commonWords);
    const rare = await wordsLoad(rareWords);
    const pages = commonWords.flatMap((w) =>
      Array.from({ length: Math.ceil((matches[w] ?? 0) / pageSize) }, (_, p) => searchPath(w, p)),
    );
    // interleaved so that consecutive requests ask different words
    pages.sort((a, b) => (a.split('page=')[1] as string).localeCompare(b.split('page=')[1] as string));
    const notHeldHttp = await load(pages);
    const commonRowsNotHeld = {
      pages: pages.length,
      http: notHeldHttp,
      p95RatioToHeld: round2(notHeldHttp.p95Ms / common.http.p95Ms),
    };
    const show = (l: LatencyFigures | null) => (l ? `p95 ${l.p95Ms} ms (${l.requestsPerSec}/s)` : '—');
    log(
      `  ${database}: common HTTP ${show(common.http)}, SQL alone ${show(common.direct)}; rare HTTP ${show(rare.http)}; pages not held ${show(notHeldHttp)}`,
    );

    // ---------- export ----------
    const exportRuns = [];
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      const run = await sampleRss(app.rssMb, () => get('/app/api/data-exporter/anagrafiche-pazienti'));
      const lines = run.result.body
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== '').length;
      exportRuns.push({
        status: run.result.status,
        lines,
        bytes: run.result.body.length,
        seconds: round2((performance.now() - t0) / 1000),
        rssBeforeMb: run.rssBeforeMb,
        rssPeakMb: run.rssPeakMb,
        rssGrowthMb: run.rssGrowthMb,
      });
    }
    log(
      `  ${database}: export ${exportRuns.map((r) => `${r.lines} lines in ${r.seconds} s, RSS +${r.rssGrowthMb} MB`).join('; ')}`,
    );

    // ---------- a CPU profile of the server while 20 connections search ----------
    let mainThreadProfile = null;
    if (process.env.BENCH_PATIENTS_PROFILE !== '0') {
      await app.stop({ keepDataDir: !url });
      const dir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-prof-'));
      const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
      app = await startApp({
        ...(url ? { database: { url } } : { dataDir: app.dataDir, ownDataDir: true }),
        env,
        nodeArgs,
      });
      const spawnedAt = performance.now() - app.readyMs;
      await get(searchPath('ros'));
      const fromMs = performance.now() - spawnedAt + 1000;
      const figuresWhileProfiled = await load(
        commonWords.map((w) => searchPath(w)),
        connections,
        5,
      );
      const toMs = performance.now() - spawnedAt;
      await app.stop({ keepDataDir: !url });
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (file)
        mainThreadProfile = {
          figuresWhileProfiled,
          ...summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), { fromMs, toMs }),
        };
      rmSync(dir, { recursive: true, force: true });
    }
    return {
      database,
      serverVersion: url ? await postgresVersion(url) : 'pglite',
      dataset,
      searchIndex,
      search: { pageSize, common, rare, commonRowsNotHeld, ...(mainThreadProfile ? { mainThreadProfile } : {}) },
      export: {
        runs: exportRuns,
        targetGrowthMb: targets.exportRssGrowthMb,
        met: exportRuns.every((r) => r.status === 200 && r.rssGrowthMb < targets.exportRssGrowthMb),
      },
    };
  } finally {
    await pool?.end();
    await app.stop();
  }
};

export const runPatients = async ({ log }: { log: (line: string) => void }) => {
  const wanted = (process.env.BENCH_PATIENTS_DATABASES ?? 'postgres,pglite').split(',');
  const out: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const database of ['postgres', 'pglite'] as const) {
    if (!wanted.includes(database)) continue;
    if (database === 'postgres' && !postgresUrlFromEnv()) {
      log('  patients: no PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): PostgreSQL skipped');
      continue;
    }
    out[database] = await measure(database, log);
  }
  const targetMet = Object.fromEntries(
    Object.entries(out).flatMap(([db, r]) => [
      [`${db}SearchP95Under20ms`, r.search.common.http.p95Ms < targets.httpP95Ms],
      [`${db}RareSearchP95Under20ms`, r.search.rare.http.p95Ms < targets.httpP95Ms],
      ...(r.search.common.p95Ratio === null ? [] : [[`${db}SearchP95Within2xDirect`, r.search.common.p95Ratio <= 2]]),
      [`${db}ExportRssGrowthUnder100Mb`, r.export.met],
    ]),
  );
  return saveResults('patients', { targets, ...out, targetMet }, { connections, durationS });
};

if (import.meta.url === `file://${process.argv[1]}`) await runPatients({ log: console.log });
