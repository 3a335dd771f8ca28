/** The two numberings of a studio: fiscal documents (invoices and credit notes) and pro-forma (spec part 2 §4). */
export const documentSeries = ['FATTURA', 'PROFORMA'] as const;
export type DocumentSeries = (typeof documentSeries)[number];

export const seriesOf = (tipoDocumento: string): DocumentSeries =>
  tipoDocumento === 'PROFORMA' ? 'PROFORMA' : 'FATTURA';

/**
 * The number as printed and listed: number/year (spec part 2 §2), with the suffix of an electronic document and the
 * sezionale in between when there is one: 12/2026, 12/E/2026, 3/B/2026.
 */
export const formatIdDocumento = (d: {
  numero: number;
  anno: number;
  sezionale?: string | null;
  suffisso?: string | null;
}): string =>
  [d.numero, d.suffisso, d.sezionale, d.anno].filter((p) => p !== null && p !== undefined && p !== '').join('/');
