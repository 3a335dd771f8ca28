/**
 * The statements the app sends to PostgreSQL, seen from outside: a TCP relay between the app and the database that
 * reads the client's side of the wire protocol (Parse, Bind, Query) and passes every byte on unchanged. Start the app
 * with `DATABASE_URL = capture.url`; `capture.record(fn)` returns the statements sent while `fn` ran, with their
 * parameters as the app bound them (text format, as node-postgres sends them). Plain TCP only (no TLS), for a local
 * bench database. Used by the analytics part to replay "the same SQL" without the server's code.
 */
import { createServer, type Socket, connect as tcpConnect } from 'node:net';

export type Captured = { text: string; params: (string | null)[] };

/**
 * A request's own statements: its auth statement and its feature's, not pg-boss's (another connection's work that
 * happened to run) nor the rate limiter's counter (`rate_limit_counters`, one upsert per request and address on
 * PostgreSQL since issue 25): the floor the HTTP figures are set against, as before the port.
 */
export const ownStatements = (all: Captured[]) => all.filter((c) => !/pgboss|rate_limit_counters/i.test(c.text));

const cstring = (b: Buffer, at: number): [string, number] => {
  const end = b.indexOf(0, at);
  return [b.toString('utf8', at, end), end + 1];
};

export const startSqlCapture = async (databaseUrl: string) => {
  const target = new URL(databaseUrl);
  let recording: Captured[] | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const named = new Map<string, string>();
    let buffer = Buffer.alloc(0);
    let started = false;
    const handle = (type: number, body: Buffer) => {
      if (type === 0x50 /* P */) {
        const [name, next] = cstring(body, 0);
        const [text] = cstring(body, next);
        named.set(name, text);
      } else if (type === 0x42 /* B */) {
        let [, at] = cstring(body, 0);
        const [statement, afterStatement] = cstring(body, at);
        at = afterStatement;
        const formats = body.readInt16BE(at);
        at += 2 + formats * 2;
        const count = body.readInt16BE(at);
        at += 2;
        const params: (string | null)[] = [];
        for (let i = 0; i < count; i++) {
          const length = body.readInt32BE(at);
          at += 4;
          if (length < 0) params.push(null);
          else {
            params.push(body.toString('utf8', at, at + length));
            at += length;
          }
        }
        recording?.push({ text: named.get(statement) ?? '', params });
      } else if (type === 0x51 /* Q */) {
        recording?.push({ text: cstring(body, 0)[0], params: [] });
      }
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // the startup message (or an SSL request) has no type byte
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          if (buffer.readInt32BE(4) !== 80877103) started = true;
          buffer = buffer.subarray(length);
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        handle(buffer[0] as number, buffer.subarray(5, 1 + length));
        buffer = buffer.subarray(1 + length);
      }
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    /** The statements sent while `fn` ran (every connection of the app). */
    record: async (fn: () => Promise<unknown>): Promise<Captured[]> => {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = null;
      }
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
