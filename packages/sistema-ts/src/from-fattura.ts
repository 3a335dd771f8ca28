import { codiceIvaOf, type Fattura, type Line, type MetodoPagamento, totalsOfFattura } from '@studiolo/domain/invoices';
import { uiDateToIso } from '@studiolo/domain/shared';
import { defaultTipoSpesa } from '@studiolo/domain/sistema-ts';
import type { DocumentoSpesa, IdDocumentoFiscale, TipoSpesa, VoceSpesa } from './model.ts';

/**
 * The health-expense record of an invoice or credit note, every figure from the one totals module (what the patient
 * sees on the invoice and in the PDF). Decision 023 says why each choice:
 * - one voce per expense type and VAT treatment; the tipoSpesa of each line its own (chosen on the invoice line; none
 *   means SP, "prestazioni sanitarie", what the professions of this app invoice) unless the caller resolves it, the
 *   rate (aliquotaIVA) or the natura (naturaIVA) from the line's VAT code;
 * - the fund (rivalsa INPS, contributo integrativo) and the VAT are part of what the patient paid: they go with the
 *   lines that carry them, shared by the lines' amounts, to the cent;
 * - the stamp duty charged to the patient (circolare AdE 7/E 2017: a deductible accessory charge of the expense) is a
 *   voce of its own, AA "altre spese": natura N1 (outside the VAT base, art. 15 DPR 633/72) when added to the total,
 *   the lines' natura when the forfettario regime makes it part of the fee (spec part 2 §9);
 * - the sum of the voci is the invoice's total, always;
 * - pagamentoTracciato NO for cash and for 'Altro' (unknown: the deduction needs a traceable payment, so nothing is
 *   claimed that the studio did not record), SI for cards, transfer, cheque, PayPal;
 * - the patient's opposition ('Si oppone al TS.'): flagOpposizione 1 and no cfCittadino; the record still goes;
 * - a credit note is a rimborso (R) of the invoice it corrects: its own idSpesa, idRimborso the invoice's, the payment
 *   date its own date (spec v2.5: for R dataPagamento equals dataEmissione).
 */

/** The expense type of an invoice line: the caller maps services and products (default: SP for every line). */
export type TipoSpesaResolver = (riga: Line, index: number) => TipoSpesa;

export type SpesaSanitariaOptions = {
  /** The issuer's partita IVA for idSpesa; default the one printed on the document. */
  pIva?: string;
  /**
   * I the first time (default; R for a credit note), V after a change once the Sistema TS has the document, C to
   * withdraw it (a credit note too: then without idRimborso).
   */
  operazione?: 'I' | 'V' | 'C';
  tipoSpesaOf?: TipoSpesaResolver;
  /** yyyy-MM-dd; default the document's collection date (dataIncasso), or its date when paid without one. */
  dataPagamento?: string;
  /** The patient opposes for this document; default the patient's 'Si oppone al TS.' flag. */
  opposizione?: boolean;
  /** Whether a payment method is traceable (pagamentoTracciato SI); default `isPagamentoTracciato`. */
  tracciato?: (metodo: MetodoPagamento) => boolean;
  /** For a credit note: the refunded invoice as it was sent; default its number and date on the credit note. */
  idRimborso?: IdDocumentoFiscale;
};

/** spec v2.5 pagamentoTracciato: the methods of art. 23 D.Lgs. 241/1997 (bank, post, cards, cheques) are SI. */
const tracciabili: Record<MetodoPagamento, boolean> = {
  Contanti: false,
  'Carta di credito': true,
  'Carta di debito': true,
  'Bonifico bancario': true,
  Assegno: true,
  PayPal: true,
  // unknown: claiming a traceable payment the studio did not record would give the patient a deduction it may lose
  Altro: false,
};

/** @returns whether the payment method makes the expense traceable (pagamentoTracciato SI). */
export const isPagamentoTracciato = (metodo: MetodoPagamento): boolean => tracciabili[metodo];

/** The default resolver: the line's own tipoSpesa, a health service (SP) when it has none. */
export const tipoSpesaOfLine: TipoSpesaResolver = (riga) => riga.tipoSpesa ?? defaultTipoSpesa;

/** A document number as numDocType takes it: a character outside letters, digits and _ . / \ - becomes '-'. */
export const numDocumentoOf = (idDocumento: string): string => idDocumento.trim().replace(/[^A-Za-z0-9_./\\-]/g, '-');

/** Splits cents by weights, exactly (largest remainder; ties to the first). */
const apportion = (cents: number, weights: readonly number[]): number[] => {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? cents : 0));
  const exact = weights.map((w) => (cents * w) / total);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left -= 1;
  }
  return parts;
};

type Treatment = { aliquotaIva: number | null; naturaIva: string | null };
const treatmentOf = (codiceIvaId: number): Treatment => {
  const c = codiceIvaOf(codiceIvaId);
  return c.aliquota > 0 ? { aliquotaIva: c.aliquota, naturaIva: null } : { aliquotaIva: null, naturaIva: c.natura };
};

/**
 * @returns the voci of a document: per line its share of the VAT group it belongs to (taxable amount, VAT and, for
 * the group the fund is in, the fund), merged by expense type and VAT treatment; the stamp duty charged to the patient
 * as AA. Their sum is the document's total.
 */
