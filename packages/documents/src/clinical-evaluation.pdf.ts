import type pdfmake from 'pdfmake';
import type { Content } from 'pdfmake';
import { imageDataUrl, pdfFontFamily, preparedPdfmake, winAnsiDeep } from './pdfmake-setup.ts';

/**
 * One clinical evaluation as the server composes it for reading (issue 16 item 6: a PDF where a person would rather
 * read than sort): every text already in Italian and every date already written, so this module only lays it out.
 */
export type ClinicalEvaluationPdfInput = {
  studio: { name: string; details: string | null };
  /** The studio's logo, PNG or JPEG; anything else is left out. */
  logo?: Uint8Array | null;
  patient: { name: string; details: string | null };
  /** "Valutazione iniziale" or "Rivalutazione". */
  title: string;
  date: string;
  author: string | null;
  /** The written sections in the record's order (empty ones left out by the caller): a text, or a table (the ROM). */
  sections: ({ label: string; text: string } | { label: string; table: { headers: string[]; rows: string[][] } })[];
  generatedAt: string;
};

type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

const logoFit: [number, number] = [150, 80];
const muted = '#5b6675';

const heading = (label: string): Content => ({
  text: label.toUpperCase(),
  fontSize: 8.5,
  bold: true,
  color: muted,
  characterSpacing: 0.4,
  margin: [0, 10, 0, 2],
});

/** The document definition (exported for tests that read the layout without building bytes). */
export const clinicalEvaluationDefinition = (d: ClinicalEvaluationPdfInput): TDocumentDefinitions => {
  const logo = imageDataUrl(d.logo);
  const studioBlock: Content = {
    stack: [
      { text: d.studio.name, bold: true, fontSize: 11 },
      ...(d.studio.details ? [{ text: d.studio.details, fontSize: 8.5, color: muted }] : []),
    ],
    alignment: logo ? 'right' : 'left',
  };
  return winAnsiDeep({
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 60],
    info: { title: `${d.title} - ${d.patient.name} - ${d.date}`, creator: 'Studiolo', producer: 'Studiolo' },
    defaultStyle: { font: pdfFontFamily, fontSize: 10.5, lineHeight: 1.25, color: '#1d2733' },
    content: [
      logo
        ? {
            columns: [
              { image: logo, fit: logoFit, width: 'auto' },
              { ...studioBlock, width: '*' },
            ],
            columnGap: 16,
          }
        : studioBlock,
      {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.6, lineColor: '#c9d1da' }],
        margin: [0, 10, 0, 12],
      },
      { text: d.title, fontSize: 16, bold: true },
      { text: `del ${d.date}${d.author ? ` - redatta da ${d.author}` : ''}`, color: muted, margin: [0, 2, 0, 10] },
      {
        table: {
          widths: [70, '*'],
          body: [
            [{ text: 'Paziente', bold: true }, { text: d.patient.name }],
            ...(d.patient.details
              ? [
                  [
                    { text: '', bold: true },
                    { text: d.patient.details, color: muted },
                  ],
                ]
              : []),
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 4],
      },
      ...d.sections.flatMap((s): Content[] => [
        heading(s.label),
        'text' in s
          ? { text: s.text }
          : ({
              table: {
                headerRows: 1,
                widths: s.table.headers.map((_, i) => (i < 2 ? '*' : 'auto')),
                body: [
                  s.table.headers.map((h) => ({ text: h, bold: true, fontSize: 9 })),
                  ...s.table.rows.map((r) => r.map((c) => ({ text: c, fontSize: 9.5 }))),
                ],
              },
              layout: 'lightHorizontalLines',
            } as Content),
      ]),
    ],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${d.patient.name} - ${d.title} del ${d.date}`, width: '*' },
        { text: `Pagina ${page} di ${pages}`, width: 'auto' },
      ],
      fontSize: 8,
      color: muted,
      margin: [40, 20, 40, 0],
    }),
  } as TDocumentDefinitions);
};

/** A clinical evaluation as an A4 PDF (Helvetica, nothing fetched). The server calls it through the worker pool. */
export const buildClinicalEvaluationPdf = async (input: ClinicalEvaluationPdfInput): Promise<Buffer> => {
  const pdf = preparedPdfmake().createPdf(clinicalEvaluationDefinition(input));
  return Buffer.from(await pdf.getBuffer());
};
