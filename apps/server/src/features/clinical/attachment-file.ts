import { open } from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentKind } from '@studiolo/domain/clinical';
import { imageCompression } from '@studiolo/domain/shared';
import { fileTypeFromFile } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';

/** What the bytes of an upload are, read from the bytes themselves (the name and the browser's type are claims). */
export type SniffedFile = { kind: AttachmentKind; contentType: string; extension: string };

/** Types read from magic numbers that a clinical record may hold (decision 030); everything else is refused. */
const accepted: Record<string, AttachmentKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/tiff': 'image',
  'image/avif': 'image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/vnd.oasis.opendocument.spreadsheet': 'document',
  'application/vnd.oasis.opendocument.presentation': 'document',
  // the Office 97–2003 container (.doc, .xls); file-type names it by its container
  'application/x-cfb': 'document',
  'application/rtf': 'document',
};

/** Plain text has no magic number: accepted by name only when its bytes are text (no NUL, valid UTF-8 start). */
const textExtensions: Record<string, string> = { '.txt': 'text/plain', '.csv': 'text/csv' };

const headOf = async (file: string, length: number) => {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/**
 * Image signatures alone: file-type also reads the chunks after them and gives up on a damaged file, which is then
 * a broken image (and said so), not a file of an unknown type.
 */
const imageSignatures: [mime: string, ext: string, signature: number[]][] = [
  ['image/png', 'png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', 'jpg', [0xff, 0xd8, 0xff]],
  ['image/gif', 'gif', [0x47, 0x49, 0x46, 0x38]],
];

const looksLikeText = async (file: string) => {
  const bytes = await headOf(file, 8192);
  if (bytes.includes(0)) return false;
  // the head may end inside a character: only a replacement character before the last 3 bytes means not UTF-8
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3)));
  return !text.includes('\uFFFD');
};

/** @returns what the file is, or null when it is not a type an attachment may be (an executable, an archive…). */
export const sniffAttachment = async (file: string, claimedName: string): Promise<SniffedFile | null> => {
  const type = await fileTypeFromFile(file);
  if (type) {
    const kind = accepted[type.mime];
    return kind ? { kind, contentType: type.mime, extension: type.ext } : null;
  }
  const head = await headOf(file, 16);
  const image = imageSignatures.find(([, , sig]) => sig.every((b, i) => head[i] === b));
  if (image) return { kind: 'image', contentType: image[0], extension: image[1] };
  const ext = path.extname(claimedName).toLowerCase();
  const textType = textExtensions[ext];
  if (textType && (await looksLikeText(file))) {
    return { kind: 'text', contentType: `${textType}; charset=utf-8`, extension: ext.slice(1) };
  }
  return null;
};

/** Decodes the whole image (shrunk on load where the format allows): a truncated or corrupt one throws. */
export const imageSize = async (file: string) => {
  const meta = await sharp(file, { failOn: 'truncated' }).metadata();
  await sharp(file, { failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).toBuffer();
  if (!meta.width || !meta.height) throw new Error('image without size');
  // the size as shown: EXIF orientations 5–8 swap the sides
  const swapped = (meta.orientation ?? 1) >= 5;
  return { width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height };
};

export type CompressedImage = { bytes: Buffer; contentType: string; extension: string; width: number; height: number };

/**
 * spec part 1 §9: an image of 1 MB or more is reduced to about 1 MB and at most 1920 px on the longer side.
 * JPEG with decreasing quality (PNG palette when the image has transparency) until it fits.
 */
export const compressImage = async (file: string): Promise<CompressedImage> => {
  const meta = await sharp(file).metadata();
  const hasAlpha = Boolean(meta.hasAlpha);
  const base = sharp(file, { failOn: 'truncated' }).rotate().resize({
    width: imageCompression.maxSidePx,
    height: imageCompression.maxSidePx,
    fit: 'inside',
    withoutEnlargement: true,
  });
  let out: { data: Buffer; info: OutputInfo } | null = null;
  for (const quality of [85, 78, 70, 60, 50, 40, 30]) {
    out = hasAlpha
      ? await base.clone().png({ palette: true, quality, compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await base
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    if (out.data.length <= imageCompression.targetBytes) break;
  }
  if (!out) throw new Error('no output');
  return {
    bytes: out.data,
    contentType: hasAlpha ? 'image/png' : 'image/jpeg',
    extension: hasAlpha ? 'png' : 'jpg',
    width: out.info.width,
    height: out.info.height,
  };
};
