import { centsRatioAsDecimal, mulDivRound, percentToBasisPoints } from '../shared/money.ts';
import type { RegimeFiscale } from '../studio/regime-fiscale.ts';
import type { TipoContributo } from './casse-previdenziali.ts';
import { codiceIvaOf, isWithholdingBaseCode } from './vat-codes.ts';

/**
 * THE totals module (spec part 2 §9): every figure of an invoice, pro-forma or credit note on screen, in the PDF and
 * in the XML comes from computeTotals. Amounts are integer cents, percentages are numbers with at most two decimals
 * turned into basis points, and every product is rounded once, half away from zero (mulDivRound). Decision 020.
 */

/** spec part 2 §9: stamp duty above 77.47 € of amounts without VAT; its value, 2 €. */
export const stampDutyThresholdCents = 7747;
export const stampDutyCents = 200;

export type TotalsLine = {
  quantita: number;
  /** What one unit costs: net of VAT and fund, or including both when ivaAndRivalsaInclusa. */
  prezzoPerUnitaCents: number;
  /** Discount percent, 0 to 100. */
  sconto: number;
  codiceIvaId: number;
};

export type TotalsInput = {
  lines: readonly TotalsLine[];
  regimeFiscale: RegimeFiscale | null;
  cassa: {
    active: boolean;
    tipoContributo: TipoContributo;
    typeValue: 'PERCENTAGE' | 'ABS_VALUE';
    /** Percent for PERCENTAGE, cents for ABS_VALUE. */
    value: number;
  };
  /** The stamp duty is paid by the studio (true) or charged to the patient (false). */
  marcaDaBolloCaricoMio: boolean;
  /** Line prices include the fund and the VAT: the patient pays exactly what the lines say. */
  ivaAndRivalsaInclusa: boolean;
  ritenuta: { isActive: boolean; baseImponibileCents: number; aliquota: number };
};

export type LineTotals = {
  /** unit × quantity × (1 − discount), as entered. */
  importoCents: number;
  /** The taxable amount of the line (net of the included fund and VAT, plus its share of a recharged stamp duty). */
  imponibileCents: number;
  /** The unit price net of fund and VAT, exact to 8 decimals (what PrezzoUnitario says). */
  prezzoUnitarioNetto: string;
  /** The line's gross: its taxable amount plus its VAT (spec part 2 §4 "gross total"). */
  prezzoLordoCents: number;
  aliquota: number;
  /** The part of a recharged stamp duty this line carries (forfettario, spec part 2 §9). */
  quotaBolloCents: number;
};

export type RiepilogoIva = {
  codiceIvaId: number;
  aliquota: number;
  natura: string | null;
  imponibileCents: number;
  impostaCents: number;
};

export type Totals = {
  lines: LineTotals[];
  /** Σ of the lines' taxable amounts. */
  totalePrestazioniCents: number;
  cassaCents: number;
  /** The VAT code the fund's amount takes: the one of the line with the largest amount. */
  cassaCodiceIvaId: number | null;
  riepilogoIva: RiepilogoIva[];
  ivaCents: number;
  /** Stamp duty applies: the amounts without VAT pass 77.47 €. */
  marcaDaBolloDovuta: boolean;
  /** The stamp duty's value when due (2 €), whoever pays it. */
  marcaDaBolloCents: number;
  /** The stamp duty added to the patient's total as a sum of its own (not forfettario, charged to the patient). */
  marcaDaBolloAddebitataCents: number;
  /** What the 'Suggerito' link offers as withholding base. */
  ritenutaBaseSuggeritaCents: number;
  ritenutaCents: number;
  /** lines + fund + VAT + stamp duty charged to the patient. */
  totaleCents: number;
  /** total − withholding: what the patient pays. */
  nettoCents: number;
};

/** A line's amount as entered: unit × quantity × (1 − discount %), rounded once. */
export const lineAmountCents = (line: Pick<TotalsLine, 'quantita' | 'prezzoPerUnitaCents' | 'sconto'>): number =>
  mulDivRound(line.prezzoPerUnitaCents * line.quantita, 10_000 - percentToBasisPoints(line.sconto), 10_000);

/** spec part 2 §9 "Tax helper": an amount plus aliquota percent. */
export const withTax = (cents: number, aliquota: number): number =>
  cents + mulDivRound(cents, percentToBasisPoints(aliquota), 10_000);

