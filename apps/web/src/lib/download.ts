import { fileNameOf, type RequestOptions, requestResponse } from './http.ts';

/** How far a CSV download has come: records received so far against the total the server announced. */
export type CsvDownloadProgress = {
  /** Data records received (the header line not counted). */
  rows: number;
  /** What the server said it would send (header `x-total-count`), or null when it did not say. */
  total: number | null;
  /** 0–100, or null without a total. */
  percent: number | null;
  /** Bytes received so far (a streamed ZIP's only measure while a large file arrives). */
  bytes?: number;
};

/** The server's count of the records a download will hold (GET /data-exporter/… answers with it). */
export const totalCountHeader = 'x-total-count';

const lineFeed = 0x0a;
const quote = 0x22;

/**
 * Counts the records of a CSV arriving in chunks: line feeds outside quoted fields, so that a note written on
 * several lines is still one record. Works on the raw bytes: in UTF-8 the bytes of `"` and `\n` never occur
 * inside another character, so no decoding is needed and a chunk may end in the middle of a character.
 */
export const createCsvRecordCounter = () => {
  let inQuotes = false;
  let lines = 0;
  return {
    push(chunk: Uint8Array) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        // an escaped quote ("") toggles twice: in and out of the field are kept right
        if (byte === quote) inQuotes = !inQuotes;
        else if (byte === lineFeed && !inQuotes) lines++;
      }
    },
    /** Completed lines so far (the header line included). */
    get lines() {
      return lines;
    },
  };
};

export const progressOf = (rows: number, total: number | null): CsvDownloadProgress => ({
  rows,
  total,
  // a file that grew while it was written (a patient added meanwhile) never shows more than 100 %
  percent: total === null ? null : total === 0 ? 100 : Math.min(100, Math.floor((rows / total) * 100)),
});

/** A downloaded file, the name the server gave it and the records it holds. */
export type CsvDownload = { blob: Blob; fileName: string | null; rows: number; total: number | null };

/**
 * Downloads a CSV with a header line, reporting progress as its records arrive (fetch + ReadableStream reader,
 * against the server's `x-total-count`). Authentication and failure answers go through lib/http.ts like every
 * other call: a failure is shown there and thrown.
 */
export const downloadCsvWithProgress = async (
  path: string,
  { onProgress, ...opts }: Omit<RequestOptions, 'method' | 'body'> & { onProgress?: (p: CsvDownloadProgress) => void },
): Promise<CsvDownload> => {
  const res = await requestResponse(path, { ...opts, method: 'GET', headers: { Accept: 'text/csv', ...opts.headers } });
  const header = Number.parseInt(res.headers.get(totalCountHeader) ?? '', 10);
  const total = Number.isFinite(header) && header >= 0 ? header : null;
  const counter = createCsvRecordCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const rows = () => Math.max(0, counter.lines - 1);
  onProgress?.(progressOf(0, total));

  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(value);
      onProgress?.(progressOf(rows(), total));
    }
  } else {
    const bytes = new Uint8Array(await res.arrayBuffer());
    chunks.push(bytes);
    counter.push(bytes);
  }
  const last = chunks.at(-1);
  // a last record without a final line break is a record too
  const trailing = last && last.length > 0 && last[last.length - 1] !== lineFeed ? 1 : 0;
  const received = Math.max(0, counter.lines + trailing - 1);
  onProgress?.({ ...progressOf(received, total), percent: 100 });
  const type = res.headers.get('content-type') ?? 'text/csv;charset=utf-8';
  return { blob: new Blob(chunks, { type }), fileName: fileNameOf(res), rows: received, total };
};

/** Hands a file to the browser as a download under `fileName`. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click has been handled
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** The bytes that open each file's entry in a ZIP (local file header, PK\x03\x04). */
const zipEntrySignature = [0x50, 0x4b, 0x03, 0x04] as const;

/** Counts the entries of a ZIP arriving in chunks by their local headers (a signature may span two chunks). */
export const createZipEntryCounter = () => {
  let matched = 0;
  let entries = 0;
  return {
    push(chunk: Uint8Array) {
      for (let i = 0; i < chunk.length; i++) {
        matched = chunk[i] === zipEntrySignature[matched] ? matched + 1 : chunk[i] === zipEntrySignature[0] ? 1 : 0;
        if (matched === zipEntrySignature.length) {
          entries++;
          matched = 0;
        }
      }
    },
    get entries() {
      return entries;
    },
  };
};

/**
 * Downloads a ZIP the server streams, reporting progress as its files arrive (against the server's
 * `x-total-count`): the same progress shape as the CSV downloads.
 */
export const downloadZipWithProgress = async (
  path: string,
  { onProgress, ...opts }: Omit<RequestOptions, 'method' | 'body'> & { onProgress?: (p: CsvDownloadProgress) => void },
): Promise<CsvDownload> => {
  const res = await requestResponse(path, {
    ...opts,
    method: 'GET',
    headers: { Accept: 'application/zip', ...opts.headers },
  });
  const header = Number.parseInt(res.headers.get(totalCountHeader) ?? '', 10);
  const total = Number.isFinite(header) && header >= 0 ? header : null;
  const counter = createZipEntryCounter();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress?.({ ...progressOf(0, total), bytes });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(value);
      bytes += value.byteLength;
      onProgress?.({ ...progressOf(Math.min(counter.entries, total ?? counter.entries), total), bytes });
    }
  } else {
    const all = new Uint8Array(await res.arrayBuffer());
    chunks.push(all);
    bytes = all.byteLength;
  }
  onProgress?.({ ...progressOf(total ?? counter.entries, total), percent: 100, bytes });
  return {
    blob: new Blob(chunks, { type: 'application/zip' }),
    fileName: fileNameOf(res),
    rows: counter.entries,
    total,
  };
};
