import type { Envelope } from '@studiolo/domain/shared';
import type { FastifyReply } from 'fastify';

/** A SUCCESS envelope, with an optional message shown to the user as a toast. */
export const ok = <T>(response: T, answer?: string, warnings?: string[]): Envelope<T> => ({
  code: 'SUCCESS',
  response,
  ...(answer ? { answer } : {}),
  ...(warnings?.length ? { warnings } : {}),
});

/** A success that needs the user's attention (spec part 1 §8 code ALERT): the answer shows as a warning. */
export const alert = <T>(response: T, answer: string): Envelope<T> => ({ code: 'ALERT', response, answer });

/** Each row's JSON, encoded once per row object: the patients a server holds (decision 015) answer many requests. */
const rowBytes = new WeakMap<object, Buffer>();
const bytesOfRow = (row: object) => {
  let bytes = rowBytes.get(row);
  if (!bytes) {
    // its own memory, not a slice of Node's shared 8 kB pool: a held row must not keep a whole slab alive
    const json = JSON.stringify(row);
    bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    bytes.write(json);
    rowBytes.set(row, bytes);
  }
  return bytes;
};
const pageHead = Buffer.from('{"code":"SUCCESS","response":{"content":[');
const comma = Buffer.from(',');

/**
 * The bytes of ok(page) for a page of rows: each row's JSON is made once per row object and only joined here, so a
 * page of held rows costs no JSON and no UTF-8 encoding of its own (GET /v2/pazienti). Rows must never change once
 * answered: the held ones never do (every read makes new objects).
 */
export const okPageBytes = (page: { content: readonly object[] } & Record<string, unknown>): Buffer => {
  const { content, ...rest } = page;
  const parts: Buffer[] = [pageHead];
  content.forEach((row, i) => {
    if (i > 0) parts.push(comma);
    parts.push(bytesOfRow(row));
  });
  const restJson = JSON.stringify(rest);
  parts.push(Buffer.from(restJson === '{}' ? ']}}' : `],${restJson.slice(1)}}`));
  return Buffer.concat(parts);
};

/** Sends okPageBytes(page) as the route's JSON answer. */
export const sendOkPage = (reply: FastifyReply, page: Parameters<typeof okPageBytes>[0]) =>
  reply.type('application/json; charset=utf-8').send(okPageBytes(page));
