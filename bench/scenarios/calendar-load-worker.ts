/**
 * Worker thread of the calendar benchmark: the HTTP client of GET /events, kept off the server's event loop (the
 * server runs on the main thread of the same process), with keep-alive connections, one per concurrent worker.
 * It sends the headers a browser sends (the web client's Accept and Chromium's Accept-Encoding), so the server
 * answers as it answers a browser: compressed (in Brotli). Every answer must be 200 with the expected
 * Content-Encoding (the one the checked answer came with) and the expected number of bytes on the wire (the
 * compressed length of the checked answer, the same events); the body is read and dropped, neither decompressed
 * nor parsed, so the client costs as little CPU as it can (a browser does decompress and parse; that is the
 * browser's time, not the server's).
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { closedLoop } from '../harness/closed-loop.ts';

export type GetLoadInput = {
  baseUrl: string;
  token: string;
  /** Paths under the origin, asked in turn (worker w starts at path w). */
  paths: string[];
  /** Headers sent with every request besides Authorization (a browser's). */
  headers: Record<string, string>;
  /** The bytes on the wire each path must answer with (compressed bytes when the answer is compressed). */
  expectedBytes: number[];
  /** The Content-Encoding every answer must carry ('br', 'gzip'; 'identity' for none). */
  expectedEncoding: string;
  /**
   * 0: the bytes must be exactly expectedBytes. Above 0, the share they may differ by: for loads while the studio
   * writes, whose answers legitimately change (a toggled is_pagato is one byte of JSON, a few compressed).
   */
  bytesTolerance: number;
  concurrency: number;
  durationS: number;
  warmupS: number;
};

const input = workerData as GetLoadInput;
const url = new URL(input.baseUrl);
const agent = new Agent({ keepAlive: true, maxSockets: input.concurrency });
const headers = { ...input.headers, authorization: `Bearer ${input.token}` };

const get = (path: string, expectedBytes: number) =>
  new Promise<void>((resolve, reject) => {
    const req = request({ agent, host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.once('end', () => {
        const route = `GET ${path.split('?')[0]}`;
        const encoding = res.headers['content-encoding'] ?? 'identity';
        if (res.statusCode !== 200) reject(new Error(`${route}: status ${res.statusCode}`));
        else if (encoding !== input.expectedEncoding)
          reject(new Error(`${route}: content-encoding ${encoding}, not ${input.expectedEncoding}`));
        else if (
          input.bytesTolerance === 0
            ? bytes !== expectedBytes
            : Math.abs(bytes - expectedBytes) > expectedBytes * input.bytesTolerance
        )
          reject(new Error(`${route}: ${bytes} bytes, not ${expectedBytes}`));
        else resolve();
      });
      res.once('error', reject);
    });
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
