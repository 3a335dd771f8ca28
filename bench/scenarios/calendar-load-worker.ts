/**
 * Worker thread of the calendar benchmark: the HTTP client of GET /events, kept off the server's event loop (the
 * server runs on the main thread of the same process), with keep-alive connections, one per concurrent worker.
 * Every answer must be 200 with the expected Content-Length (the same events as the checked answer); the body is
 * read and dropped, not parsed, so the client costs as little CPU as it can.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from './closed-loop.ts';

export type GetLoadInput = {
  baseUrl: string;
  token: string;
  /** Paths under the origin, asked in turn (worker w starts at path w). */
  paths: string[];
  /** The Content-Length each path must answer with. */
  expectedBytes: number[];
  concurrency: number;
  durationS: number;
  warmupS: number;
};

const input = workerData as GetLoadInput;
const url = new URL(input.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });

const get = (path: string, expectedBytes: number) =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        headers: { authorization: `Bearer ${input.token}` },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        res.once('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${path.split('?')[0]}: status ${res.statusCode}`));
          else if (bytes !== expectedBytes)
            reject(new Error(`GET ${path.split('?')[0]}: ${bytes} bytes, not ${expectedBytes}`));
          else resolve();
        });
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end();
  });

const figures = await closedLoop({
  concurrency: input.concurrency,
  durationS: input.durationS,
  warmupS: input.warmupS,
  task: (w, n) => {
    const k = (w + n) % input.paths.length;
    return get(input.paths[k] as string, input.expectedBytes[k] as number);
  },
});
agent.destroy();
parentPort?.postMessage(figures);