export const vociOf = (f: Fattura, tipoSpesaOf: TipoSpesaResolver = tipoSpesaOfLine): VoceSpesa[] => {
  const t = totalsOfFattura(f);
  const voci = new Map<string, VoceSpesa>();
  const add = (tipoSpesa: TipoSpesa, treatment: Treatment, cents: number) => {
    if (cents === 0) return;
    const key = `${tipoSpesa}|${treatment.aliquotaIva ?? ''}|${treatment.naturaIva ?? ''}`;
    const found = voci.get(key);
    if (found) found.importoCents += cents;
    else voci.set(key, { tipoSpesa, importoCents: cents, ...treatment });
  };
  const lineTotals = t.lines;
  const perLine = f.prestazione.map(() => 0);
  const bolloByTreatment: { treatment: Treatment; cents: number }[] = [];
  for (const r of t.riepilogoIva) {
    const members = f.prestazione.flatMap((l, i) => (l.codiceIvaId === r.codiceIvaId ? [i] : []));
    const quota = members.reduce((s, i) => s + (lineTotals[i]?.quotaBolloCents ?? 0), 0);
    const gross = r.imponibileCents + r.impostaCents - quota;
    const weights = members.map((i) => (lineTotals[i]?.imponibileCents ?? 0) - (lineTotals[i]?.quotaBolloCents ?? 0));
    apportion(gross, weights).forEach((cents, k) => {
      const i = members[k] as number;
      perLine[i] = (perLine[i] as number) + cents;
    });
    if (quota) bolloByTreatment.push({ treatment: treatmentOf(r.codiceIvaId), cents: quota });
  }
  f.prestazione.forEach((l, i) => {
    add(tipoSpesaOf(l, i), treatmentOf(l.codiceIvaId), perLine[i] as number);
  });
  for (const b of bolloByTreatment) add('AA', b.treatment, b.cents);
  // the stamp duty added to the total is a sum recharged outside the VAT base (art. 15 DPR 633/72)
  if (t.marcaDaBolloAddebitataCents) add('AA', { aliquotaIva: null, naturaIva: 'N1' }, t.marcaDaBolloAddebitataCents);
  return [...voci.values()];
};

const present = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

/** Thrown for a document that does not go to the Sistema TS. */
export class NotASpesaSanitariaError extends Error {
  override readonly name = 'NotASpesaSanitariaError';
}

/**
 * @returns the record of a health invoice (FATTURA_SANITARIA) or of its credit note to a natural person; throws
 * NotASpesaSanitariaError for any other document. The record may still break a rule of the Sistema TS (an unpaid
 * invoice, a missing fiscal code): run `checkSpeseSanitarie` before sending.
 */
export const spesaSanitariaOf = (f: Fattura, options: SpesaSanitariaOptions = {}): DocumentoSpesa => {
  const c = f.paziente;
  if (c.tipologiaPersona !== 'FISICA' || present(c.partitaIva))
    throw new NotASpesaSanitariaError(
      `Il documento ${f.idDocumento} è intestato a un'azienda o a un titolare di partita IVA: non va al Sistema TS.`,
    );
  const rimborso = f.tipoDocumento === 'NOTA_DI_CREDITO';
  if (!rimborso && f.tipoDocumento !== 'FATTURA_SANITARIA')
    throw new NotASpesaSanitariaError(
      `Il documento ${f.idDocumento} non è una fattura sanitaria: non va al Sistema TS.`,
    );
  const pIva = options.pIva ?? present(f.emittente.partitaIva) ?? '';
  const dataEmissione = uiDateToIso(f.dataFattura);
  const idSpesa: IdDocumentoFiscale = {
    pIva,
    dataEmissione,
    numDocumentoFiscale: { dispositivo: 1, numDocumento: numDocumentoOf(f.idDocumento) },
  };
  const dataPagamento = rimborso
    ? dataEmissione
    : (options.dataPagamento ?? (f.dataIncasso ? uiDateToIso(f.dataIncasso) : f.pagata ? dataEmissione : ''));
  const oppone = options.opposizione ?? c.opposizioneTs;
  const tracciato = (options.tracciato ?? isPagamentoTracciato)(f.metodoPagamento);
  // a credit note goes as a rimborso; once the Sistema TS has it, it is changed or withdrawn like any document
  const flagOperazione =
    options.operazione === 'V' || options.operazione === 'C' ? options.operazione : rimborso ? 'R' : 'I';
  const idRimborso: IdDocumentoFiscale | undefined =
    flagOperazione === 'R'
      ? (options.idRimborso ?? {
          pIva,
          dataEmissione: f.dataFatturaCollegata ? uiDateToIso(f.dataFatturaCollegata) : '',
          numDocumentoFiscale: { dispositivo: 1, numDocumento: numDocumentoOf(f.numeroFatturaCollegata ?? '') },
        })
      : undefined;
  return {
    idSpesa,
    ...(idRimborso ? { idRimborso } : {}),
    dataPagamento,
    ...(dataPagamento && dataPagamento < dataEmissione ? { flagPagamentoAnticipato: true } : {}),
    flagOperazione,
    cfCittadino: oppone ? null : (present(c.codiceFiscale)?.toUpperCase() ?? null),
    pagamentoTracciato: tracciato ? 'SI' : 'NO',
    tipoDocumento: 'F',
    flagOpposizione: oppone ? '1' : '0',
    voci: vociOf(f, options.tipoSpesaOf),
  };
};
