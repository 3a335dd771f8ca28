/**
 * Parts `pglite` and `postgres`: HTTP load (autocannon, BENCH_CONNECTIONS 50, BENCH_DURATION_S 10 per route after a
 * 2 s warm-up) on the app started as `npm start` does: GET /config (every hook, no query), GET /health (select 1),
 * authenticated GET /user/getUser, POST /user/login for a user hashed at SCRYPT_COST_LOG2=10 and at the server's
 * default cost (BENCH_LOGIN_DURATION_S 30), beside a bare Fastify process as the floor (harness/bare-fastify.ts);
 * each also one request at a time. PGlite also measures getUser with LOG_LEVEL=info. PostgreSQL needs
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (own database studiolo_bench). Writes bench/results/http-<database>.json.
 */
import path from 'node:path';
import { benchPassword, benchServerEnv, ensureUser, startApp } from '../harness/app.ts';
import {
  expectOk,
  type LoadFigures,
  type LoadOptions,
  type LoadTarget,
  load,
  type UnloadedFigures,
  unloadedLatency,
} from '../harness/load.ts';
import { postgresUrlFromEnv, postgresVersion, prepareBenchDatabase } from '../harness/postgres.ts';
import { freePort, repoRoot, spawnUntilReady } from '../harness/process.ts';
import { quick, saveResults } from '../harness/results.ts';

const targetsOf = (
  baseUrl: string,
  token: string,
  users: { real: string; light: string },
  routes: readonly string[],
) => {
  const api = `${baseUrl}/app/api`;
  const all: Record<string, LoadTarget> = {
    // Every Fastify plugin and hook of the app, no database: separates framework overhead from queries.
    config: { name: 'GET /config (app hooks, no query)', url: `${api}/config` },
    // One trivial query ("select 1"), no auth.
    health: { name: 'GET /health (select 1)', url: `${api}/health` },
    getUser: {
      name: 'GET /user/getUser (authenticated)',
      url: `${api}/user/getUser`,
      headers: { authorization: `Bearer ${token}` },
    },
    // ~0.44 s of CPU per scrypt at 2^17 here: 50 connections queue ≈ 50 / (cores / 0.44 s) seconds deep, so the
    // run is long enough to reach that steady state, and has no warm-up, whose queued requests would keep the
    // thread pool busy into the measured run. Measured last on its server for the same reason.
    login: {
      name: 'POST /user/login (scrypt at the server default cost)',
      url: `${api}/user/login`,
      method: 'POST',
      body: JSON.stringify({ username: users.real, password: benchPassword }),
      timeoutS: 120,
      durationS: Number(process.env.BENCH_LOGIN_DURATION_S ?? (quick ? 5 : 30)),
      warmupS: 0,
    },
    loginCost10: {
      name: 'POST /user/login (user hashed at SCRYPT_COST_LOG2=10: the route without the KDF cost)',
      url: `${api}/user/login`,
      method: 'POST',
      body: JSON.stringify({ username: users.light, password: benchPassword }),
      timeoutS: 60,
    },
  };
  return routes.map((r) => [r, all[r]] as const).filter((e): e is readonly [string, LoadTarget] => Boolean(e[1]));
};

/**
 * Load figures for one database. A first short-lived server with SCRYPT_COST_LOG2=10 signs up a "light" user
 * (scrypt keeps its parameters in the hash), then the measured server at the real cost signs up the main user.
 */
const measureApp = async (opts: {
  databaseUrl?: string;
  scryptCostLog2: number;
  load: LoadOptions;
  routes: readonly string[];
  withInfoLogging: boolean;
  log: (line: string) => void;
}) => {
  const database = opts.databaseUrl ? { database: { url: opts.databaseUrl } } : {};
  const users = { real: 'bench.user@example.com', light: 'bench.light@example.com' };
  const serverEnv = { ...benchServerEnv(), SCRYPT_COST_LOG2: String(opts.scryptCostLog2) };
  const setup = await startApp({ ...database, env: { SCRYPT_COST_LOG2: '10' } });
  const dataDir = setup.dataDir;
  try {
    await ensureUser(setup, { email: users.light, password: benchPassword });
  } finally {
    await setup.stop({ keepDataDir: true });
  }
  const routes: Record<string, LoadFigures> = {};
  const unloaded: Record<string, UnloadedFigures> = {};
  const server = await startApp({ ...database, dataDir, env: serverEnv });
  try {
    const token = await ensureUser(server, { email: users.real, password: benchPassword });
    for (const [key, target] of targetsOf(server.baseUrl, token, users, opts.routes)) {
      await expectOk(target);
      opts.log(`  ${target.name} …`);
      if (!key.startsWith('login')) unloaded[key] = await unloadedLatency(target);
      routes[key] = await load(target, opts.load);
    }
  } finally {
    await server.stop({ keepDataDir: opts.withInfoLogging });
  }
  let infoLogging: (LoadFigures & { unloaded: UnloadedFigures }) | undefined;
  if (opts.withInfoLogging) {
    const infoServer = await startApp({
      ...database,
      dataDir,
      ownDataDir: true,
      env: { ...serverEnv, LOG_LEVEL: 'info' },
    });
    try {
      const token = await ensureUser(infoServer, { email: users.real, password: benchPassword });
      const [[, target] = ['', undefined]] = targetsOf(infoServer.baseUrl, token, users, ['getUser']);
      if (target) {
        opts.log(`  ${target.name} with LOG_LEVEL=info …`);
        infoLogging = { ...(await load(target, opts.load)), unloaded: await unloadedLatency(target) };
      }
    } finally {
      await infoServer.stop();
    }
  }
  return { serverEnv, routes, unloaded, ...(infoLogging ? { infoLogging } : {}) };
};

