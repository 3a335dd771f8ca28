import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

export type ZipEntry = { name: string; data: Uint8Array | string };

/**
 * A ZIP streamed from entries made one at a time (a page of rows, a file read when its turn comes): memory holds
 * about one entry whatever the archive's size, and the next entry is asked for only when the client has taken the
 * last (the readable's backpressure). fflate's Zip and ZipDeflate work synchronously: an entry's bytes are out as
 * soon as it is added.
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
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      file.push(typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : entry.data, true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
};
