import { fieldMessages } from './field-messages.ts';
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

/**
 * The shared string rule (issue 25, decision 033). No text may hold a C0 control character other than tab, line
 * feed and carriage return (NUL among them: PostgreSQL refuses it in text and the INSERT failed with a 500), DEL, a
 * C1 control character (U+0080–U+009F) or half of a surrogate pair (not Unicode, not storable as UTF-8). A one-line
 * text (a name, a title, an e-mail) refuses tab and line breaks too.
 */
// the `u` flag, not `v` (set subtraction): Vite's default browser target for the web bundle predates `v`
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
const lineBreaks = /[\t\n\r\u2028\u2029]/u;

/** @returns the message for a text that breaks the shared string rule, or null when it is fine. */
export const textProblem = (value: string, opts: { multiline?: boolean } = {}): string | null => {
  if (controlCharacters.test(value)) return fieldMessages.controlCharacters;
  if (!opts.multiline && lineBreaks.test(value)) return fieldMessages.lineBreak;
  return null;
};

/** How deep a request's JSON may nest: the deepest schema of the API is far less (decision 033). */
export const maxInputDepth = 32;

/**
 * The first string of a request's data (body, query or parameters, keys included) that breaks the shared string
 * rule, with its path (`a.b.0`), or the path where the data nests deeper than maxInputDepth. Iterative, so any depth
 * is safe to walk. The server applies it to every route before its schema (the one check every route shares); the
 * schemas apply the same rule through `text` for the forms.
 */
export const findUnsafeInput = (value: unknown): { path: string; message: string } | null => {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof v === 'string') {
      const message = textProblem(v, { multiline: true });
      if (message) return { path: path.join('.') || '_', message };
      continue;
    }
    if (!v || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (path.length >= maxInputDepth) return { path: path.join('.'), message: fieldMessages.invalid };
    if (Array.isArray(v)) {
      // an index is a safe key, and a number, a boolean or null holds nothing to check: a body chart's 120,000
      // numbers walked as entries with a path each held the event loop for tens of ms (decision 033)
      for (let i = 0; i < v.length; i++) {
        const inner: unknown = v[i];
        if (typeof inner === 'string' || (inner && typeof inner === 'object'))
          stack.push({ value: inner, path: [...path, String(i)] });
      }
      continue;
    }
    for (const [key, inner] of Object.entries(v)) {
      const keyProblem = textProblem(key, { multiline: true });
      if (keyProblem) return { path: [...path, '_'].join('.'), message: keyProblem };
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
};

/** The shared string rule as a zod check, for a string schema built some other way (`z.email().check(textRule())`). */
export const textRule =
  (opts: { multiline?: boolean } = {}) =>
  (ctx: z.core.ParsePayload<string>) => {
    const message = textProblem(ctx.value, opts);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  };

/**
 * The shared string schema: a string of at most `max` characters that keeps the shared string rule (one line unless
 * `multiline`). The domain's input schemas build their text fields from it, requiredText or optionalText.
 */
export const text = (max: number, opts: { multiline?: boolean } = {}) => z.string().max(max).check(textRule(opts));

/** A trimmed optional text: empty becomes null. */
export const optionalText = (max: number, opts: { multiline?: boolean } = {}) =>
  text(max, opts)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

/** A trimmed required text. */
export const requiredText = (max: number, opts: { multiline?: boolean } = {}) =>
  z.string().trim().min(1).max(max).check(textRule(opts));