/** The floor: a bare Fastify process answering one route, loaded the same way. */
const measureBare = async (loadOptions: LoadOptions) => {
  const port = await freePort();
  const bare = await spawnUntilReady({
    args: [path.join(repoRoot, 'bench', 'harness', 'bare-fastify.ts')],
    env: { PORT: String(port) },
    port,
    readyPattern: /BARE_READY/,
  });
  try {
    const target = { name: 'bare Fastify GET /bare', url: `${bare.baseUrl}/bare` };
    const unloaded = await unloadedLatency(target);
    return { ...(await load(target, loadOptions)), unloaded };
  } finally {
    await bare.stop();
  }
};

export const runHttpLoad = async (
  database: 'pglite' | 'postgres',
  { log = console.log }: { log?: (line: string) => void } = {},
) => {
  const loadOptions: LoadOptions = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationS: Number(process.env.BENCH_DURATION_S ?? (quick ? 2 : 10)),
    warmupS: quick ? 0 : 2,
  };
  const scryptCostLog2 = Number(process.env.BENCH_SCRYPT_COST_LOG2 ?? 17);
  let databaseUrl: string | undefined;
  let serverVersion: string | undefined;
  if (database === 'postgres') {
    const adminUrl = postgresUrlFromEnv();
    if (!adminUrl) {
      log('  PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
      return null;
    }
    databaseUrl = await prepareBenchDatabase(adminUrl);
    serverVersion = await postgresVersion(adminUrl);
  }
  log('  bare Fastify GET /bare (floor) …');
  const bare = await measureBare(loadOptions);
  const r = await measureApp({
    ...(databaseUrl ? { databaseUrl } : {}),
    scryptCostLog2,
    load: loadOptions,
    routes:
      database === 'pglite'
        ? ['config', 'health', 'getUser', 'loginCost10', 'login']
        : ['health', 'getUser', 'loginCost10', 'login'],
    withInfoLogging: database === 'pglite',
    log,
  });
  const getUserP50Ms = r.routes.getUser?.p50Ms ?? Number.NaN;
  const factor = 1.5;
  const authenticatedGetTarget = {
    factor,
    bareP50Ms: bare.p50Ms,
    getUserP50Ms,
    ratio: Math.round((getUserP50Ms / Math.max(bare.p50Ms, 1)) * 100) / 100,
    ratioOfMeans: Math.round(((r.routes.getUser?.averageMs ?? Number.NaN) / bare.averageMs) * 100) / 100,
    targetMet: getUserP50Ms <= factor * bare.p50Ms,
    unloaded: {
      bareP50Ms: bare.unloaded.p50Ms,
      getUserP50Ms: r.unloaded.getUser?.p50Ms ?? Number.NaN,
      ratio: Math.round(((r.unloaded.getUser?.p50Ms ?? Number.NaN) / bare.unloaded.p50Ms) * 100) / 100,
    },
  };
  for (const [k, v] of Object.entries({ bare, ...r.routes }))
    log(`    ${k.padEnd(12)} p50 ${v.p50Ms} ms  p99 ${v.p99Ms} ms  ${v.requestsPerSec}/s`);
  return saveResults(
    `http-${database}`,
    {
      database,
      scryptCostLog2,
      ...(serverVersion ? { serverVersion } : {}),
      bare,
      ...r,
      authenticatedGetTarget,
    },
    { load: loadOptions },
  );
};

if (import.meta.url === `file://${process.argv[1]}`)
  await runHttpLoad(process.argv[2] === 'postgres' ? 'postgres' : 'pglite');