/** Splits cents into n parts as equal as possible, the extra cents to the first parts. */
const splitEvenly = (cents: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.floor(cents / n) + (i < cents % n ? 1 : 0));

const indexOfLargest = (values: readonly number[]): number =>
  values.reduce((best, v, i) => (v > (values[best] ?? Number.NEGATIVE_INFINITY) ? i : best), 0);

/** @returns every figure of a document from its lines and taxes. */
export const computeTotals = (input: TotalsInput): Totals => {
  const { lines, cassa } = input;
  const rates = lines.map((l) => codiceIvaOf(l.codiceIvaId).aliquota);
  const amounts = lines.map(lineAmountCents);
  const cassaPercentBp =
    cassa.active && cassa.tipoContributo !== 'NESSUNO' && cassa.typeValue === 'PERCENTAGE'
      ? percentToBasisPoints(cassa.value)
      : 0;
  const cassaFixed =
    cassa.active && cassa.tipoContributo !== 'NESSUNO' && cassa.typeValue === 'ABS_VALUE' ? cassa.value : 0;
  const cassaCodiceIvaId = lines.length ? (lines[indexOfLargest(amounts)] as TotalsLine).codiceIvaId : null;

  /** The fund (unless given), the VAT summary and the VAT of given taxable line amounts. */
  const forward = (imponibili: readonly number[], givenCassaCents?: number) => {
    const cassaCents =
      givenCassaCents ??
      mulDivRound(
        imponibili.reduce((s, v) => s + v, 0),
        cassaPercentBp,
        10_000,
      ) + cassaFixed;
    const groups = new Map<number, number>();
    lines.forEach((l, i) => {
      groups.set(l.codiceIvaId, (groups.get(l.codiceIvaId) ?? 0) + (imponibili[i] as number));
    });
    if (cassaCodiceIvaId !== null && cassaCents)
      groups.set(cassaCodiceIvaId, (groups.get(cassaCodiceIvaId) ?? 0) + cassaCents);
    const riepilogoIva: RiepilogoIva[] = [...groups.entries()]
      .sort(([a], [b]) => a - b)
      .map(([codiceIvaId, imponibileCents]) => {
        const c = codiceIvaOf(codiceIvaId);
        return {
          codiceIvaId,
          aliquota: c.aliquota,
          natura: c.natura,
          imponibileCents,
          impostaCents: mulDivRound(imponibileCents, percentToBasisPoints(c.aliquota), 10_000),
        };
      });
    const ivaCents = riepilogoIva.reduce((s, r) => s + r.impostaCents, 0);
    return { cassaCents, riepilogoIva, ivaCents };
  };

  // 1. The lines' taxable amounts: as entered, or with the fund and the VAT taken out of the price.
  const imponibili = input.ivaAndRivalsaInclusa
    ? amounts.map((a, i) =>
        mulDivRound(a, 100_000_000, (10_000 + cassaPercentBp) * (10_000 + percentToBasisPoints(rates[i] as number))),
      )
    : [...amounts];
  if (input.ivaAndRivalsaInclusa && lines.length) {
    // The patient pays exactly the prices entered: the cent or two that rounding leaves goes to the largest line.
    const f = forward(imponibili);
    const sum = imponibili.reduce((s, v) => s + v, 0);
    const target = amounts.reduce((s, v) => s + v, 0) + cassaFixed;
    const largest = indexOfLargest(amounts);
    imponibili[largest] = (imponibili[largest] as number) + target - (sum + f.cassaCents + f.ivaCents);
  }

  // 2. Stamp duty: due when the amounts without VAT pass 77.47 € (with the fund they carry, as it is part of the fee).
  const preliminary = forward(imponibili);
  const zeroVatBase =
    imponibili.reduce((s, v, i) => s + (rates[i] === 0 ? v : 0), 0) +
    (cassaCodiceIvaId !== null && codiceIvaOf(cassaCodiceIvaId).aliquota === 0 ? preliminary.cassaCents : 0);
  const marcaDaBolloDovuta = zeroVatBase > stampDutyThresholdCents;
  const marcaDaBolloCents = marcaDaBolloDovuta ? stampDutyCents : 0;
  const charged = marcaDaBolloDovuta && !input.marcaDaBolloCaricoMio;
  // spec part 2 §9: the forfettario regime adds the stamp duty it charges to the base of the lines without VAT,
  // split equally across them.
  const quoteBollo = lines.map(() => 0);
  if (charged && input.regimeFiscale === 'RF_19') {
    const zeroVatLines = lines.map((_, i) => i).filter((i) => rates[i] === 0);
    splitEvenly(marcaDaBolloCents, zeroVatLines.length).forEach((share, k) => {
      quoteBollo[zeroVatLines[k] as number] = share;
    });
  }
  const finalImponibili = imponibili.map((v, i) => v + (quoteBollo[i] as number));
  // The fund stays computed on the fees: the stamp duty is a sum recharged, not the professional's fee (decision 020).
  const { cassaCents, riepilogoIva, ivaCents } = quoteBollo.some(Boolean)
    ? forward(finalImponibili, preliminary.cassaCents)
    : preliminary;
  const marcaDaBolloAddebitataCents = charged && input.regimeFiscale !== 'RF_19' ? marcaDaBolloCents : 0;

  const totalePrestazioniCents = finalImponibili.reduce((s, v) => s + v, 0);
  const totaleCents = totalePrestazioniCents + cassaCents + ivaCents + marcaDaBolloAddebitataCents;

  // Withholding: the fees (every code but N1) plus an INPS-style rivalsa, which is part of the fee; a contributo
  // integrativo is not (decision 020).
  const ritenutaBaseSuggeritaCents =
    finalImponibili.reduce((s, v, i) => s + (isWithholdingBaseCode((lines[i] as TotalsLine).codiceIvaId) ? v : 0), 0) +
    (cassa.tipoContributo === 'RIVALSA' ? cassaCents : 0);
  const ritenutaCents = input.ritenuta.isActive
    ? mulDivRound(input.ritenuta.baseImponibileCents, percentToBasisPoints(input.ritenuta.aliquota), 10_000)
    : 0;

  return {
    lines: lines.map((l, i) => {
      const imponibileCents = finalImponibili[i] as number;
      const netOfBollo = imponibileCents - (quoteBollo[i] as number);
      const undiscounted = l.quantita * (10_000 - percentToBasisPoints(l.sconto));
      return {
        importoCents: amounts[i] as number,
        imponibileCents,
        prezzoUnitarioNetto:
          input.ivaAndRivalsaInclusa && undiscounted > 0
            ? centsRatioAsDecimal(netOfBollo, 10_000, undiscounted)
            : centsRatioAsDecimal(l.prezzoPerUnitaCents, 1, 1),
        prezzoLordoCents: withTax(imponibileCents, rates[i] as number),
        aliquota: rates[i] as number,
        quotaBolloCents: quoteBollo[i] as number,
      };
    }),
    totalePrestazioniCents,
    cassaCents,
    cassaCodiceIvaId: cassaCents ? cassaCodiceIvaId : null,
    riepilogoIva,
    ivaCents,
    marcaDaBolloDovuta,
    marcaDaBolloCents,
    marcaDaBolloAddebitataCents,
    ritenutaBaseSuggeritaCents,
    ritenutaCents,
    totaleCents,
    nettoCents: totaleCents - ritenutaCents,
  };
};

