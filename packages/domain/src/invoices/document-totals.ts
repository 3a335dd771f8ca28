import { centsToEuros, eurosToCents } from '../shared/money.ts';
import type { RegimeFiscale } from '../studio/regime-fiscale.ts';
import { type CassaPrevidenzialeCode, cassaPrevidenzialeOf } from './casse-previdenziali.ts';
import type { Fattura } from './invoice.schema.ts';
import { computeTotals, type Totals } from './totals.ts';

/** What a document carries that its figures depend on, as the form and the server hold it (amounts in cents). */
export type DocumentFigures = {
  prestazione: readonly { quantita: number; prezzoPerUnita: number; sconto: number; codiceIvaId: number }[];
  tassazione: {
    cassaPrevidenzialeType: CassaPrevidenzialeCode;
    cassaPrevidenziale: { active: boolean; value: number; typeValue: 'PERCENTAGE' | 'ABS_VALUE' };
    marcaDaBolloCaricoMio: boolean;
    ivaAndRivalsaInclusa: boolean;
    ritenutaAcconto: { isActive: boolean; baseImponibile: number; aliquotaRitenuta: number };
  };
};

/**
 * The one mapping from a document (lines with prices in cents, its taxes) to computeTotals: the invoice form, the
 * server, the PDF and the XML all call this, so they cannot disagree.
 */
export const documentTotals = (doc: DocumentFigures, regimeFiscale: RegimeFiscale | null): Totals => {
  const t = doc.tassazione;
  const cassa = cassaPrevidenzialeOf(t.cassaPrevidenzialeType);
  return computeTotals({
    lines: doc.prestazione.map((l) => ({
      quantita: l.quantita,
      prezzoPerUnitaCents: l.prezzoPerUnita,
      sconto: l.sconto,
      codiceIvaId: l.codiceIvaId,
    })),
    regimeFiscale,
    cassa: {
      active: t.cassaPrevidenziale.active,
      tipoContributo: cassa.tipoContributo,
      typeValue: t.cassaPrevidenziale.typeValue,
      value:
        t.cassaPrevidenziale.typeValue === 'ABS_VALUE'
          ? eurosToCents(t.cassaPrevidenziale.value)
          : t.cassaPrevidenziale.value,
    },
    marcaDaBolloCaricoMio: t.marcaDaBolloCaricoMio,
    ivaAndRivalsaInclusa: t.ivaAndRivalsaInclusa,
    ritenuta: {
      isActive: t.ritenutaAcconto.isActive,
      baseImponibileCents: t.ritenutaAcconto.baseImponibile,
      aliquota: t.ritenutaAcconto.aliquotaRitenuta,
    },
  });
};

/** Totals in euros, as the API answers them (totaliSchema). */
export const totalsInEuros = (t: Totals) => ({
  righe: t.lines.map((l) => ({
    importo: centsToEuros(l.importoCents),
    imponibile: centsToEuros(l.imponibileCents),
    prezzoUnitarioNetto: l.prezzoUnitarioNetto,
    prezzoLordo: centsToEuros(l.prezzoLordoCents),
    quotaBollo: centsToEuros(l.quotaBolloCents),
  })),
  totalePrestazioni: centsToEuros(t.totalePrestazioniCents),
  cassa: centsToEuros(t.cassaCents),
  cassaCodiceIvaId: t.cassaCodiceIvaId,
  riepilogoIva: t.riepilogoIva.map((r) => ({
    codiceIvaId: r.codiceIvaId,
    aliquota: r.aliquota,
    natura: r.natura,
    imponibile: centsToEuros(r.imponibileCents),
    imposta: centsToEuros(r.impostaCents),
  })),
  iva: centsToEuros(t.ivaCents),
  marcaDaBolloDovuta: t.marcaDaBolloDovuta,
  marcaDaBollo: centsToEuros(t.marcaDaBolloCents),
  marcaDaBolloAddebitata: centsToEuros(t.marcaDaBolloAddebitataCents),
  ritenutaBaseSuggerita: centsToEuros(t.ritenutaBaseSuggeritaCents),
  ritenuta: centsToEuros(t.ritenutaCents),
  totale: centsToEuros(t.totaleCents),
  netto: centsToEuros(t.nettoCents),
});

/** The figures of a saved document as the API answers it (euros), through the one totals module, in cents. */
export const totalsOfFattura = (f: Fattura): Totals =>
  documentTotals(
    {
      prestazione: f.prestazione.map((l) => ({
        quantita: l.quantita,
        prezzoPerUnita: eurosToCents(l.prezzoPerUnita),
        sconto: l.sconto,
        codiceIvaId: l.codiceIvaId,
      })),
      tassazione: {
        cassaPrevidenzialeType: f.tassazione.cassaPrevidenzialeType,
        cassaPrevidenziale: f.tassazione.cassaPrevidenziale,
        marcaDaBolloCaricoMio: f.tassazione.marcaDaBolloCaricoMio,
        ivaAndRivalsaInclusa: f.tassazione.ivaAndRivalsaInclusa,
        ritenutaAcconto: {
          isActive: f.tassazione.ritenutaAcconto.isActive,
          baseImponibile: eurosToCents(f.tassazione.ritenutaAcconto.baseImponibile),
          aliquotaRitenuta: f.tassazione.ritenutaAcconto.aliquotaRitenuta,
        },
      },
    },
    f.tassazione.regimeFiscale,
  );
