import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createWeightedLru } from '../../shared/weighted-lru.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * An answer as it goes on the wire: the envelope's JSON, and the same compressed for the clients that take it —
 * Brotli (a fifth smaller than gzip on a busy week: 143 against 184 kB; every browser takes it over HTTPS) and gzip.
 */
export type ReadyAnswer = { json: Buffer; gzip: Buffer; br: Buffer };

/** Brotli quality 5: beyond it a busy week's answer hardly shrinks while it takes longer to build. */
const compressed = (json: Buffer) =>
  Promise.all([
    gzipAsync(json),
    brotliAsync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength,
      },
    }),
  ]);

/**
 * The version an answer was built at: the studio's calendar version and its patients' version (the names and tags
 * the events show). Both only grow, so an answer is newer than another when neither part is smaller.
 */
export type AnswerVersion = { calendar: bigint; patients: bigint };

const sameVersion = (a: AnswerVersion, b: AnswerVersion) => a.calendar === b.calendar && a.patients === b.patients;
const notOlder = (a: AnswerVersion, b: AnswerVersion) => a.calendar >= b.calendar && a.patients >= b.patients;

export type EventsAnswerCache = {
  /**
   * The answer for `key` at `version`: the one kept when it was built at that very version, otherwise the one
   * `build` makes (concurrent callers of the same key and version share one build), kept for the next callers.
   */
  get: (key: string, version: AnswerVersion, build: () => Promise<unknown>) => Promise<ReadyAnswer>;
};

type Entry = { version: AnswerVersion; answer: ReadyAnswer; bytes: number };

/**
 * GET /events answers kept ready to send (decision 016), least recently used dropped first once they weigh more than
 * `maxBytes` together; an answer heavier than a quarter of that is sent without being kept. An answer is only ever
 * sent at the version the database says is current, so a write anywhere (another server, a cascade, raw SQL) is never
 * hidden.
 */
export const createEventsAnswerCache = ({ maxBytes }: { maxBytes: number }): EventsAnswerCache => {
  const entries = createWeightedLru<Entry>({ maxWeight: maxBytes, weigh: (entry) => entry.bytes });
  const building = new Map<string, Promise<ReadyAnswer>>();

  const keep = (key: string, entry: Entry) => {
    // a year of a busy studio (the widest range asked) would push every week out: sent, not kept
    if (entry.bytes > maxBytes / 4) return;
    const previous = entries.peek(key);
    // a slow build must not replace what a later one kept
    if (previous && !notOlder(entry.version, previous.version)) return;
    entries.set(key, entry);
  };

  const buildOnce = (key: string, version: AnswerVersion, build: () => Promise<unknown>) => {
    const flight = `${key}\n${version.calendar}.${version.patients}`;
    let pending = building.get(flight);
    if (!pending) {
      pending = (async () => {
        const json = Buffer.from(JSON.stringify(await build()));
        const [gzipped, br] = await compressed(json);
        const answer = { json, gzip: gzipped, br };
        keep(key, { version, answer, bytes: json.byteLength + gzipped.byteLength + br.byteLength });
        return answer;
      })().finally(() => building.delete(flight));
      building.set(flight, pending);
    }
    return pending;
  };

  return {
    get: async (key, version, build) => {
      const kept = entries.get(key);
      if (kept && sameVersion(kept.version, version)) return kept.answer;
      return buildOnce(key, version, build);
    },
  };
};

/**
 * The encoding to send for an Accept-Encoding header: among br and gzip the one it weighs most (`*` stands for those
 * it does not name; Brotli on a tie, being smaller), or none when it takes neither.
 */
export const chosenEncoding = (header: string | undefined): 'br' | 'gzip' | null => {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
};

/** Sends a ready answer, compressed when the client takes it (every browser does). */
export const sendReadyAnswer = (req: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) => {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = chosenEncoding(req.headers['accept-encoding']);
  if (encoding === null) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? answer.br : answer.gzip);
};
