/**
 * Worker thread of the patients benchmark: the HTTP client of GET /v2/pazienti, kept off the server's event loop
 * (the server runs on the main thread of the same process, PGlite's synchronous queries included), with
 * keep-alive connections, one per concurrent worker, and the search word changing with every request.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from '../harness/closed-loop.ts';

export type SearchWorkerInput = {
  baseUrl: string;
  token: string;
  words: string[];
  concurrency: number;
  durationS: number;
  warmupS: number;
  pageSize: number;
};

const input = workerData as SearchWorkerInput;
const url = new URL(input.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });

const get = (path: string) =>
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
        res.resume();
        res.once('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`GET ${path.split('?')[0]}: status ${res.statusCode}`)),
        );
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
  // worker w starts at word w and walks the list, so at any moment the workers ask for different words
  task: (w, n) =>
    get(
      `/app/api/v2/pazienti?searchText=${encodeURIComponent(input.words[(w + n) % input.words.length] as string)}&page=0&size=${input.pageSize}`,
    ),
});
agent.destroy();
parentPort?.postMessage(figures);
