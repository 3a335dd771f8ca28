import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startStudiolo } from './server-process.ts';
const env = { SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
const startAndStop = async (dataDir) => {
    const server = await startStudiolo({ env: { ...env, DATA_DIR: dataDir } });
    const stopStartedAt = performance.now();
    const exit = await server.stop();
    if (exit.code !== 0)
        throw new Error(`server did not stop cleanly: ${JSON.stringify(exit)}\n${server.output()}`);
    return {
        readyMs: Math.round(server.readyMs),
        reportedMs: server.reportedMs,
        rssMbAtReady: server.rssKbAtReady === null ? null : Math.round(server.rssKbAtReady / 1024),
        stopMs: Math.round(performance.now() - stopStartedAt),
    };
};
const summarise = (samples) => {
    const reported = samples.map((s) => s.reportedMs).filter((v) => v !== null);
    const rss = samples.map((s) => s.rssMbAtReady).filter((v) => v !== null);
    return {
        samples,
        medianReadyMs: Math.round(median(samples.map((s) => s.readyMs))),
        medianReportedMs: reported.length ? Math.round(median(reported)) : null,
        medianRssMb: rss.length ? Math.round(median(rss)) : null,
    };
};
/**
 * Cold start on an empty DATA_DIR (PGlite initdb + migrations), then a warm reopen of the same directory,
 * `runs` times, each on a fresh temporary directory.
 */
export const runColdStart = async (runs = 3, targetMs = 3000) => {
    const cold = [];
    const warm = [];
    for (let i = 0; i < runs; i++) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-start-'));
        try {
            cold.push(await startAndStop(dataDir));
            warm.push(await startAndStop(dataDir));
        }
        finally {
            rmSync(dataDir, { recursive: true, force: true });
        }
    }
    const coldSummary = summarise(cold);
    return {
        database: 'pglite',
        runs,
        env,
        cold: coldSummary,
        warmReopen: summarise(warm),
        targetMs,
        targetMet: coldSummary.medianReadyMs < targetMs,
    };
};
