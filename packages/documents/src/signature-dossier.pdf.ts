import type pdfmake from 'pdfmake';
import type { Content } from 'pdfmake';
import { pdfFontFamily, preparedPdfmake, winAnsiDeep } from './pdfmake-setup.ts';

/** The evidence of one electronic signature (issue 15 part 6), as the server recorded it. */
export type SignatureDossierInput = {
  requestId: string;
  studioName: string;
  patientName: string;
  /** Who signed and in which capacity (the patient, or a parent or guardian for a minor). */
  signer: { name: string; role: string; codiceFiscale: string | null };
  cellulare: string;
  email: string | null;
  documents: { title: string; fileName: string; sha256Before: string; sha256After: string | null }[];
  /** Each step with its time already written in Europe/Rome, and where it came from. */
  steps: { at: string; label: string; ip: string | null; userAgent: string | null; detail: string | null }[];
  otp: { sentTo: string; verifiedAt: string | null; wrongAttempts: number };
  signedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  device: string | null;
  signPageUrl: string | null;
  certificate: string;
  generatedAt: string;
};

type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

const row = (label: string, value: string | null): Content[] => [{ text: label, bold: true }, { text: value ?? '—' }];

const dossierDefinition = (d: SignatureDossierInput): TDocumentDefinitions =>
  winAnsiDeep({
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: pdfFontFamily, fontSize: 9 },
    footer: (page: number, pages: number) => ({
      text: `Dossier della firma ${d.requestId} - Pagina ${page} di ${pages}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 20, 0, 0],
    }),
    content: [
      { text: 'Dossier probatorio della firma elettronica', fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: `${d.studioName} - generato il ${d.generatedAt}`, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: [150, '*'],
          body: [
            row('Richiesta', d.requestId),
            row('Paziente', d.patientName),
            row('Firmatario', `${d.signer.name} (${d.signer.role})`),
            row('Codice fiscale del firmatario', d.signer.codiceFiscale),
            row('Cellulare (codice OTP)', d.otp.sentTo),
            row('E-mail (link e copia)', d.email),
            row('Codice OTP verificato il', d.otp.verifiedAt),
            row('Codici errati prima della firma', String(d.otp.wrongAttempts)),
            row('Firmato il', d.signedAt),
            row('Indirizzo IP', d.ip),
            row('Browser (user agent)', d.userAgent),
            row('Dispositivo', d.device),
            row('Pagina di firma', d.signPageUrl),
            row('Certificato del sigillo PAdES', d.certificate),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Documenti (impronte SHA-256)', fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
      ...d.documents.map(
        (doc): Content => ({
          stack: [
            { text: `${doc.title} (${doc.fileName})`, bold: true },
            { text: `Prima della firma: ${doc.sha256Before}`, font: pdfFontFamily, fontSize: 8 },
            { text: `Dopo la firma: ${doc.sha256After ?? '—'}`, fontSize: 8 },
          ],
          margin: [0, 0, 0, 6],
        }),
      ),
      { text: 'Cronologia', fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: [85, 95, 70, '*'],
          body: [
            [
              { text: 'Quando', bold: true },
              { text: 'Passo', bold: true },
              { text: 'IP', bold: true },
              { text: 'Dettagli', bold: true },
            ],
            ...d.steps.map((s) => [
              s.at,
              s.label,
              s.ip ?? '—',
              [s.detail, s.userAgent].filter(Boolean).join(' - ') || '—',
            ]),
          ],
        },
        fontSize: 8,
        layout: 'lightHorizontalLines',
      },
    ],
  } as TDocumentDefinitions);

/** The evidence report as an A4 PDF (Helvetica, nothing embedded or fetched). */
export const renderSignatureDossier = async (input: SignatureDossierInput): Promise<Buffer> => {
  const pdf = preparedPdfmake().createPdf(dossierDefinition(input));
  return Buffer.from(await pdf.getBuffer());
};
