import { PassThrough, Readable } from 'node:stream';
import { createZipPathNamer } from '@studiolo/domain/clinical';
import { patientDisplayName } from '@studiolo/domain/patients';
import { ZipFile } from 'yazl';
import type { AppDeps } from '../../deps.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { attachmentsRepository as repo } from './attachments.repository.ts';
import { logClinicalAccess } from './clinical-access.ts';

/** Rows read per query; also how many files may wait in the ZIP's queue before the next query (flat memory). */
const defaultBatchSize = 200;

/**
 * GET /data-exporter/allegati-pazienti: every patient's files in a ZIP, one folder per patient, streamed. Rows come
 * in keyset batches; each file is opened only when the ZIP writer reaches it (yazl's lazy entries) and stored
 * without recompression (photos and PDFs are compressed already), so memory and open files stay flat whatever the
 * studio holds, and the download starts at once.
 */
export const exportAttachments = async (
  deps: AppDeps,
  ctx: StudioContext,
  onError: (error: Error) => void,
  // tests walk several batches with a few files
  { batchSize = defaultBatchSize }: { batchSize?: number } = {},
) => {
  await logClinicalAccess(deps.db, ctx, { pazienteId: null, kind: 'allegato', action: 'export' });
  const total = await repo.count(deps.db, ctx);
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.on('error', (err) => out.destroy(err));
  zip.outputStream.pipe(out);

  const pathOf = createZipPathNamer();
  let queued = 0;
  let wake: (() => void) | null = null;
  const finished = () => {
    queued--;
    wake?.();
    wake = null;
  };

  out.on('close', () => wake?.());

  const produce = async () => {
    let after: { pazienteId: string; id: string } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(deps.db, ctx, after, batchSize);
      for (const row of rows) {
        const entryPath = pathOf(row.pazienteId, patientDisplayName(row), row.fileName);
        queued++;
        zip.addReadStreamLazy(entryPath, { compress: false, mtime: row.createdAt }, (cb) => {
          deps.storage.open(row.storageKey).then(
            (object) => {
              // a file lost from storage still has its row: an empty entry keeps the ZIP whole (logged)
              const stream = object?.stream ?? Readable.from([]);
              if (!object) onError(new Error(`attachment ${row.id} missing from storage`));
              stream.once('end', finished);
              stream.once('error', finished);
              cb(null, stream);
            },
            (err) => cb(err, Readable.from([])),
          );
        });
      }
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) break;
      after = { pazienteId: last.pazienteId, id: last.id };
      // wait for the writer to take most of this batch before reading the next one
      while (queued > batchSize / 4 && !out.destroyed) await new Promise<void>((r) => (wake = r));
      if (out.destroyed) return;
    }
    zip.end();
  };
  produce().catch((err: Error) => {
    onError(err);
    out.destroy(err);
  });
  return { stream: out, total };
};
