import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../harness/app.ts';
import { median, startStudiolo } from '../harness/process.ts';
import { quick, saveResults } from '../harness/results.ts';

export type StartSample = {
  /** spawn() to the STUDIOLO_READY line, measured by the bench (includes Node's own boot). */
  readyMs: number;
  /** The time the server printed on its ready line (from the first line of server.ts). */
  reportedMs: number | null;
  rssMbAtReady: number | null;
  /** SIGTERM to exit (app.close, CHECKPOINT, PGlite close). */
  stopMs: number;
};

export type ColdStartResult = {
  database: 'pglite';
  runs: number;
  env: Record<string, string>;
  /** First start as `npm start` does it: from the database template built with the app. */
  cold: { samples: StartSample[]; medianReadyMs: number; medianReportedMs: number | null; medianRssMb: number | null };
  /** First start without the template (initdb + migrations), e.g. when the server runs without a build. */
  coldWithoutTemplate: {
    samples: StartSample[];
    medianReadyMs: number;
    medianReportedMs: number | null;
    medianRssMb: number | null;
  };
  warmReopen: {
    samples: StartSample[];
    medianReadyMs: number;
    medianReportedMs: number | null;
    medianRssMb: number | null;
  };
  targetMs: number;
  targetMet: boolean;
};

const env = { SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' };

const startAndStop = async (dataDir: string): Promise<StartSample> => {
  const server = await startStudiolo({ env: { ...env, DATA_DIR: dataDir } });
  const stopStartedAt = performance.now();
  const exit = await server.stop();
  if (exit.code !== 0) throw new Error(`server did not stop cleanly: ${JSON.stringify(exit)}\n${server.output()}`);
  return {
    readyMs: Math.round(server.readyMs),
    reportedMs: server.reportedMs,
    rssMbAtReady: server.rssKbAtReady === null ? null : Math.round(server.rssKbAtReady / 1024),
    stopMs: Math.round(performance.now() - stopStartedAt),
  };
};

const summarise = (samples: StartSample[]) => {
  const reported = samples.map((s) => s.reportedMs).filter((v): v is number => v !== null);
  const rss = samples.map((s) => s.rssMbAtReady).filter((v): v is number => v !== null);
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
export const runColdStart = async (runs = 3, targetMs = 3000): Promise<ColdStartResult> => {
  const cold: StartSample[] = [];
  const coldWithoutTemplate: StartSample[] = [];
  const warm: StartSample[] = [];
  // the template `npm run build -w @studiolo/server` saves, built the same way
  const template = await buildApp();
  const fresh = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studiolo-bench-start-'));
    return { dataDir, done: () => rmSync(dataDir, { recursive: true, force: true }) };
  };
  for (let i = 0; i < runs; i++) {
    const a = await fresh();
    try {
      cold.push(await startAndStop(a.dataDir));
      warm.push(await startAndStop(a.dataDir));
    } finally {
      a.done();
    }
    // the same first start with the template out of the way
    const b = await fresh();
    renameSync(template, `${template}.aside`);
    try {
      coldWithoutTemplate.push(await startAndStop(b.dataDir));
    } finally {
      if (existsSync(`${template}.aside`)) renameSync(`${template}.aside`, template);
      b.done();
    }
  }
  const coldSummary = summarise(cold);
  return {
    database: 'pglite',
    runs,
    env,
    cold: coldSummary,
    coldWithoutTemplate: summarise(coldWithoutTemplate),
    warmReopen: summarise(warm),
    targetMs,
    targetMet: coldSummary.medianReadyMs < targetMs,
  };
};

/** Part `startup`: start to ready on PGlite from the template, without it, and a warm reopen (bench/results/startup.json). */
export const runStartup = async ({ log = console.log }: { log?: (l: string) => void } = {}) => {
  const r = await runColdStart(quick ? 1 : 3, 3000);
  log(
    `    from the template ${r.cold.medianReadyMs} ms (target ${r.targetMs}: ${r.targetMet ? 'met' : 'MISSED'}), without it ${r.coldWithoutTemplate.medianReadyMs} ms, warm reopen ${r.warmReopen.medianReadyMs} ms`,
  );
  return saveResults('startup', r);
};

if (import.meta.url === `file://${process.argv[1]}`) await runStartup();
