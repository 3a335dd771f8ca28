import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureUser, expectOk, load } from './http-load.ts';
import { startStudiolo, unlimitedRateLimits } from './server-process.ts';
export const benchPassword = 'bench-password-0123';
/** Every measured Studiolo server: no demo seed, warn-level logs, limits that never trigger. */
export const loadServerEnv = (logLevel = 'warn') => ({
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: logLevel,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ...unlimitedRateLimits,
});
const targetsOf = (baseUrl, token, users, routes) => {
    const api = `${baseUrl}/app/api`;
    const all = {
        // Every Fastify plugin and hook of the app, no database: separates framework overhead from queries.
        config: { name: 'GET /config (app hooks, no query)', url: `${api}/config` },
        // One trivial query ("select 1"), no auth.
        health: { name: 'GET /health (select 1)', url: `${api}/health` },
        getUser: { name: 'GET /user/getUser (authenticated)', url: `${api}/user/getUser`, headers: { authorization: `Bearer ${token}` } },
        login: {
            name: 'POST /user/login (scrypt at the server default cost)',
            url: `${api}/user/login`,
            method: 'POST',
            body: JSON.stringify({ username: users.real, password: benchPassword }),
            timeoutS: 120,
        },
        loginCost10: {
            name: 'POST /user/login (user hashed at SCRYPT_COST_LOG2=10: the route without the KDF cost)',
            url: `${api}/user/login`,
            method: 'POST',
            body: JSON.stringify({ username: users.light, password: benchPassword }),
            timeoutS: 60,
        },
    };
    return routes.map((r) => [r, all[r]]).filter((e) => Boolean(e[1]));
};
/**
 * Load figures for one database. A first short-lived server with SCRYPT_COST_LOG2=10 signs up a "light" user
 * (scrypt keeps its parameters in the hash), then the measured server at the real cost signs up the main user.
 */
export const runDatabaseLoad = async (opts) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `studiolo-bench-${opts.database}-`));
    const dbEnv = { DATA_DIR: dataDir, ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}) };
    const users = { real: 'bench.user@example.com', light: 'bench.light@example.com' };
    const serverEnv = { ...loadServerEnv('warn'), SCRYPT_COST_LOG2: String(opts.scryptCostLog2) };
    try {
        const setup = await startStudiolo({ env: { ...loadServerEnv('warn'), ...dbEnv, SCRYPT_COST_LOG2: '10' } });
        try {
            await ensureUser(setup.baseUrl, { email: users.light, password: benchPassword });
        }
        finally {
            await setup.stop();
        }
        const routes = {};
        const server = await startStudiolo({ env: { ...serverEnv, ...dbEnv } });
        try {
            const token = await ensureUser(server.baseUrl, { email: users.real, password: benchPassword });
            for (const [key, target] of targetsOf(server.baseUrl, token, users, opts.routes)) {
                await expectOk(target);
                opts.log(`  ${opts.database} ${target.name} …`);
                routes[key] = await load(target, opts.load);
            }
        }
        finally {
            await server.stop();
        }
        let infoLogging;
        if (opts.withInfoLogging) {
            const infoServer = await startStudiolo({ env: { ...serverEnv, LOG_LEVEL: 'info', ...dbEnv } });
            try {
                const token = await ensureUser(infoServer.baseUrl, { email: users.real, password: benchPassword });
                const [[, target] = ['', undefined]] = targetsOf(infoServer.baseUrl, token, users, ['getUser']);
                if (target) {
                    opts.log(`  ${opts.database} ${target.name} with LOG_LEVEL=info …`);
                    infoLogging = await load(target, opts.load);
                }
            }
            finally {
                await infoServer.stop();
            }
        }
        const getUserP50Ms = routes.getUser?.p50Ms ?? Number.NaN;
        const factor = 1.5;
        const ratio = Math.round((getUserP50Ms / opts.bareP50Ms) * 100) / 100;
        return {
            database: opts.database,
            serverEnv,
            scryptCostLog2: opts.scryptCostLog2,
            routes,
            authenticatedGetTarget: { factor, bareP50Ms: opts.bareP50Ms, getUserP50Ms, ratio, targetMet: getUserP50Ms <= factor * opts.bareP50Ms },
            ...(infoLogging ? { infoLogging } : {}),
        };
    }
    finally {
        rmSync(dataDir, { recursive: true, force: true });
    }
};
