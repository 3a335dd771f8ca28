import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureUser,
  expectOk,
  type LoadFigures,
  type LoadOptions,
  type LoadTarget,
  load,
  type UnloadedFigures,
  unloadedLatency,
} from './http-load.ts';
import { startStudiolo, unlimitedRateLimits } from './server-process.ts';

export type DatabaseLoadResult = {
  database: 'pglite' | 'postgres';
  /** The environment of the measured server (besides PORT/HOST/DATA_DIR/DATABASE_URL). */
  serverEnv: Record<string, string>;
  /** The scrypt cost of the user the login route verifies (the server default, the real production cost). */
  scryptCostLog2: number;
  routes: Record<string, LoadFigures>;
  /** One request at a time (microsecond timing): service time without queueing. */
  unloaded: Record<string, UnloadedFigures>;
  /** Authenticated GET /user/getUser p50 against the bare Fastify p50. */
  authenticatedGetTarget: {
    factor: number;
    bareP50Ms: number;
    getUserP50Ms: number;
    /** getUser p50 / max(bare p50, 1 ms): autocannon records whole milliseconds, a bare p50 of 0 means < 1 ms. */
    ratio: number;
    /** Same with the mean latencies, which keep a fraction. */
    ratioOfMeans: number;
    targetMet: boolean;
    /** Informational: the same comparison one request at a time. */
    unloaded: { bareP50Ms: number; getUserP50Ms: number; ratio: number };
  };
};

export const benchPassword = 'bench-password-0123';

/** Every measured Studiolo server: no demo seed, warn-level logs, limits that never trigger. */
export const loadServerEnv = (logLevel: 'warn' | 'info' = 'warn') => ({
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  LOG_LEVEL: logLevel,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  ...unlimitedRateLimits,
});

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
      durationS: Number(process.env.BENCH_LOGIN_DURATION_S ?? 30),
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
export const runDatabaseLoad = async (opts: {
  database: 'pglite' | 'postgres';
  databaseUrl?: string;
  scryptCostLog2: number;
  bareP50Ms: number;
  bareAverageMs: number;
  bareUnloadedP50Ms: number;
  load: LoadOptions;
  routes: readonly string[];
  /** Also measure getUser with LOG_LEVEL=info (one access-log line per request and per response). */
  withInfoLogging?: boolean;
  log: (line: string) => void;
}): Promise<DatabaseLoadResult & { infoLogging?: LoadFigures & { unloaded: UnloadedFigures } }> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `studiolo-bench-${opts.database}-`));
  const dbEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  };
  const users = { real: 'bench.user@example.com', light: 'bench.light@example.com' };
  const serverEnv = { ...loadServerEnv('warn'), SCRYPT_COST_LOG2: String(opts.scryptCostLog2) };
  try {
    const setup = await startStudiolo({ env: { ...loadServerEnv('warn'), ...dbEnv, SCRYPT_COST_LOG2: '10' } });
    try {
      await ensureUser(setup.baseUrl, { email: users.light, password: benchPassword });
    } finally {
      await setup.stop();
    }

    const routes: Record<string, LoadFigures> = {};
    const unloaded: Record<string, UnloadedFigures> = {};
    const server = await startStudiolo({ env: { ...serverEnv, ...dbEnv } });
    try {
      const token = await ensureUser(server.baseUrl, { email: users.real, password: benchPassword });
      for (const [key, target] of targetsOf(server.baseUrl, token, users, opts.routes)) {
        await expectOk(target);
        opts.log(`  ${opts.database} ${target.name} …`);
        if (!key.startsWith('login')) unloaded[key] = await unloadedLatency(target);
        routes[key] = await load(target, opts.load);
      }
    } finally {
      await server.stop();
    }

    let infoLogging: (LoadFigures & { unloaded: UnloadedFigures }) | undefined;
    if (opts.withInfoLogging) {
      const infoServer = await startStudiolo({ env: { ...serverEnv, LOG_LEVEL: 'info', ...dbEnv } });
      try {
        const token = await ensureUser(infoServer.baseUrl, { email: users.real, password: benchPassword });
        const [[, target] = ['', undefined]] = targetsOf(infoServer.baseUrl, token, users, ['getUser']);
        if (target) {
          opts.log(`  ${opts.database} ${target.name} with LOG_LEVEL=info …`);
          const unloadedInfo = await unloadedLatency(target);
          infoLogging = { ...(await load(target, opts.load)), unloaded: unloadedInfo };
        }
      } finally {
        await infoServer.stop();
      }
    }

    const getUserP50Ms = routes.getUser?.p50Ms ?? Number.NaN;
    const factor = 1.5;
    const ratio = Math.round((getUserP50Ms / Math.max(opts.bareP50Ms, 1)) * 100) / 100;
    const unloadedGetUserP50Ms = unloaded.getUser?.p50Ms ?? Number.NaN;
    const ratioOfMeans = Math.round(((routes.getUser?.averageMs ?? Number.NaN) / opts.bareAverageMs) * 100) / 100;
    return {
      database: opts.database,
      serverEnv,
      scryptCostLog2: opts.scryptCostLog2,
      routes,
      unloaded,
      authenticatedGetTarget: {
        factor,
        bareP50Ms: opts.bareP50Ms,
        getUserP50Ms,
        ratio,
        ratioOfMeans,
        targetMet: getUserP50Ms <= factor * opts.bareP50Ms,
        unloaded: {
          bareP50Ms: opts.bareUnloadedP50Ms,
          getUserP50Ms: unloadedGetUserP50Ms,
          ratio: Math.round((unloadedGetUserP50Ms / opts.bareUnloadedP50Ms) * 100) / 100,
        },
      },
      ...(infoLogging ? { infoLogging } : {}),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
