/**
 * What the patient and appointment imports (decisions 039, 045) share on the server: the uploaded file read into
 * memory within its bound, read as a table or refused with the reader's Italian message.
 */
import type { Readable } from 'node:stream';
import { type ImportTable, importLimits, importMessages, readImportFile } from '@studiolo/domain/imports';
import { AppError } from './app-error.ts';

/** An import left in preview this long after its last change is deleted with its file (decisions 039, 045). */
export const unstartedImportTtlMs = 7 * 24 * 3600_000;

export type IncomingFile = { fileName: string; stream: Readable & { truncated?: boolean } };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', importMessages.tooLarge(importLimits.maxBytes / 1024 / 1024));

/**
 * The upload's bytes (cut at 20 MB while it streams: 413) and the table they hold (a file the reader refuses: 400
 * with its message, nothing stored).
 */
export const readUpload = async (file: IncomingFile): Promise<{ bytes: Buffer; table: ImportTable }> => {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.stream.truncated) throw tooLarge();
  const bytes = Buffer.concat(chunks);
  const read = readImportFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!read.ok) throw new AppError('VALIDATION', read.message);
  return { bytes, table: read.table };
};

/** A stored import file read again (a later preview): gone → 409, unreadable → 400. */
export const readStoredImport = async (
  storage: { get: (key: string) => Promise<Buffer | Uint8Array | null> },
  key: string,
  goneMessage: string,
): Promise<ImportTable> => {
  const bytes = await storage.get(key);
  if (!bytes) throw new AppError('CONFLICT', goneMessage);
  const read = readImportFile(new Uint8Array(bytes));
  if (!read.ok) throw new AppError('VALIDATION', read.message);
  return read.table;
};

/** A turn of the event loop between slices of rows (decision 039): other requests are served meanwhile. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
