import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

/**
 * The font every document here uses: Helvetica, one of the PDF standard 14 fonts, which every reader has built in.
 * Nothing is embedded or parsed: a one-page invoice builds in ≈ 13 ms instead of ≈ 55 ms with an embedded TrueType
 * (fontkit parses the font file again for every document) and weighs 7 kB instead of 38 kB. Standard fonts encode
 * WinAnsi (Windows-1252) only, which covers the Latin-1 that FatturaPA allows plus € ’ “ ” – —: `toWinAnsi` maps any
 * other character before it reaches a page.
 */
const helvetica = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
} as const;
export const pdfFontFamily = 'Helvetica';
const standardFontNames: readonly string[] = Object.values(helvetica);

// Windows-1252's characters above Latin-1's control range (0x80–0x9F), which standard fonts can draw.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const curly: Record<string, string> = { '\u201B': "'", '\u201F': '"', '\u2032': "'", '\u2033': '"' };

/** A text as a standard font can draw it: characters outside Windows-1252 become their plain look-alike or '?'. */
export const toWinAnsi = (text: string): string =>
  text.replace(/[^\n\t\u0020-\u007E\u00A0-\u00FF]/gu, (ch) => {
    if (winAnsiExtras.has(ch)) return ch;
    const plain = curly[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/gu, '');
    return /^[\u0020-\u007E\u00A0-\u00FF]+$/u.test(plain) ? plain : '?';
  });

/** Every string of a plain JSON value through toWinAnsi. */
export const winAnsiDeep = <T>(value: T): T => {
  if (typeof value === 'string') return toWinAnsi(value) as T;
  if (Array.isArray(value)) return value.map(winAnsiDeep) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, winAnsiDeep(v)])) as T;
  return value;
};

type AfmMetrics = {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
};
type AfmFontPrototype = AfmMetrics & { parse(contents: string): void };
type PdfKitDocument = { _font: { font: { constructor: { prototype: AfmFontPrototype } } } };

/**
 * Parses each standard font's metrics once per process (or worker thread) instead of once per document.
 *
 * Workaround: pdfkit (under pdfmake) reads and parses the Helvetica AFM files (kerning pairs included, with a regular
 * expression a line) for every new document, each style it uses, and its default font too: about 15 % of a one-page
 * consent's time, measured with --cpu-prof (docs/decisions/025, Performance). The parsed tables are plain lookup maps
 * that pdfkit only reads, so the documents share them. pdfkit exports neither AFMFont nor a hook: its prototype is
 * reached through a throwaway document's default font, pdfkit resolved from pdfmake's own location (the very module
 * pdfmake builds with). If a pdfkit upgrade moves these, the cache is skipped and documents are built as before.
 */
const shareStandardFontMetrics = () => {
  try {
    const PDFKit = createRequire(import.meta.resolve('pdfmake'))('pdfkit') as new (options: object) => PdfKitDocument;
    const proto = new PDFKit({ autoFirstPage: false })._font?.font?.constructor?.prototype;
    if (typeof proto?.parse !== 'function') return;
    const parse = proto.parse;
    const parsed = new Map<string, AfmMetrics>(); // by the AFM file's text: 14 standard fonts at most
    proto.parse = function (this: AfmMetrics, contents: string) {
      const known = parsed.get(contents);
      if (known) {
        Object.assign(this, known);
        return;
      }
      parse.call(this, contents);
      const { attributes, glyphWidths, boundingBoxes, kernPairs } = this;
      parsed.set(contents, { attributes, glyphWidths, boundingBoxes, kernPairs });
    };
  } catch {
    // a pdfkit that does not look like 0.19's: no cache, same documents
  }
};

let ready = false;

/**
 * Prepares pdfmake once per process (or per worker thread): the standard Helvetica family, and every outside access
 * denied.
 *
 * SECURITY: a document definition can name images, fonts and attachments by URL or local path; ours only carry data
 * (the logo as a data URL), so pdfmake may fetch nothing and read no file (GUIDE §5) but the four standard font names,
 * which pdfkit resolves to the metrics it ships.
 * @returns the configured pdfmake instance.
 */
export const preparedPdfmake = (): typeof pdfmake => {
  if (ready) return pdfmake;
  shareStandardFontMetrics();
  pdfmake.setFonts({ [pdfFontFamily]: { ...helvetica } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => standardFontNames.includes(path));
  ready = true;
  return pdfmake;
};

/** A PNG or a JPEG, by its first bytes (the only images pdfkit embeds), as a data URL; anything else null. */
export const imageDataUrl = (logo: Uint8Array | null | undefined): string | null => {
  if (!logo || logo.length < 4) return null;
  const png = logo[0] === 0x89 && logo[1] === 0x50 && logo[2] === 0x4e && logo[3] === 0x47;
  const jpeg = logo[0] === 0xff && logo[1] === 0xd8 && logo[2] === 0xff;
  if (!png && !jpeg) return null;
  return `data:image/${png ? 'png' : 'jpeg'};base64,${Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength).toString('base64')}`;
};
