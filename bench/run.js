/**
 * Foundation benchmarks (not part of npm test): `npm run bench` from the repository root.
 *
 *  a. PGlite cold start to STUDIOLO_READY on an empty DATA_DIR, and a warm reopen, RSS at ready (median of 3).
 *  b. HTTP load (autocannon, 50 connections, ~10 s per route) on PGlite: POST /user/login at the real scrypt
 *     cost, authenticated GET /user/getUser, and a bare Fastify process as the floor, side by side.
 *  c. The same on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (own database studiolo_bench).
 *
 * Writes bench/results/foundation.json and prints a summary.
 * Options: --only=startup,pglite,postgres   BENCH_DURATION_S (10)   BENCH_CONNECTIONS (50)
 *          BENCH_SCRYPT_COST_LOG2 (17, the server default)   --profile (adds a CPU profile of getUser on PGlite)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runColdStart } from './scenarios/cold-start.ts';
import { runDatabaseLoad } from './scenarios/database-load.ts';
import { load } from './scenarios/http-load.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from './scenarios/postgres.ts';
import { profileGetUser } from './scenarios/profile.ts';
import { freePort, repoRoot, spawnUntilReady } from './scenarios/server-process.ts';
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'foundation.json');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wants = (part) => !only || only.includes(part);
const loadOptions = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationS: Number(process.env.BENCH_DURATION_S ?? 10),
    warmupS: 2,
};
const scryptCostLog2 = Number(process.env.BENCH_SCRYPT_COST_LOG2 ?? 17);
const log = (line) => console.log(line);
const startBare = async () => {
    const port = await freePort();
    return spawnUntilReady({
        args: [path.join(here, 'scenarios', 'bare-fastify.ts')],
        env: { PORT: String(port) },
        port,
        readyPattern: /BARE_READY/,
    });
};
const measureBare = async (baseUrl, label) => {
    log(`  bare Fastify GET /bare (${label}) …`);
    return load({ name: 'bare Fastify GET /bare', url: `${baseUrl}/bare` }, loadOptions);
};
const results = {
    meta: {
        date: new Date().toISOString(),
        node: process.version,
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        note: 'Client (autocannon) and servers share the same machine and cores; each figure is one run after a 2 s warm-up.',
        load: loadOptions,
    },
};
const targetMet = {};
const bare = await startBare();
try {
    if (wants('startup')) {
        log('a. PGlite cold start and warm reopen (3 runs) …');
        const startup = await runColdStart(3, 3000);
        results.startup = startup;
        targetMet.coldStartUnder3s = startup.targetMet;
    }
    const pgRoutes = ['config', 'health', 'getUser', 'login', 'loginCost10'];
    if (wants('pglite')) {
        log('b. HTTP load on PGlite …');
        const floor = await measureBare(bare.baseUrl, 'floor for PGlite');
        const pglite = await runDatabaseLoad({
            database: 'pglite',
            scryptCostLog2,
            bareP50Ms: floor.p50Ms,
            load: loadOptions,
            routes: pgRoutes,
            withInfoLogging: true,
            log,
        });
        results.pglite = { bare: floor, ...pglite };
        targetMet.pgliteGetUserWithin1_5xBare = pglite.authenticatedGetTarget.targetMet;
    }
    if (wants('postgres')) {
        const adminUrl = postgresUrlFromEnv();
        if (!adminUrl) {
            log('c. PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
            results.postgres = { skipped: 'BENCH_DATABASE_URL and TEST_DATABASE_URL are unset' };
        }
        else {
            log('c. HTTP load on PostgreSQL …');
            const databaseUrl = await prepareBenchDatabase(adminUrl);
            const floor = await measureBare(bare.baseUrl, 'floor for PostgreSQL');
            const postgres = await runDatabaseLoad({
                database: 'postgres',
                databaseUrl,
                scryptCostLog2,
                bareP50Ms: floor.p50Ms,
                load: loadOptions,
                routes: ['health', 'getUser', 'login', 'loginCost10'],
                log,
            });
            const safeUrl = new URL(databaseUrl);
            safeUrl.password = '';
            results.postgres = { serverVersion: await postgresVersion(databaseUrl), databaseUrl: safeUrl.toString(), bare: floor, ...postgres };
            targetMet.postgresGetUserWithin1_5xBare = postgres.authenticatedGetTarget.targetMet;
        }
    }
    if (args.includes('--profile')) {
        log('profile: CPU profile of GET /user/getUser on PGlite …');
        results.profile = await profileGetUser({ load: loadOptions, outDir: path.join(here, 'results', 'profiles') });
    }
}
finally {
    await bare.stop();
}
results.targetMet = targetMet;
mkdirSync(path.dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
// ---------- summary ----------
const ms = (v) => (v === null || v === undefined ? '–' : `${v} ms`);
const row = (label, f) => f
    ? `    ${label.padEnd(44)} p50 ${ms(f.p50Ms).padStart(9)}  p99 ${ms(f.p99Ms).padStart(9)}  ${String(f.requestsPerSec).padStart(8)} req/s` +
        (f.non2xx || f.errors ? `  (non-2xx ${f.non2xx}, errors ${f.errors}, timeouts ${f.timeouts})` : '')
    : '';
log('');
log(`Studiolo foundation benchmarks — ${path.relative(repoRoot, resultsFile)}`);
const startup = results.startup;
if (startup) {
    log(`  start to ready on PGlite (median of ${startup.runs}, fresh DATA_DIR, SEED_DEMO=false):`);
    log(`    cold (initdb + migrations) ${ms(startup.cold.medianReadyMs)} (server-reported ${ms(startup.cold.medianReportedMs)}), RSS ${startup.cold.medianRssMb} MB — target < ${startup.targetMs} ms: ${startup.targetMet ? 'met' : 'MISSED'}`);
    log(`    warm reopen                ${ms(startup.warmReopen.medianReadyMs)} (server-reported ${ms(startup.warmReopen.medianReportedMs)}), RSS ${startup.warmReopen.medianRssMb} MB`);
}
for (const key of ['pglite', 'postgres']) {
    const r = results[key];
    if (!r)
        continue;
    if (r.skipped) {
        log(`  ${key}: skipped (${r.skipped})`);
        continue;
    }
    log(`  HTTP load on ${key}, ${loadOptions.connections} connections × ${loadOptions.durationS} s, LOG_LEVEL=warn, SCRYPT_COST_LOG2=${r.scryptCostLog2} for login:`);
    log(row('bare Fastify GET (floor)', r.bare));
    log(row('GET /config (app hooks, no query)', r.routes.config));
    log(row('GET /health (select 1)', r.routes.health));
    log(row('GET /user/getUser (authenticated)', r.routes.getUser));
    if (r.infoLogging)
        log(row('GET /user/getUser with LOG_LEVEL=info', r.infoLogging));
    log(row(`POST /user/login (scrypt 2^${r.scryptCostLog2})`, r.routes.login));
    log(row('POST /user/login (user hashed at 2^10)', r.routes.loginCost10));
    const t = r.authenticatedGetTarget;
    log(`    getUser p50 / bare p50 = ${t.ratio}× (target ≤ ${t.factor}×): ${t.targetMet ? 'met' : 'MISSED'}`);
}
const profile = results.profile;
if (profile?.topCategories) {
    log('  CPU profile of the server under getUser load (self time by area):');
    for (const c of profile.topCategories.slice(0, 12))
        log(`    ${c.category.padEnd(44)} ${c.percent.toFixed(1)} %`);
}
log(`  targets: ${JSON.stringify(targetMet)}`);
