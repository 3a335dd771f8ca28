import { Readable, Transform, type Writable } from 'node:stream';

/**
 * A minimal ustar writer and reader (decision 041): a backup is a gzipped tar that `tar xzf` also opens. Written and read
 * as streams, one entry at a time, so memory stays flat in the archive's size; no dependency for 80 lines.
 */
const block = 512;

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** Splits a long name into ustar's prefix (155) and name (100) at a slash. */
const splitName = (name: string): { prefix: string; base: string } => {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`tar: name too long ${name}`);
};

export const tarHeader = (name: string, size: number, mtime: Date) => {
  const header = Buffer.alloc(block);
  const { prefix, base } = splitName(name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 8, 'ascii');
  header.write(octal(0, 8), 108, 8, 'ascii');
  header.write(octal(0, 8), 116, 8, 'ascii');
  header.write(octal(size, 12), 124, 12, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7), 148, 7, 'ascii');
  return header;
};

export const tarPadding = (size: number) => Buffer.alloc((block - (size % block)) % block);
export const tarEnd = () => Buffer.alloc(block * 2);

/** Writes into `out`, waiting when it is full. */
export const writeTo = (out: Writable, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => {
    if (out.write(chunk)) resolve();
    else {
      const onDrain = () => {
        out.off('error', onError);
        resolve();
      };
      const onError = (err: Error) => {
        out.off('drain', onDrain);
        reject(err);
      };
      out.once('drain', onDrain);
      out.once('error', onError);
    }
  });

export type TarEntry = { name: string; size: number; body: Readable };

/**
 * Reads a tar stream entry by entry; each entry's body must be consumed before the next is asked for.
 */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  const fill = async (n: number) => {
    while (pending.length < n) {
      const next = await iterator.next();
      if (next.done) throw new Error('tar: archivio troncato');
      pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    }
  };
  for (;;) {
    await fill(block);
    const header = pending.subarray(0, block);
    pending = pending.subarray(block);
    if (header.every((b) => b === 0)) return;
    const text = (from: number, len: number) => header.toString('utf8', from, from + len).replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const base = text(0, 100);
    const type = text(156, 1) || '0';
    const name = prefix ? `${prefix}/${base}` : base;
    let left = size;
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    // pulled: the entry's bytes are read from the archive only as its reader asks for them
    const pull = async (): Promise<Buffer | null> => {
      if (left === 0) return null;
      if (pending.length === 0) {
        const next = await iterator.next();
        if (next.done) throw new Error('tar: archivio troncato');
        pending = next.value;
      }
      const take = pending.subarray(0, Math.min(left, pending.length));
      pending = pending.subarray(take.length);
      left -= take.length;
      return take;
    };
    const body = new Readable({
      read() {
        pull().then(
          (chunk) => {
            if (chunk) this.push(chunk);
            else {
              this.push(null);
              finished();
            }
          },
          (err: Error) => this.destroy(err),
        );
      },
    });
    if (size === 0) {
      body.push(null);
      finished();
    }
    if (type === '0' || type === '\0') {
      yield { name, size, body };
      await done;
    } else {
      while ((await pull()) !== null) {}
    }
    const pad = (block - (size % block)) % block;
    await fill(pad);
    pending = pending.subarray(pad);
  }
}

/** A transform that counts the bytes through it. */
export const byteCounter = () => {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
};
