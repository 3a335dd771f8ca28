import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Attachment, attachmentMessages } from '@studiolo/domain/clinical';
import { patientMessages } from '@studiolo/domain/patients';
import { imageCompression, imageCompressionError, sanitizeFileName } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { compressImage, imageSize, sniffAttachment } from './attachment-file.ts';
import { type AttachmentRow, attachmentsRepository as repo } from './attachments.repository.ts';
import { logClinicalAccess } from './clinical-access.ts';

export const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  pazienteId: row.pazienteId,
  fileName: row.fileName,
  contentType: row.contentType,
  kind: row.kind,
  sizeBytes: row.sizeBytes,
  originalSizeBytes: row.originalSizeBytes,
  width: row.width,
  height: row.height,
  createdAt: row.createdAt.toISOString(),
});

/** An upload as the route hands it over: the claimed name and the bytes still arriving. */
export type IncomingFile = {
  fileName: string;
  stream: Readable & { truncated?: boolean };
};

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', attachmentMessages.tooLarge);

/** The name kept for a file whose type the server changed (a photo re-encoded as JPEG): same name, new extension. */
const withExtension = (name: string, extension: string) => {
  const dot = name.lastIndexOf('.');
  return sanitizeFileName(`${dot > 0 ? name.slice(0, dot) : name}.${extension}`);
};

const missingPatient = () => new AppError('NOT_FOUND', patientMessages.notFound);

/**
 * Stores a file in a patient's record. The upload is streamed to a temporary file (never held in memory), its
 * type read from its bytes, an image decoded whole (a broken one is refused) and from 1 MB on reduced (spec part 1
 * §9); the bytes go to storage first and the row is written after, so a failure at any step leaves nothing behind.
 */
export const uploadAttachment = async (
  deps: AppDeps,
  ctx: StudioContext,
  pazienteId: string,
  file: IncomingFile,
): Promise<Attachment> => {
  if (!(await repo.findPatient(deps.db, ctx, pazienteId))) {
    file.stream.resume();
    throw missingPatient();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'studiolo-upload-'));
  const tmp = path.join(dir, 'upload');
  try {
    try {
      await pipeline(file.stream, createWriteStream(tmp));
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    }
    if (file.stream.truncated) throw tooLarge();
    const originalSize = (await stat(tmp)).size;
    if (originalSize === 0) throw new AppError('VALIDATION', attachmentMessages.empty);

    const claimedName = sanitizeFileName(file.fileName);
    const sniffed = await sniffAttachment(tmp, claimedName);
    if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', attachmentMessages.notAllowed);

    const storageKey = `${ctx.studioId}/attachments/${pazienteId}/${randomUUID()}`;
    let stored: Pick<
      AttachmentRow,
      'fileName' | 'contentType' | 'sizeBytes' | 'originalSizeBytes' | 'width' | 'height'
    >;
    if (sniffed.kind === 'image') {
      let size: { width: number; height: number };
      try {
        size = await imageSize(tmp);
      } catch (err) {
        throw new AppError('VALIDATION', attachmentMessages.brokenImage, { cause: err });
      }
      if (originalSize >= imageCompression.thresholdBytes) {
        let reduced: Awaited<ReturnType<typeof compressImage>>;
        try {
          reduced = await compressImage(tmp);
        } catch (err) {
          throw new AppError('VALIDATION', imageCompressionError, { cause: err });
        }
        await deps.storage.put(storageKey, reduced.bytes);
        stored = {
          fileName: withExtension(claimedName, reduced.extension),
          contentType: reduced.contentType,
          sizeBytes: reduced.bytes.length,
          originalSizeBytes: originalSize,
          width: reduced.width,
          height: reduced.height,
        };
      } else {
        await deps.storage.putStream(storageKey, createReadStream(tmp), sniffed.contentType);
        stored = {
          fileName: claimedName,
          contentType: sniffed.contentType,
          sizeBytes: originalSize,
          originalSizeBytes: null,
          ...size,
        };
      }
    } else {
      await deps.storage.putStream(storageKey, createReadStream(tmp), sniffed.contentType);
      stored = {
        fileName: claimedName,
        contentType: sniffed.contentType,
        sizeBytes: originalSize,
        originalSizeBytes: null,
        width: null,
        height: null,
      };
    }
    try {
      return await deps.db.transaction(async (tx) => {
        const row = await repo.insert(tx, ctx, {
          ...stored,
          pazienteId,
          kind: sniffed.kind,
          storageKey,
          createdBy: ctx.userId,
        });
        await logClinicalAccess(tx, ctx, { pazienteId, kind: 'allegato', action: 'create', recordId: row.id });
        return toAttachment(row);
      });
    } catch (err) {
      await deps.storage.delete(storageKey);
      throw err;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** GET /pazienti/:pazienteId/allegati: newest first. */
export const listAttachments = async (deps: AppDeps, ctx: StudioContext, pazienteId: string) => {
  if (!(await repo.findPatient(deps.db, ctx, pazienteId))) throw missingPatient();
  const rows = await repo.listOfPatient(deps.db, ctx, pazienteId);
  await logClinicalAccess(deps.db, ctx, { pazienteId, kind: 'allegato', action: 'read' });
  return rows.map(toAttachment);
};

/** Opens one attachment's bytes for download or preview (an audited read of clinical data). */
export const openAttachment = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  const object = await deps.storage.open(row.storageKey);
  if (!object) throw notFound();
  await logClinicalAccess(deps.db, ctx, {
    pazienteId: row.pazienteId,
    kind: 'allegato',
    action: 'read',
    recordId: row.id,
  });
  return { attachment: toAttachment(row), ...object };
};

/**
 * Deletes the row (the database trigger records its object for the sweep in the same transaction), then sweeps: the
 * bytes go at once, and a failure of the storage leaves the object recorded for the next sweep, never a row without
 * bytes.
 */
export const deleteAttachment = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await deps.db.transaction(async (tx) => {
    const deleted = await repo.delete(tx, ctx, id);
    if (!deleted) throw notFound();
    await logClinicalAccess(tx, ctx, {
      pazienteId: deleted.pazienteId,
      kind: 'allegato',
      action: 'delete',
      recordId: deleted.id,
    });
    return deleted;
  });
  await sweepDeletedFiles(deps).catch(() => undefined);
  return toAttachment(row);
};

const sweepBatch = 100;

/**
 * Removes from storage the objects whose rows are gone (an attachment deleted, or its patient or studio: the
 * trigger on patient_attachments records them), in batches. Runs after each delete, at start-up and every few
 * minutes (features/clinical/attachments.routes.ts). @returns how many objects it removed.
 */
export const sweepDeletedFiles = async (deps: AppDeps) => {
  let removed = 0;
  for (;;) {
    const keys = await repo.unsafePendingDeletions(deps.db, sweepBatch);
    if (keys.length === 0) return removed;
    for (const key of keys) await deps.storage.delete(key);
    await repo.unsafeForgetDeletions(deps.db, keys);
    removed += keys.length;
    if (keys.length < sweepBatch) return removed;
  }
};
