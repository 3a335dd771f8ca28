import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export type ZipEntry = {
  name: string;
  /** The bytes at once, or a stream of them (a file read from storage, a CSV written a page at a time). */
  data: Uint8Array | string | AsyncIterable<Uint8Array | string>;
  /** Stored without compression: PDFs, images and archives are compressed already. */
  store?: boolean;
};

const bytesOf = (chunk: Uint8Array | string) => (typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);

/**
 * A ZIP streamed from entries made one at a time (a page of rows, a file read when its turn comes): memory holds
 * about one chunk whatever the archive's size, and the next entry (or the next chunk of a streamed one) is asked for
 * only when the client has taken the last (the readable's backpressure). fflate's Zip works synchronously: an entry's
 * bytes are out as soon as they are pushed.
 */
export const zipStream = (entries: AsyncIterable<ZipEntry>): Readable => {
  async function* chunks() {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      while (out.length) yield out.shift() as Uint8Array;
    };
    for await (const entry of entries) {
      const file = entry.store ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      if (typeof entry.data === 'string' || entry.data instanceof Uint8Array) file.push(bytesOf(entry.data), true);
      else {
        for await (const chunk of entry.data) {
          file.push(bytesOf(chunk), false);
          yield* drain();
        }
        file.push(new Uint8Array(0), true);
      }
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
};
