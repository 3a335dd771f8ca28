import { Agent, request } from 'node:http';
import autocannon, { type AutocannonResult } from 'autocannon';

export type LoadTarget = {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** autocannon's per-request timeout in seconds (the scrypt-bound login needs far more than the default 10). */
  timeoutS?: number;
  /** Overrides of the run's duration and warm-up for this route. */
  durationS?: number;
  warmupS?: number;
};

export type LoadFigures = {
  url: string;
  method: string;
  connections: number;
  durationS: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  averageMs: number;
  maxMs: number;
  /** Mean of autocannon's per-second samples. */
  requestsPerSec: number;
  /** Completed responses of any status. */
  completed: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

export type LoadOptions = { connections: number; durationS: number; warmupS: number };

const figuresOf = (target: LoadTarget, r: AutocannonResult, opts: LoadOptions): LoadFigures => ({
  url: target.url.replace(/^https?:\/\/[^/]+/, ''),
  method: target.method ?? 'GET',
  connections: opts.connections,
  durationS: target.durationS ?? opts.durationS,
  p50Ms: r.latency.p50,
  p90Ms: r.latency.p90,
  p99Ms: r.latency.p99,
  averageMs: Math.round(r.latency.average * 100) / 100,
  maxMs: r.latency.max,
  requestsPerSec: Math.round(r.requests.average * 10) / 10,
  completed: r.latency.totalCount,
  ok2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
});

/** One autocannon run after a short warm-up (JIT, connection set-up, PGlite caches) whose figures are discarded. */
export const load = async (target: LoadTarget, opts: LoadOptions): Promise<LoadFigures> => {
  const base = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
    ...(target.body ? { body: target.body } : {}),
    connections: opts.connections,
    timeout: target.timeoutS ?? 10,
  } as const;
  const warmupS = target.warmupS ?? opts.warmupS;
  if (warmupS > 0) await autocannon({ ...base, duration: warmupS });
  const result = await autocannon({ ...base, duration: target.durationS ?? opts.durationS, title: target.name });
  const figures = figuresOf(target, result, opts);
  if (figures.ok2xx === 0) {
    throw new Error(
      `${target.name}: no 2xx answer (status codes ${JSON.stringify(figures.statusCodes)}, errors ${figures.errors})`,
    );
  }
  return figures;
};

/** Sanity check before loading a route: one request must answer 200. */
export const expectOk = async (target: LoadTarget) => {
  const res = await fetch(target.url, {
    method: target.method ?? 'GET',
    headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
    ...(target.body ? { body: target.body } : {}),
  });
  if (res.status !== 200) throw new Error(`${target.name}: expected 200, got ${res.status} ${await res.text()}`);
};

export type UnloadedFigures = {
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  averageMs: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * One request at a time over one keep-alive connection, timed with microsecond resolution: the service time of
 * the route without queueing (autocannon's histogram is in whole milliseconds and, at 50 connections, measures
 * mostly the queue).
 */
export const unloadedLatency = async (target: LoadTarget, requests = 2000, warmup = 200): Promise<UnloadedFigures> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(target.url);
  const headers = { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers };
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const startedAt = process.hrtime.bigint();
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: target.method ?? 'GET',
          headers,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            if (res.statusCode !== 200) reject(new Error(`${target.name}: status ${res.statusCode}`));
            else resolve(Number(process.hrtime.bigint() - startedAt) / 1e6);
          });
        },
      );
      req.once('error', reject);
      req.end(target.body);
    });
  try {
    for (let i = 0; i < warmup; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) times.push(await once());
    times.sort((a, b) => a - b);
    return {
      requests,
      p50Ms: round3(percentile(times, 50)),
      p90Ms: round3(percentile(times, 90)),
      p99Ms: round3(percentile(times, 99)),
      averageMs: round3(times.reduce((a, b) => a + b, 0) / times.length),
    };
  } finally {
    agent.destroy();
  }
};
