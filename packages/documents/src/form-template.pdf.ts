/// <reference path="./html-to-pdfmake.d.ts" />
import {
  type FormTemplateToken,
  type FormTemplateValues,
  fillTokens,
  fillTokensInText,
  formTemplateMessages as m,
  tokensIn,
} from '@studiolo/domain/forms';
import type pdfmake from 'pdfmake';
import type { Content } from 'pdfmake';
import { imageDataUrl, pdfFontFamily, preparedPdfmake, toWinAnsi, winAnsiDeep } from './pdfmake-setup.ts';

/** A form template ready to print: its HTML already sanitised by the server and its tokens already filled. */
export type FormTemplatePdfInput = {
  title: string;
  /**
   * Sanitised HTML: the template as stored (its tokens in it) when `values` is given; otherwise with every token
   * already replaced (by a patient's value, or by nothing for the empty form).
   */
  html: string;
  /**
   * The tokens' values. With them the template's HTML is parsed once per thread (cached by the HTML itself) and the
   * tokens are filled in the parsed content, so that a template printed for patient after patient is not parsed again.
   */
  values?: FormTemplateValues;
  /** The date after "Letto, confermato e sottoscritto il" (DD-MM-YYYY); null prints 16 blanks to write it by hand. */
  date: string | null;
  /** The studio's logo, PNG or JPEG; anything else is left out. */
  logo?: Uint8Array | null;
};

// spec part 1 §9: A4, logo fits 150x80, margins 40/40/40/80, footer with the date or 16 blanks, signature line, page x of y
const pageMargins: [number, number, number, number] = [40, 40, 40, 80];
const logoFit: [number, number] = [150, 80];
const blankDate = '_'.repeat(16);
/**
 * The signature line's place on every page (points from the page's bottom-left corner): the later signature step
 * (issue 15 part 6) draws the handwritten signature here, so it is a constant, not a layout result.
 */
export const formTemplateSignatureBox = { x: 355, y: 42, width: 200, height: 30 } as const;

type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

/**
 * html-to-pdfmake and one jsdom window for it, loaded on the first form template of the process or worker thread:
 * importing jsdom takes about a second, which neither the server's start nor a worker building only invoices should pay.
 */
let parser: Promise<(html: string) => unknown> | null = null;
const htmlParser = () => {
  parser ??= Promise.all([import('html-to-pdfmake'), import('jsdom')]).then(([h2p, { JSDOM }]) => {
    const window = new JSDOM('').window as unknown as Window;
    return (html: string) =>
      h2p.default(html, {
        window,
        removeExtraBlanks: true,
        imagesByReference: false,
        defaultStyles: {
          h1: { fontSize: 18, bold: true, marginBottom: 8 },
          h2: { fontSize: 15, bold: true, marginBottom: 6 },
          h3: { fontSize: 13, bold: true, marginBottom: 5 },
          h4: { fontSize: 11, bold: true, marginBottom: 4 },
          p: { margin: [0, 3, 0, 6] },
        },
      });
  });
  return parser;
};

/** The template's HTML as pdfmake content (text through WinAnsi: the standard Helvetica draws nothing else). */
export const formTemplateContent = async (html: string): Promise<Content> =>
  winAnsiDeep((await htmlParser())(html) as Content);

// Parsed templates by their HTML (the key is the content itself, so an edited template can never be served stale).
// Bounded: the most recently used 32, each under 512 kB of HTML (a template with large embedded images is parsed anew).
const parsedTemplates = new Map<string, unknown>();
const maxParsedTemplates = 32;
const maxParsedHtmlChars = 512 * 1024;
const parsedTemplate = async (html: string): Promise<unknown> => {
  const known = parsedTemplates.get(html);
  if (known !== undefined) {
    parsedTemplates.delete(html); // most recently used last
    parsedTemplates.set(html, known);
    return known;
  }
  const parsed = (await htmlParser())(html);
  if (html.length <= maxParsedHtmlChars) {
    parsedTemplates.set(html, parsed);
    const oldest = parsedTemplates.keys().next().value;
    if (parsedTemplates.size > maxParsedTemplates && oldest !== undefined) parsedTemplates.delete(oldest);
  }
  return parsed;
};

