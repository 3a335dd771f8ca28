/**
 * HTTP clients of the measured app, as a browser or a script would be: keep-alive connections, one per concurrent
 * worker, bodies read and dropped (neither decompressed nor parsed). The app runs in its own process (startApp), so
 * the client runs on the bench's main thread.
 *
 * - `httpLoad`: a closed loop (harness/closed-loop.ts) over `paths`, worker w starting at path w; every answer must be
 *   200, and `expect` may check its Content-Encoding and its size on the wire.
 * - `timed`: `runs` calls one after the other, their mean, p50, p95 and max.
 * - `getBytes`: one GET, its status, headers and body.
 * - `sampleRss`: the app's resident set size every 50 ms while a call runs (a stream's memory, seen from /proc).
 */
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { closedLoop, type LatencyFigures, percentileOf } from './closed-loop.ts';
import { round2 } from './results.ts';

export type Expect = {
  /** The Content-Encoding every answer must carry ('identity' for none). */
  encoding?: string;
  /** The bytes on the wire of each path, in the order of `paths`. */
  bytes?: number[];
  /** The share the bytes may differ by (answers that change while a loop writes); 0 by default. */
  tolerance?: number;
};

export const httpLoad = async (opts: {
  baseUrl: string;
  token: string;
  paths: string[];
  headers?: Record<string, string>;
  concurrency: number;
  durationS: number;
  warmupS: number;
  expect?: Expect;
}): Promise<LatencyFigures> => {
  const url = new URL(opts.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const headers = { ...opts.headers, authorization: `Bearer ${opts.token}` };
  const { encoding, bytes: expectedBytes, tolerance = 0 } = opts.expect ?? {};
  const get = (path: string, k: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ agent, host: url.hostname, port: url.port, path, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        res.once('end', () => {
          const route = `GET ${path.split('?')[0]}`;
          const got = res.headers['content-encoding'] ?? 'identity';
          const want = expectedBytes?.[k];
          if (res.statusCode !== 200) reject(new Error(`${route}: status ${res.statusCode}`));
          else if (encoding && got !== encoding)
            reject(new Error(`${route}: content-encoding ${got}, not ${encoding}`));
          else if (want !== undefined && Math.abs(bytes - want) > want * tolerance)
            reject(new Error(`${route}: ${bytes} bytes, not ${want}`));
          else resolve();
        });
        res.once('error', reject);
      });
      req.once('error', reject);
      req.end();
    });
  try {
    return await closedLoop({
      concurrency: opts.concurrency,
      durationS: opts.durationS,
      warmupS: opts.warmupS,
      task: (w, n) => {
        const k = (w + n) % opts.paths.length;
        return get(opts.paths[k] as string, k);
      },
    });
  } finally {
    agent.destroy();
  }
};

export type Timed = { runs: number; meanMs: number; p50Ms: number; p95Ms: number; maxMs: number };

/** `runs` calls of `fn` one after the other (`before` runs untimed ahead of each). */
export const timed = async (runs: number, fn: () => Promise<unknown>, before?: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before?.();
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return {
    runs,
    meanMs: round2(ms.reduce((a, b) => a + b, 0) / Math.max(1, runs)),
    p50Ms: round2(percentileOf(ms, 50)),
    p95Ms: round2(percentileOf(ms, 95)),
    maxMs: round2(ms.at(-1) ?? Number.NaN),
  } satisfies Timed;
};

/** One GET under the origin with the token: status, headers and the body's bytes as sent. */
export const getBytes = (baseUrl: string, path: string, token: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = request(url, { headers: { ...headers, authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });

/** The app's RSS (MB) before, at its peak and after `fn`, sampled every 50 ms from /proc. */
export const sampleRss = async <T>(rssMb: () => number | null, fn: () => Promise<T>) => {
  const before = rssMb() ?? Number.NaN;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb() ?? peak);
  }, 50);
  try {
    const result = await fn();
    const after = rssMb() ?? Number.NaN;
    peak = Math.max(peak, after);
    return { result, rssBeforeMb: before, rssPeakMb: peak, rssGrowthMb: round2(peak - before), rssAfterMb: after };
  } finally {
    clearInterval(timer);
  }
};
