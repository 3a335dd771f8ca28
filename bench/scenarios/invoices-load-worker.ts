/**
 * Worker thread of the invoices benchmark: an HTTP client kept off the server's event loop (the server runs on the
 * main thread of the same process), keep-alive connections, one per concurrent worker. Every answer must be 200;
 * bodies are read and dropped.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from '../harness/closed-loop.ts';

export type InvoicesLoadInput = {
  baseUrl: string;
  token: string;
  /** Paths under the origin, asked in turn (worker w starts at path w). */
  paths: string[];
  concurrency: number;
  durationS: number;
  warmupS: number;
  /** GET unless set; a POST sends `body` as JSON (the form-pdf part's POST /form-template/{id}/pdf). */
  method?: 'GET' | 'POST';
  body?: unknown;
};

const input = workerData as InvoicesLoadInput;
const url = new URL(input.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });
const method = input.method ?? 'GET';
const body = input.body === undefined ? null : JSON.stringify(input.body);

const get = (path: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: {
          authorization: `Bearer ${input.token}`,
          accept: 'application/json',
          ...(body === null ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        res.resume();
        res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body ?? undefined);
  });

const figures = await closedLoop({
  concurrency: input.concurrency,
  durationS: input.durationS,
  warmupS: input.warmupS,
  task: (w, n) => get(input.paths[(w + n) % input.paths.length] as string),
});
agent.destroy();
parentPort?.postMessage(figures);
