/**
 * Text as the FatturaPA schema takes it. Names, addresses and descriptions are Latin-1 (String…LatinType: basic Latin
 * and the Latin-1 supplement); codes, references and e-mails are basic Latin only. A character outside the allowed
 * set would make the SDI refuse the file (00200), so it is replaced by its closest allowed form here, once, for every
 * field; escaping then makes '&', '<', '>' and quotes safe.
 */

const replacements: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u20AC': 'EUR',
  '\u2022': '-',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u00A0': ' ',
  '\t': ' ',
  '\n': ' ',
  '\r': ' ',
};
const replaceable =
  /[\u2018\u2019\u201A\u201B\u2032\u201C\u201D\u201E\u2033\u2013\u2014\u2212\u2026\u20AC\u2022\u0141\u0142\u0152\u0153\u00A0\t\n\r]/gu;
const outsideLatin1 = /[^\u0020-\u007E\u00A1-\u00FF]/gu;
const combiningMarks = /[\u0300-\u036f]/gu;
const outsideBasicLatin = /[^\u0020-\u007E]/gu;

const collapse = (s: string) => s.replace(/ {2,}/g, ' ').trim();

/** Latin-1 text of at most max characters (names, descriptions, causali). */
export const latinText = (value: string, max: number): string =>
  collapse(
    value
      .normalize('NFC')
      .replace(replaceable, (c) => replacements[c] ?? c)
      .replace(outsideLatin1, (c) => {
        // a letter with an accent Latin-1 lacks (ő, č) keeps its base letter
        const base = c.normalize('NFD').replace(combiningMarks, '');
        return /^[\u0020-\u007E]+$/.test(base) ? base : '';
      }),
  ).slice(0, max);

/** Basic-Latin text of at most max characters (codes, references). */
export const basicLatinText = (value: string, max: number): string =>
  collapse(
    value
      .replace(replaceable, (c) => replacements[c] ?? c)
      .normalize('NFD')
      .replace(combiningMarks, '')
      .replace(outsideBasicLatin, ''),
  ).slice(0, max);

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** XML character data with the five special characters escaped. */
export const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (c) => escapes[c] as string);
