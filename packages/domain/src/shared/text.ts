import { z } from './zod-it.ts';

/** spec part 1 §5, part 2 §5: Latin characters only means basic Latin and Latin-1. */
const nonLatin = /[^\u0020-\u007E\u00A0-\u00FF]/gu;
const curly: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u00AB': '"',
  '\u00BB': '"',
};

/** Straightens curly quotes and strips every character outside basic Latin and Latin-1 (spec part 2 §5). */
export const toLatinText = (value: string): string =>
  value.replace(/[\u2018\u2019\u201A\u201B\u201C\u201D\u201E]/gu, (c) => curly[c] ?? c).replace(nonLatin, '');

/** @returns whether every character is basic Latin or Latin-1. */
export const isLatinText = (value: string): boolean => !new RegExp(nonLatin.source, 'u').test(value);

/** A trimmed optional text: empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

/** A trimmed required text. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
