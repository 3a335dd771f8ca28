import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  lineAmountCents,
  lineGrossCents,
  ritenutaAmountCents,
  type TotalsInput,
  type TotalsLine,
  unitPriceFromGrossCents,
} from './totals.ts';

// Every expected figure below is worked out by hand in the comment above it.

const line = (euros: number, codiceIvaId: number, quantita = 1, sconto = 0): TotalsLine => ({
  quantita,
  prezzoPerUnitaCents: Math.round(euros * 100),
  sconto,
  codiceIvaId,
});

const noCassa = { active: false, tipoContributo: 'NESSUNO', typeValue: 'PERCENTAGE', value: 0 } as const;
const inps4 = { active: true, tipoContributo: 'RIVALSA', typeValue: 'PERCENTAGE', value: 4 } as const;
const noRitenuta = { isActive: false, baseImponibileCents: 0, aliquota: 20 };

const input = (over: Partial<TotalsInput>): TotalsInput => ({
  lines: [],
  regimeFiscale: 'RF_01',
  cassa: noCassa,
  marcaDaBolloCaricoMio: false,
  ivaAndRivalsaInclusa: false,
  ritenuta: noRitenuta,
  ...over,
});

describe('ordinary regime with VAT', () => {
  it('adds 22 % VAT to two sessions of 50 € and no stamp duty, as no amount is without VAT', () => {
    // 2 × 50.00 = 100.00; VAT 22 % = 22.00; total 122.00
    const t = computeTotals(input({ lines: [line(50, 1, 2)] }));
    expect(t.totalePrestazioniCents).toBe(10_000);
    expect(t.riepilogoIva).toEqual([
      { codiceIvaId: 1, aliquota: 22, natura: null, imponibileCents: 10_000, impostaCents: 2_200 },
    ]);
    expect(t.ivaCents).toBe(2_200);
    expect(t.marcaDaBolloDovuta).toBe(false);
    expect(t.totaleCents).toBe(12_200);
    expect(t.nettoCents).toBe(12_200);
    expect(t.lines[0]?.prezzoLordoCents).toBe(12_200);
  });

  it('keeps one VAT summary row per code, the fund taking the code of the largest line', () => {
    // 100.00 at 22 % and 50.00 at 10 %; fund 4 % of 150.00 = 6.00 goes with the 22 % line:
    // 22 %: 106.00 → 23.32; 10 %: 50.00 → 5.00; total 150 + 6 + 28.32 = 184.32
    const t = computeTotals(input({ lines: [line(100, 1), line(50, 3)], cassa: inps4 }));
    expect(t.cassaCents).toBe(600);
    expect(t.cassaCodiceIvaId).toBe(1);
    expect(t.riepilogoIva.map((r) => [r.codiceIvaId, r.imponibileCents, r.impostaCents])).toEqual([
      [1, 10_600, 2_332],
      [3, 5_000, 500],
    ]);
    expect(t.totaleCents).toBe(18_432);
  });
});

describe('exempt health services (art. 10 n. 18) and stamp duty', () => {
  it('charges the 2 € stamp duty to the patient above 77.47 € of exempt amounts', () => {
    // 80.00 exempt (N4) > 77.47 → stamp duty due, charged: total 80.00 + 2.00 = 82.00
    const t = computeTotals(input({ lines: [line(80, 12)] }));
    expect(t.riepilogoIva).toEqual([
      { codiceIvaId: 12, aliquota: 0, natura: 'N4', imponibileCents: 8_000, impostaCents: 0 },
    ]);
    expect(t.marcaDaBolloDovuta).toBe(true);
    expect(t.marcaDaBolloCents).toBe(200);
    expect(t.marcaDaBolloAddebitataCents).toBe(200);
    expect(t.totaleCents).toBe(8_200);
  });

  it('does not apply the stamp duty at exactly 77.47 €, and applies it at 77.48 €', () => {
    expect(computeTotals(input({ lines: [line(77.47, 12)] })).marcaDaBolloDovuta).toBe(false);
    expect(computeTotals(input({ lines: [line(77.48, 12)] })).marcaDaBolloDovuta).toBe(true);
  });

  it('counts only the amounts without VAT towards the threshold', () => {
    // 50.00 exempt + 100.00 at 22 %: only 50.00 without VAT → no stamp duty
    const t = computeTotals(input({ lines: [line(50, 12), line(100, 1)] }));
    expect(t.marcaDaBolloDovuta).toBe(false);
    expect(t.totaleCents).toBe(5_000 + 10_000 + 2_200);
  });

  it('counts the fund carried by exempt lines: 75 € plus 4 % rivalsa is 78 €, above the threshold', () => {
    // 75.00 + rivalsa 3.00 = 78.00 > 77.47 → due; total 75 + 3 + 2 = 80.00
    const t = computeTotals(input({ lines: [line(75, 12)], cassa: inps4 }));
    expect(t.marcaDaBolloDovuta).toBe(true);
    expect(t.totaleCents).toBe(8_000);
  });

  it('leaves the stamp duty out of the total when the studio pays it', () => {
    const t = computeTotals(input({ lines: [line(80, 12)], marcaDaBolloCaricoMio: true }));
    expect(t.marcaDaBolloCents).toBe(200);
    expect(t.marcaDaBolloAddebitataCents).toBe(0);
    expect(t.totaleCents).toBe(8_000);
  });
});