/**
 * A copy of the parsed template with its tokens filled and every string through WinAnsi (pdfmake writes layout data
 * into the definition it lays out, so the cached tree itself is never handed over). A value is put in as html-to-pdfmake
 * would have read it from the filled HTML: line breaks with the blanks around them as one space.
 */
const filledCopy = (value: unknown, values: FormTemplateValues): unknown => {
  if (typeof value === 'string') return toWinAnsi(value.includes('{{') ? fillTokensInText(value, values) : value);
  if (Array.isArray(value)) return value.map((v) => filledCopy(v, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, filledCopy(v, values)]));
  return value;
};
const asParsed = (values: FormTemplateValues): FormTemplateValues =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v?.replace(/\s*\n\s*/g, ' ') ?? null]));

/**
 * The template's content for pdfmake with its tokens filled from `values`: the same content as formTemplateContent of
 * the filled HTML (a test compares them), with the parse cached per template. html-to-pdfmake drops a text that is
 * empty and with it the style of its element, so a template with a token left empty (the empty form, a patient
 * without e-mail) is filled in its HTML and parsed as before.
 */
export const filledTemplateContent = async (html: string, values: FormTemplateValues): Promise<Content> =>
  tokensIn(html).every((t) => /\S/.test(values[t as FormTemplateToken] ?? ''))
    ? (filledCopy(await parsedTemplate(html), asParsed(values)) as Content)
    : formTemplateContent(fillTokens(html, values));

/** The document definition (exported for tests that read the layout without building bytes). */
export const formTemplateDefinition = async (input: FormTemplatePdfInput): Promise<TDocumentDefinitions> => {
  const logo = imageDataUrl(input.logo);
  const dateText = `${m.pdfFooter} ${input.date ?? blankDate}`;
  return {
    pageSize: 'A4',
    pageMargins,
    info: { title: toWinAnsi(input.title), creator: 'Studiolo', producer: 'Studiolo' },
    defaultStyle: { font: pdfFontFamily, fontSize: 10.5, lineHeight: 1.25, color: '#1d2733' },
    content: [
      ...(logo ? [{ image: logo, fit: logoFit, margin: [0, 0, 0, 16] } as Content] : []),
      await (input.values ? filledTemplateContent(input.html, input.values) : formTemplateContent(input.html)),
    ],
    footer: (currentPage: number, pageCount: number) => ({
      margin: [pageMargins[0], 14, pageMargins[2], 0],
      stack: [
        {
          columns: [
            { text: dateText, width: '*', margin: [0, 18, 0, 0] },
            {
              width: formTemplateSignatureBox.width,
              stack: [
                {
                  canvas: [{ type: 'line', x1: 0, y1: 30, x2: formTemplateSignatureBox.width, y2: 30, lineWidth: 0.7 }],
                },
                { text: 'Firma', alignment: 'center', fontSize: 8, color: '#5b6675', margin: [0, 2, 0, 0] },
              ],
            },
          ],
        },
        {
          text: m.pdfPage(currentPage, pageCount),
          alignment: 'center',
          fontSize: 8,
          color: '#5b6675',
          margin: [0, 6, 0, 0],
        },
      ],
    }),
  };
};

/**
 * A form template as an A4 PDF (spec part 1 §9). Synchronous layout on the calling thread: the server calls it through
 * the worker pool (createPdfPool().renderFormTemplate).
 */
export const buildFormTemplatePdf = async (input: FormTemplatePdfInput): Promise<Buffer> => {
  const pdf = preparedPdfmake().createPdf(await formTemplateDefinition(input));
  return Buffer.from(await pdf.getBuffer());
};