/**
 * spec part 2 §4 line editing: the gross of a line from its price, quantity, discount and VAT (what the line shows
 * while it is edited, before the document's fund and stamp duty).
 */
export const lineGrossCents = (line: TotalsLine, ivaAndRivalsaInclusa: boolean): number => {
  const amount = lineAmountCents(line);
  return ivaAndRivalsaInclusa ? amount : withTax(amount, codiceIvaOf(line.codiceIvaId).aliquota);
};

/**
 * spec part 2 §4: editing the gross recomputes the unit price (discount back to 0): the gross without its VAT (unless
 * prices include it) divided by the quantity, rounded to the cent.
 */
export const unitPriceFromGrossCents = (
  grossCents: number,
  quantita: number,
  codiceIvaId: number,
  ivaAndRivalsaInclusa: boolean,
): number => {
  if (quantita <= 0) return 0;
  const aliquotaBp = ivaAndRivalsaInclusa ? 0 : percentToBasisPoints(codiceIvaOf(codiceIvaId).aliquota);
  return mulDivRound(grossCents, 10_000, (10_000 + aliquotaBp) * quantita);
};

/** spec part 2 §5: withholding amount = base × rate / 100, rounded to 2 decimals. */
export const ritenutaAmountCents = (baseCents: number, aliquota: number): number =>
  mulDivRound(baseCents, percentToBasisPoints(aliquota), 10_000);
