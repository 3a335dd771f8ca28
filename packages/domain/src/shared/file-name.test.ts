import { describe, expect, it } from 'vitest';
import { formatFileSize, sanitizeFileName } from './file-name.ts';

describe('sanitizeFileName (spec part 1 §9)', () => {
  it('replaces the characters Windows forbids with _', () => {
    expect(sanitizeFileName('a\\b/c:d*e?f"g<h>i|j.pdf')).toBe('a_b_c_d_e_f_g_h_i_j.pdf');
  });
  it('removes control characters and trailing dots and spaces', () => {
    expect(sanitizeFileName('refer\u0000to\u001f. . ')).toBe('referto');
  });
  it('prefixes reserved Windows names', () => {
    expect(sanitizeFileName('CON')).toBe('_CON');
    expect(sanitizeFileName('lpt1.txt')).toBe('_lpt1.txt');
  });
  it('keeps the extension when cutting to 255 characters', () => {
    const out = sanitizeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(out).toHaveLength(255);
    expect(out.endsWith('.jpeg')).toBe(true);
  });
  it('names an empty result "unnamed"', () => {
    expect(sanitizeFileName('...')).toBe('unnamed');
    expect(sanitizeFileName('')).toBe('unnamed');
  });
});

describe('formatFileSize', () => {
  it('shows Bytes up to YB in Italian', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1024 ** 8 * 3)).toBe('3 YB');
  });
});
