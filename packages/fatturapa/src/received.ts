import { parseDecimal, unitsToCents } from './decimal.ts';
import { anagraficaName, type FatturaPa } from './model.ts';
import { checkSdiRules, type SdiCheckError } from './sdi-checks.ts';

/** A received invoice as a cost of the studio: one per document (body) of the file. */
export type ReceivedDocument = {
  fornitore: { nome: string; partitaIva: string | null; codiceFiscale: string | null };
  tipoDocumento: string;
  numero: string;
  /** YYYY-MM-DD */
  data: string;
  imponibileCents: number;
  ivaCents: number;
  /** ImportoTotaleDocumento when given, else taxable + VAT. */
  totaleCents: number;
  ritenutaCents: number;
  /** The first due date of the payment terms, YYYY-MM-DD. */
  dataScadenza: string | null;
  /** What the SDI's checks find wrong in the file as it was received (kept, shown as a warning). */
  avvisi: SdiCheckError[];
};

const cents = (text: string | undefined): number => Number(unitsToCents(parseDecimal(text) ?? 0n));

/** @returns the cost documents of a received FatturaPA file, figures as the supplier wrote them. */
export const receivedDocumentsOf = (f: FatturaPa): ReceivedDocument[] => {
  const c = f.cedentePrestatore;
  return f.bodies.map((b) => {
    const g = b.datiGeneraliDocumento;
    const imponibileCents = b.datiRiepilogo.reduce((s, r) => s + cents(r.imponibileImporto), 0);
    const ivaCents = b.datiRiepilogo.reduce((s, r) => s + cents(r.imposta), 0);
    const declared = g.importoTotaleDocumento ? parseDecimal(g.importoTotaleDocumento) : null;
    return {
      fornitore: {
        nome: anagraficaName(c.anagrafica),
        partitaIva: c.idFiscaleIva.idCodice ? `${c.idFiscaleIva.idPaese}${c.idFiscaleIva.idCodice}` : null,
        codiceFiscale: c.codiceFiscale ?? null,
      },
      tipoDocumento: g.tipoDocumento,
      numero: g.numero,
      data: g.data,
      imponibileCents,
      ivaCents,
      totaleCents: declared !== null ? Number(unitsToCents(declared)) : imponibileCents + ivaCents,
      ritenutaCents: g.datiRitenuta.reduce((s, r) => s + cents(r.importoRitenuta), 0),
      dataScadenza:
        b.datiPagamento.flatMap((p) => p.dettaglioPagamento).find((d) => d.dataScadenzaPagamento)
          ?.dataScadenzaPagamento ?? null,
      avvisi: checkSdiRules({ ...f, bodies: [b] }),
    };
  });
};
