/// <reference path="./html-to-pdfmake.d.ts" />
import { formTemplateMessages as m } from '@studiolo/domain/forms';
import type pdfmake from 'pdfmake';
import type { Content } from 'pdfmake';
import { pdfFontFamily, preparedPdfmake, toWinAnsi, winAnsiDeep } from './pdfmake-setup.ts';

/** A form template ready to print: its HTML already sanitised by the server and its tokens already filled. */
export type FormTemplatePdfInput = {
  title: string;
  /** Sanitised HTML with every token replaced (by a patient's value, or by nothing for the empty form). */
  html: string;
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

const imageDataUrl = (logo: Uint8Array | null | undefined): string | null => {
  if (!logo || logo.length < 4) return null;
  const png = logo[0] === 0x89 && logo[1] === 0x50 && logo[2] === 0x4e && logo[3] === 0x47;
  const jpeg = logo[0] === 0xff && logo[1] === 0xd8 && logo[2] === 0xff;
  if (!png && !jpeg) return null;
  return `data:image/${png ? 'png' : 'jpeg'};base64,${Buffer.from(logo).toString('base64')}`;
};

/** The template's HTML as pdfmake content (text through WinAnsi: the standard Helvetica draws nothing else). */
export const formTemplateContent = async (html: string): Promise<Content> =>
  winAnsiDeep((await htmlParser())(html) as Content);

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
      await formTemplateContent(input.html),
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