describe('forfettario regime', () => {
  const forfettario = { regimeFiscale: 'RF_19' as const };

  it('adds the stamp duty charged to the patient to the lines without VAT, split equally', () => {
    // 60.00 + 40.00 = 100.00 > 77.47 → 2.00 split 1.00 + 1.00: lines 61.00 and 41.00, total 102.00
    const t = computeTotals(input({ ...forfettario, lines: [line(60, 4), line(40, 4)] }));
    expect(t.lines.map((l) => [l.quotaBolloCents, l.imponibileCents])).toEqual([
      [100, 6_100],
      [100, 4_100],
    ]);
    expect(t.marcaDaBolloAddebitataCents).toBe(0);
    expect(t.totalePrestazioniCents).toBe(10_200);
    expect(t.totaleCents).toBe(10_200);
  });

  it('gives the odd cent of a three-way split to the first lines', () => {
    // 3 × 30.00 = 90.00 → 2.00 = 0.67 + 0.67 + 0.66; total 92.00
    const t = computeTotals(input({ ...forfettario, lines: [line(30, 4), line(30, 4), line(30, 4)] }));
    expect(t.lines.map((l) => l.quotaBolloCents)).toEqual([67, 67, 66]);
    expect(t.totaleCents).toBe(9_200);
  });

  it('keeps the stamp duty out of lines and total when it is at the studio’s charge', () => {
    const t = computeTotals(input({ ...forfettario, lines: [line(100, 4)], marcaDaBolloCaricoMio: true }));
    expect(t.marcaDaBolloDovuta).toBe(true);
    expect(t.lines[0]?.quotaBolloCents).toBe(0);
    expect(t.totaleCents).toBe(10_000);
  });

  it('computes the INPS 4 % rivalsa on the fee, not on the recharged stamp duty', () => {
    // 100.00 + rivalsa 4.00 = 104.00 > 77.47 → stamp duty into the line: 102.00; rivalsa stays 4.00; total 106.00
    const t = computeTotals(input({ ...forfettario, lines: [line(100, 4)], cassa: inps4 }));
    expect(t.totalePrestazioniCents).toBe(10_200);
    expect(t.cassaCents).toBe(400);
    expect(t.riepilogoIva).toEqual([
      { codiceIvaId: 4, aliquota: 0, natura: 'N2.2', imponibileCents: 10_600, impostaCents: 0 },
    ]);
    expect(t.totaleCents).toBe(10_600);
    // the recharged stamp duty is part of the fee for withholding purposes (interpello 428/2022)
    expect(t.ritenutaBaseSuggeritaCents).toBe(10_600);
  });

  it('takes the 4 % rivalsa out of a 50 € price when prices include it: 48.08 + 1.92', () => {
    // 50.00 / 1.04 = 48.0769 → 48.08; rivalsa 4 % of 48.08 = 1.9232 → 1.92; 48.08 + 1.92 = 50.00
    const t = computeTotals(input({ ...forfettario, lines: [line(50, 4)], cassa: inps4, ivaAndRivalsaInclusa: true }));
    expect(t.lines[0]?.imponibileCents).toBe(4_808);
    expect(t.lines[0]?.prezzoUnitarioNetto).toBe('48.08');
    expect(t.cassaCents).toBe(192);
    expect(t.marcaDaBolloDovuta).toBe(false);
    expect(t.totaleCents).toBe(5_000);
  });

  it('adds the stamp duty on top of an included price of 100 €', () => {
    // 100.00 / 1.04 = 96.1538 → 96.15, rivalsa 3.846 → 3.85 (sum 100.00); exempt amount 100.00 > 77.47 →
    // line 96.15 + 2.00 = 98.15, rivalsa unchanged 3.85; total 102.00
    const t = computeTotals(input({ ...forfettario, lines: [line(100, 4)], cassa: inps4, ivaAndRivalsaInclusa: true }));
    expect(t.lines[0]?.imponibileCents).toBe(9_815);
    expect(t.cassaCents).toBe(385);
    expect(t.totaleCents).toBe(10_200);
  });
});

