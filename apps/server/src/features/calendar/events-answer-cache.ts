import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** An answer as it goes on the wire: the envelope's JSON, and the same gzipped for the clients that take it. */
export type ReadyAnswer = { json: Buffer; gzip: Buffer };

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
 * `maxBytes` together (a single answer heavier than that is still kept, alone). An answer is only ever sent at the
 * version the database says is current, so a write anywhere (another server, a cascade, raw SQL) is never hidden.
 */
export const createEventsAnswerCache = ({ maxBytes }: { maxBytes: number }): EventsAnswerCache => {
  // a Map keeps insertion order: re-inserting on use makes the first key the least recently used
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<ReadyAnswer>>();
  let held = 0;

  const keep = (key: string, entry: Entry) => {
    const previous = entries.get(key);
    // a slow build must not replace what a later one kept
    if (previous && !notOlder(entry.version, previous.version)) return;
    if (previous) held -= previous.bytes;
    entries.delete(key);
    entries.set(key, entry);
    held += entry.bytes;
    for (const [other, { bytes }] of entries) {
      if (held <= maxBytes || other === key) break;
      entries.delete(other);
      held -= bytes;
    }
  };

  const buildOnce = (key: string, version: AnswerVersion, build: () => Promise<unknown>) => {
    const flight = `${key}\n${version.calendar}.${version.patients}`;
    let pending = building.get(flight);
    if (!pending) {
      pending = (async () => {
        const json = Buffer.from(JSON.stringify(await build()));
        const answer = { json, gzip: await gzipAsync(json) };
        keep(key, { version, answer, bytes: json.byteLength + answer.gzip.byteLength });
        return answer;
      })().finally(() => building.delete(flight));
      building.set(flight, pending);
    }
    return pending;
  };

  return {
    get: async (key, version, build) => {
      const kept = entries.get(key);
      if (kept && sameVersion(kept.version, version)) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.answer;
      }
      return buildOnce(key, version, build);
    },
  };
};

/** Whether an Accept-Encoding header takes gzip (by name or by `*`, with a weight above 0). */
export const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });

/** Sends a ready answer, gzipped when the client takes it (every browser does). */
export const sendReadyAnswer = (req: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) => {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(answer.json);
  return reply.header('content-encoding', 'gzip').send(answer.gzip);
};
