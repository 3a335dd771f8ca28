/**
 * Foundation benchmarks (not part of npm test): `npm run bench` from the repository root.
 *
 *  a. PGlite cold start to STUDIOLO_READY on an empty DATA_DIR, and a warm reopen, RSS at ready (median of 3).
 *  b. HTTP load (autocannon, 50 connections, ~10 s per route) on PGlite: POST /user/login at the real scrypt
 *     cost, authenticated GET /user/getUser, and a bare Fastify process as the floor, side by side.
 *  c. The same on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (own database studiolo_bench).
 *  d. Codice fiscale validation against the npm packages codice-fiscale-js and @marketto/codice-fiscale-utils:
 *     agreement with the expected answers and checks per second (own file bench/results/codice-fiscale-peers.json).
 *
 * Writes bench/results/foundation.json and prints a summary.
 * Options: --only=startup,pglite,postgres,codice-fiscale (or BENCH_ONLY)   BENCH_DURATION_S (10)   BENCH_CONNECTIONS (50)
 *          BENCH_SCRYPT_COST_LOG2 (17, the server default)   BENCH_LOGIN_DURATION_S (30)
 *          --profile or BENCH_PROFILE=1: adds a CPU profile of the server under getUser load on PGlite
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codiceFiscalePeersResultsFile,
  runCodiceFiscalePeers,
  saveCodiceFiscalePeers,
} from './scenarios/codice-fiscale-peers.ts';
import { runColdStart } from './scenarios/cold-start.ts';
import { type DatabaseLoadResult, runDatabaseLoad } from './scenarios/database-load.ts';
import {
  type LoadFigures,
  type LoadOptions,
  load,
  type UnloadedFigures,
  unloadedLatency,
} from './scenarios/http-load.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from './scenarios/postgres.ts';
import { profileGetUser } from './scenarios/profile.ts';
import { freePort, repoRoot, spawnUntilReady } from './scenarios/server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'foundation.json');

const args = process.argv.slice(2);
// From the root, `npm run bench -- --flag` does not reach this script (the root script re-invokes npm): the env
// variables BENCH_ONLY and BENCH_PROFILE=1 do the same as --only= and --profile.
const only = (args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? process.env.BENCH_ONLY)?.split(',');
const profileWanted = args.includes('--profile') || process.env.BENCH_PROFILE === '1';
const wants = (part: string) => !only || only.includes(part);
const loadOptions: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationS: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupS: 2,
};
const scryptCostLog2 = Number(process.env.BENCH_SCRYPT_COST_LOG2 ?? 17);
/** Prints a line; an empty one (a route not measured on this database) is skipped. */
const log = (line: string) => {
  if (line !== '') console.log(line);
};

const startBare = async () => {
  const port = await freePort();
  return spawnUntilReady({
    args: [path.join(here, 'scenarios', 'bare-fastify.ts')],
    env: { PORT: String(port) },
    port,
    readyPattern: /BARE_READY/,
  });
};

const measureBare = async (baseUrl: string, label: string) => {
  log(`  bare Fastify GET /bare (${label}) …`);
  const target = { name: 'bare Fastify GET /bare', url: `${baseUrl}/bare` };
  const unloaded = await unloadedLatency(target);
  return { ...(await load(target, loadOptions)), unloaded };
};

const results: Record<string, unknown> = {
  meta: {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    note: 'Client (autocannon) and servers share the same machine and cores; each figure is one run after a 2 s warm-up. Other work on the machine skews the figures: see the load averages.',
    loadAverageAtStart: loadavg().map((v) => Math.round(v * 100) / 100),
    load: loadOptions,
  },
};