describe('social-security funds', () => {
  it('charges a contributo integrativo that follows the lines’ VAT code and stays out of the withholding base', () => {
    // psychologist, exempt 70.00, ENPAP 2 % = 1.40 (N4, no VAT); 71.40 < 77.47 → no stamp duty
    const t = computeTotals(
      input({
        lines: [line(70, 12)],
        cassa: { active: true, tipoContributo: 'CONTRIBUTO_INTEGRATIVO', typeValue: 'PERCENTAGE', value: 2 },
      }),
    );
    expect(t.cassaCents).toBe(140);
    expect(t.cassaCodiceIvaId).toBe(12);
    expect(t.marcaDaBolloDovuta).toBe(false);
    expect(t.totaleCents).toBe(7_140);
    expect(t.ritenutaBaseSuggeritaCents).toBe(7_000);
  });

  it('puts VAT on a contributo integrativo of a line with VAT', () => {
    // 100.00 at 22 %, integrativo 4 % = 4.00, VAT 22 % of 104.00 = 22.88; total 126.88
    const t = computeTotals(
      input({
        lines: [line(100, 1)],
        cassa: { active: true, tipoContributo: 'CONTRIBUTO_INTEGRATIVO', typeValue: 'PERCENTAGE', value: 4 },
      }),
    );
    expect(t.ivaCents).toBe(2_288);
    expect(t.totaleCents).toBe(12_688);
  });

  it('adds a fixed fund amount when the fund is an absolute value', () => {
    // 50.00 exempt + fixed 10.00 = 60.00
    const t = computeTotals(
      input({
        lines: [line(50, 12)],
        cassa: { active: true, tipoContributo: 'RIVALSA', typeValue: 'ABS_VALUE', value: 1_000 },
      }),
    );
    expect(t.cassaCents).toBe(1_000);
    expect(t.totaleCents).toBe(6_000);
  });

  it('charges nothing for an inactive fund or one whose type is NESSUNO', () => {
    expect(computeTotals(input({ lines: [line(50, 12)], cassa: { ...inps4, active: false } })).cassaCents).toBe(0);
    expect(
      computeTotals(input({ lines: [line(50, 12)], cassa: { ...inps4, tipoContributo: 'NESSUNO' } })).cassaCents,
    ).toBe(0);
  });
});

describe('withholding tax', () => {
  it('withholds 20 % of fee plus rivalsa from what a company pays', () => {
    // 200.00 exempt + rivalsa 4 % 8.00 = 208.00 > 77.47 → stamp duty 2.00 charged: total 210.00
    // suggested base 200.00 + 8.00 = 208.00; withholding 20 % = 41.60; net 210.00 − 41.60 = 168.40
    const t = computeTotals(
      input({
        lines: [line(200, 12)],
        cassa: inps4,
        ritenuta: { isActive: true, baseImponibileCents: 20_800, aliquota: 20 },
      }),
    );
    expect(t.totaleCents).toBe(21_000);
    expect(t.ritenutaBaseSuggeritaCents).toBe(20_800);
    expect(t.ritenutaCents).toBe(4_160);
    expect(t.nettoCents).toBe(16_840);
  });

  it('leaves lines of advanced expenses (N1) out of the suggested base', () => {
    // fee 100.00 (N4) + expense 30.00 (N1): base 100.00
    expect(computeTotals(input({ lines: [line(100, 12), line(30, 8)] })).ritenutaBaseSuggeritaCents).toBe(10_000);
  });

  it('withholds nothing when switched off, whatever the base', () => {
    const t = computeTotals(
      input({ lines: [line(100, 1)], ritenuta: { isActive: false, baseImponibileCents: 10_000, aliquota: 20 } }),
    );
    expect(t.ritenutaCents).toBe(0);
    expect(t.nettoCents).toBe(t.totaleCents);
  });

  it('rounds the withholding to the cent, half up', () => {
    // 33.33 × 20 % = 6.666 → 6.67; 0.05 × 50 % = 0.025 → 0.03
    expect(ritenutaAmountCents(3_333, 20)).toBe(667);
    expect(ritenutaAmountCents(5, 50)).toBe(3);
  });
});

