import { imageCompression } from '@studiolo/domain/shared';
import sharp, { type Metadata } from 'sharp';

export type PreparedImage = { bytes: Buffer; contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };

const acceptedFormats = new Set(['png', 'jpeg', 'webp']);

/**
 * Checks that the bytes are a PNG, JPEG or WebP image and, from 1 MB on, reduces them to about 1 MB and at most
 * 1920 px on the longer side (spec part 1 §9). Output is PNG or JPEG, the formats PDFs can embed.
 * @returns null when the bytes are not an accepted image.
 */
export const prepareLogo = async (input: Buffer): Promise<PreparedImage | null> => {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    return null;
  }
  if (!meta.format || !acceptedFormats.has(meta.format) || !meta.width || !meta.height) return null;
  const hasAlpha = Boolean(meta.hasAlpha);
  if (input.length < imageCompression.thresholdBytes && meta.format !== 'webp') {
    return meta.format === 'png'
      ? { bytes: input, contentType: 'image/png', extension: 'png' }
      : { bytes: input, contentType: 'image/jpeg', extension: 'jpg' };
  }
  const base = sharp(input).rotate().resize({
    width: imageCompression.maxSidePx,
    height: imageCompression.maxSidePx,
    fit: 'inside',
    withoutEnlargement: true,
  });
  let best: Buffer | null = null;
  for (const quality of [90, 80, 70, 60, 50, 40, 30]) {
    best = hasAlpha
      ? await base.clone().png({ palette: true, quality, compressionLevel: 9 }).toBuffer()
      : await base.clone().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (best.length <= imageCompression.targetBytes) break;
  }
  if (!best) return null;
  return hasAlpha
    ? { bytes: best, contentType: 'image/png', extension: 'png' }
    : { bytes: best, contentType: 'image/jpeg', extension: 'jpg' };
};