const targetMet: Record<string, boolean> = {};
/** Written after every part, so a failing later part keeps the figures already measured. */
const save = () => {
  (results.meta as Record<string, unknown>).loadAverageAtEnd = loadavg().map((v) => Math.round(v * 100) / 100);
  results.targetMet = targetMet;
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
};
const bare = await startBare();
try {
  if (wants('startup')) {
    log('a. PGlite cold start and warm reopen (3 runs) …');
    const startup = await runColdStart(3, 3000);
    results.startup = startup;
    targetMet.coldStartUnder3s = startup.targetMet;
    save();
  }

  // The scrypt-bound login last: requests still queued when a run ends keep the server busy for seconds.
  const pgRoutes = ['config', 'health', 'getUser', 'loginCost10', 'login'] as const;
  if (wants('pglite')) {
    log('b. HTTP load on PGlite …');
    const floor = await measureBare(bare.baseUrl, 'floor for PGlite');
    const pglite = await runDatabaseLoad({
      database: 'pglite',
      scryptCostLog2,
      bareP50Ms: floor.p50Ms,
      bareAverageMs: floor.averageMs,
      bareUnloadedP50Ms: floor.unloaded.p50Ms,
      load: loadOptions,
      routes: pgRoutes,
      withInfoLogging: true,
      log,
    });
    results.pglite = { bare: floor, ...pglite };
    targetMet.pgliteGetUserWithin1_5xBare = pglite.authenticatedGetTarget.targetMet;
    save();
  }

  if (wants('postgres')) {
    const adminUrl = postgresUrlFromEnv();
    if (!adminUrl) {
      log('c. PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
      results.postgres = { skipped: 'BENCH_DATABASE_URL and TEST_DATABASE_URL are unset' };
    } else {
      log('c. HTTP load on PostgreSQL …');
      const databaseUrl = await prepareBenchDatabase(adminUrl);
      const floor = await measureBare(bare.baseUrl, 'floor for PostgreSQL');
      const postgres = await runDatabaseLoad({
        database: 'postgres',
        databaseUrl,
        scryptCostLog2,
        bareP50Ms: floor.p50Ms,
        bareAverageMs: floor.averageMs,
        bareUnloadedP50Ms: floor.unloaded.p50Ms,
        load: loadOptions,
        routes: ['health', 'getUser', 'loginCost10', 'login'],
        log,
      });
      const safeUrl = new URL(databaseUrl);
      safeUrl.password = '';
      results.postgres = {
        serverVersion: await postgresVersion(databaseUrl),
        databaseUrl: safeUrl.toString(),
        bare: floor,
        ...postgres,
      };
      targetMet.postgresGetUserWithin1_5xBare = postgres.authenticatedGetTarget.targetMet;
    }
    save();
  }

  if (wants('codice-fiscale')) {
    log('d. Codice fiscale: Studiolo and npm peers …');
    const peers = await runCodiceFiscalePeers({ log });
    saveCodiceFiscalePeers(peers);
    results.codiceFiscalePeers = {
      file: path.relative(repoRoot, codiceFiscalePeersResultsFile),
      checksPerSecond: Object.fromEntries(peers.implementations.map((i) => [i.name, i.checksPerSecond])),
      agreementPercent: Object.fromEntries(peers.implementations.map((i) => [i.name, i.agreementPercent])),
    };
    targetMet.codiceFiscaleRightAndAtLeastAsFastAsPeers = peers.targetMet;
    save();
  }

  if (profileWanted) {
    log('profile: CPU profile of GET /user/getUser on PGlite …');
    try {
      results.profile = await profileGetUser({ load: loadOptions, outDir: path.join(here, 'results', 'profiles') });
    } catch (err) {
      results.profile = { failed: err instanceof Error ? err.message : String(err) };
      log(`  profile failed: ${String(err)}`);
    }
  }
} finally {
  await bare.stop();
}

save();

// ---------- summary ----------
const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v} ms`);
const row = (label: string, f: LoadFigures | undefined, u?: UnloadedFigures) =>
  f
    ? `    ${label.padEnd(40)} p50 ${ms(f.p50Ms).padStart(8)}  p99 ${ms(f.p99Ms).padStart(8)}  ${String(f.requestsPerSec).padStart(8)} req/s` +
      (u ? `   | 1 at a time: p50 ${ms(u.p50Ms)}, p99 ${ms(u.p99Ms)}` : '') +
      (f.non2xx || f.errors ? `  (non-2xx ${f.non2xx}, errors ${f.errors}, timeouts ${f.timeouts})` : '')
    : '';
console.log('');
log(`Studiolo foundation benchmarks — ${path.relative(repoRoot, resultsFile)}`);
const startup = results.startup as Awaited<ReturnType<typeof runColdStart>> | undefined;
if (startup) {
  log(`  start to ready on PGlite (median of ${startup.runs}, fresh DATA_DIR, SEED_DEMO=false):`);
  log(
    `    cold (from the build's template) ${ms(startup.cold.medianReadyMs)} (server-reported ${ms(startup.cold.medianReportedMs)}), RSS ${startup.cold.medianRssMb} MB — target < ${startup.targetMs} ms: ${startup.targetMet ? 'met' : 'MISSED'}`,
  );
  log(
    `    cold without template (initdb + migrations) ${ms(startup.coldWithoutTemplate.medianReadyMs)} (server-reported ${ms(startup.coldWithoutTemplate.medianReportedMs)}), RSS ${startup.coldWithoutTemplate.medianRssMb} MB`,
  );
  log(
    `    warm reopen                ${ms(startup.warmReopen.medianReadyMs)} (server-reported ${ms(startup.warmReopen.medianReportedMs)}), RSS ${startup.warmReopen.medianRssMb} MB`,
  );
}
for (const key of ['pglite', 'postgres'] as const) {
  const r = results[key] as
    | (DatabaseLoadResult & {
        bare: LoadFigures & { unloaded: UnloadedFigures };
        infoLogging?: LoadFigures & { unloaded: UnloadedFigures };
        skipped?: string;
      })
    | undefined;
  if (!r) continue;
  if (r.skipped) {
    log(`  ${key}: skipped (${r.skipped})`);
    continue;
  }
  log(
    `  HTTP load on ${key}, ${loadOptions.connections} connections × ${loadOptions.durationS} s, LOG_LEVEL=warn, SCRYPT_COST_LOG2=${r.scryptCostLog2} for login:`,
  );
  log(row('bare Fastify GET (floor)', r.bare, r.bare.unloaded));
  log(row('GET /config (app hooks, no query)', r.routes.config, r.unloaded.config));
  log(row('GET /health (select 1)', r.routes.health, r.unloaded.health));
  log(row('GET /user/getUser (authenticated)', r.routes.getUser, r.unloaded.getUser));
  if (r.infoLogging) log(row('GET /user/getUser with LOG_LEVEL=info', r.infoLogging, r.infoLogging.unloaded));
  log(row(`POST /user/login (scrypt 2^${r.scryptCostLog2})`, r.routes.login));
  log(row('POST /user/login (user hashed at 2^10)', r.routes.loginCost10));
  const t = r.authenticatedGetTarget;
  log(
    `    getUser p50 / bare p50 at ${loadOptions.connections} connections = ${t.ratio}× (means ${t.ratioOfMeans}×; one at a time ${t.unloaded.ratio}×), target ≤ ${t.factor}×: ${t.targetMet ? 'met' : 'MISSED'}`,
  );
}
const cfPeers = results.codiceFiscalePeers as
  | { file: string; checksPerSecond: Record<string, number>; agreementPercent: Record<string, number> }
  | undefined;
if (cfPeers) {
  log(`  codice fiscale (${cfPeers.file}):`);
  for (const [name, perSecond] of Object.entries(cfPeers.checksPerSecond)) {
    log(
      `    ${name.padEnd(64)} agreement ${String(cfPeers.agreementPercent[name]).padStart(5)} %  ${perSecond.toLocaleString('en-US').padStart(12)} checks/s`,
    );
  }
}
const profile = results.profile as { topCategories?: { category: string; percent: number }[] } | undefined;
if (profile?.topCategories) {
  log('  CPU profile of the server under getUser load (self time by area):');
  for (const c of profile.topCategories.slice(0, 12)) log(`    ${c.category.padEnd(44)} ${c.percent.toFixed(1)} %`);
}
const meta = results.meta as { cores: number; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
log(
  `  load average (1, 5, 15 min) at start ${meta.loadAverageAtStart.join(' ')}, at end ${meta.loadAverageAtEnd.join(' ')} on ${meta.cores} cores`,
);
log(`  targets: ${JSON.stringify(targetMet)}`);
