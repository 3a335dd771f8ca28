const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Makes a file name safe on every system (spec part 1 §9): control characters removed, \ / : * ? " < > |
 * become _, trailing dots and spaces removed, Windows reserved names prefixed with _, at most 255 characters
 * keeping the extension, empty becomes "unnamed".
 */
export const sanitizeFileName = (name: string): string => {
  let out = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/[. ]+$/, '');
  if (reserved.test(out)) out = `_${out}`;
  if (out.length > 255) {
    const dot = out.lastIndexOf('.');
    const ext = dot > 0 && out.length - dot <= 16 ? out.slice(dot) : '';
    out = out.slice(0, 255 - ext.length) + ext;
  }
  return out === '' ? 'unnamed' : out;
};

const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** Human size in Bytes up to YB (spec part 1 §9), base 1024, Italian decimals. */
export const formatFileSize = (bytes: number): string => {
  if (bytes <= 0) return '0 Bytes';
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(value)} ${units[i]}`;
};

/** spec part 1 §9: images of 1 MB or more are reduced to about 1 MB, at most 1920 px on the longer side. */
export const imageCompression = { thresholdBytes: 1_048_576, targetBytes: 1_048_576, maxSidePx: 1920 } as const;
export const imageCompressionError = "Si è verificato un errore nell'elaborazione dell'immagine, riprovare più tardi";
