/**
 * A closed-loop load generator with exact percentiles: `concurrency` workers each run `task` back to back until
 * the time is up; every call is timed with performance.now() (sub-millisecond, unlike autocannon's whole
 * milliseconds, and with a p95, which autocannon does not report). Calls that start during the warm-up run
 * and keep the load steady but are not counted.
 */
export type LatencyFigures = {
  concurrency: number;
  durationS: number;
  warmupS: number;
  /** Measured calls that succeeded. */
  requests: number;
  /** Failed calls, warm-up included. */
  errors: number;
  /** The first error's message, if any. */
  firstError: string | null;
  /** Failed calls by message (a status code for HTTP). */
  errorsByMessage: Record<string, number>;
  requestsPerSec: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

/** Nearest-rank percentile of an ascending array. */
export const percentileOf = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

const round2 = (v: number) => Math.round(v * 100) / 100;

export const closedLoop = async (opts: {
  concurrency: number;
  durationS: number;
  warmupS: number;
  /** One call; `worker` is 0 … concurrency - 1, `n` counts the worker's calls. Rejects on failure. */
  task: (worker: number, n: number) => Promise<void>;
}): Promise<LatencyFigures> => {
  const startedAt = performance.now();
  const measureFrom = startedAt + opts.warmupS * 1000;
  const endAt = measureFrom + opts.durationS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const errorsByMessage: Record<string, number> = {};
  const worker = async (w: number) => {
    for (let n = 0; ; n++) {
      const t0 = performance.now();
      if (t0 >= endAt) return;
      try {
        await opts.task(w, n);
        if (t0 >= measureFrom) latencies.push(performance.now() - t0);
      } catch (err) {
        // warm-up failures count too: a failing route must not look healthy
        errors++;
        const message = err instanceof Error ? err.message : String(err);
        firstError ??= message;
        errorsByMessage[message] = (errorsByMessage[message] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  const measuredS = (performance.now() - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency: opts.concurrency,
    durationS: opts.durationS,
    warmupS: opts.warmupS,
    requests: latencies.length,
    errors,
    firstError,
    errorsByMessage,
    requestsPerSec: Math.round((latencies.length / measuredS) * 10) / 10,
    meanMs: round2(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    p50Ms: round2(percentileOf(latencies, 50)),
    p90Ms: round2(percentileOf(latencies, 90)),
    p95Ms: round2(percentileOf(latencies, 95)),
    p99Ms: round2(percentileOf(latencies, 99)),
    maxMs: round2(latencies.at(-1) ?? Number.NaN),
  };
};