describe('discounts and rounding', () => {
  it('applies a 10 % discount to the line before VAT, rounding once', () => {
    // 3 × 33.33 = 99.99, −10 % = 89.991 → 89.99; VAT 22 % = 19.7978 → 19.80; total 109.79
    const t = computeTotals(input({ lines: [line(33.33, 1, 3, 10)] }));
    expect(t.totalePrestazioniCents).toBe(8_999);
    expect(t.ivaCents).toBe(1_980);
    expect(t.totaleCents).toBe(10_979);
  });

  it('rounds half a cent up', () => {
    // 0.05 with 50 % discount = 0.025 → 0.03
    expect(lineAmountCents({ quantita: 1, prezzoPerUnitaCents: 5, sconto: 50 })).toBe(3);
  });

  it('adds 0.1 + 0.2 without floating drift', () => {
    // 0.10 + 0.20 = 0.30 exactly
    expect(computeTotals(input({ lines: [line(0.1, 12), line(0.2, 12)] })).totaleCents).toBe(30);
  });

  it('makes included prices with VAT and rivalsa add up to exactly what the patient pays', () => {
    // 100.00 / (1.04 × 1.22) = 78.8146 → 78.81; rivalsa 3.1524 → 3.15; VAT 22 % of 81.96 = 18.0312 → 18.03;
    // 78.81 + 3.15 + 18.03 = 99.99: the missing cent goes to the line → 78.82 (rivalsa 3.15, VAT of 81.97 18.03)
    const t = computeTotals(input({ lines: [line(100, 1)], cassa: inps4, ivaAndRivalsaInclusa: true }));
    expect(t.lines[0]?.imponibileCents).toBe(7_882);
    expect(t.cassaCents).toBe(315);
    expect(t.ivaCents).toBe(1_803);
    expect(t.totaleCents).toBe(10_000);
  });

  it('gives an included discounted line a net unit price exact to 8 decimals', () => {
    // 3 × 40.00 −25 % = 90.00 incl. 4 %: 90 / 1.04 = 86.5385 → 86.54; unit = 86.54 / (3 × 0.75) = 38.46222222
    const t = computeTotals(input({ lines: [line(40, 12, 3, 25)], cassa: inps4, ivaAndRivalsaInclusa: true }));
    expect(t.lines[0]?.imponibileCents).toBe(8_654);
    expect(t.lines[0]?.prezzoUnitarioNetto).toBe('38.46222222');
  });
});

describe('line editing (spec part 2 §4)', () => {
  it('computes the gross from price, quantity, discount and VAT', () => {
    // 2 × 50.00 −10 % = 90.00 + 22 % = 109.80
    expect(lineGrossCents(line(50, 1, 2, 10), false)).toBe(10_980);
    // prices with VAT included: the gross is the amount itself
    expect(lineGrossCents(line(50, 1, 2, 10), true)).toBe(9_000);
  });

  it('computes the unit price back from an edited gross', () => {
    // 109.80 / 1.22 / 2 = 45.00
    expect(unitPriceFromGrossCents(10_980, 2, 1, false)).toBe(4_500);
    // exempt: 150.00 / 3 = 50.00
    expect(unitPriceFromGrossCents(15_000, 3, 12, false)).toBe(5_000);
    expect(unitPriceFromGrossCents(15_000, 0, 12, false)).toBe(0);
  });

  it('refuses a VAT code that is not in the table', () => {
    expect(() => computeTotals(input({ lines: [line(10, 99)] }))).toThrow(RangeError);
  });
});

describe('credit notes', () => {
  it('decides the stamp duty of a partial credit note on its own amounts, not on the invoice it corrects', () => {
    // invoice of 2 × 45.00 exempt = 90.00 → stamp duty; credit note for one session, 45.00 → no stamp duty
    const invoice = computeTotals(input({ lines: [line(45, 12, 2)] }));
    const creditNote = computeTotals(input({ lines: [line(45, 12, 1)] }));
    expect(invoice.marcaDaBolloDovuta).toBe(true);
    expect(invoice.totaleCents).toBe(9_200);
    expect(creditNote.marcaDaBolloDovuta).toBe(false);
    expect(creditNote.totaleCents).toBe(4_500);
  });
});
