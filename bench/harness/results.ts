/**
 * Results: one JSON file per part under bench/results/, with when and on what it was measured.
 * BENCH_QUICK=1 makes every scenario run with small sizes (to check that it works; its figures are not comparable:
 * it writes them under the system's temporary directory, studiolo-bench-quick/, marked `quick: true`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './process.ts';

export const quick = process.env.BENCH_QUICK === '1';
/** A quick run writes beside the temporary files, never over the measured figures. */
export const resultsDir = quick ? path.join(tmpdir(), 'studiolo-bench-quick') : path.join(repoRoot, 'bench', 'results');
/** bench/results/<part>.json (the directory made if missing). */
export const resultsFileOf = (part: string) => {
  mkdirSync(resultsDir, { recursive: true });
  return path.join(resultsDir, `${part}.json`);
};

export const round2 = (v: number) => Math.round(v * 100) / 100;

/** The machine and its load now, for a results file's meta. */
export const metaNow = () => ({
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadavg: loadavg().map(round2),
  ...(quick ? { quick: true } : {}),
});

/** Writes bench/results/<part>.json ({ meta, ...figures }) and returns what it wrote. */
export const saveResults = <T extends object>(part: string, figures: T, meta: object = {}) => {
  const result = { meta: { ...metaNow(), ...meta }, ...figures };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(resultsFileOf(part), `${JSON.stringify(result, null, 2)}\n`);
  return result;
};
