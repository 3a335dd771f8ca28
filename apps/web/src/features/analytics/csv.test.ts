import { describe, expect, it } from 'vitest';
import { csvNumber, toCsv } from './csv.ts';
import { monthLabel, rangeOf } from './period.ts';

describe('CSV of a chart', () => {
  it('separates with semicolons, writes Italian decimals and quotes what needs it', () => {
    const rows = [
      { mese: '2025-01', importo: 1234.5 },
      { mese: 'marzo; "bis"', importo: -6.1 },
    ];
    const csv = toCsv(rows, [
      { header: 'Mese', value: (r) => r.mese },
      { header: 'Importo', value: (r) => r.importo },
    ]);
    expect(csv).toBe('\uFEFFMese;Importo\r\n2025-01;1234,50\r\n"marzo; ""bis""";-6,10\r\n');
  });

  it('writes text a spreadsheet would run as a formula with an apostrophe, numbers as numbers', () => {
    const rows = [
      { label: '-2+3+cmd|" /C calc"!A0', amount: -6.1 },
      { label: '@SUM(A1)', amount: 1 },
    ];
    const csv = toCsv(rows, [
      { header: 'Prestazione', value: (r) => r.label },
      { header: 'Importo', value: (r) => r.amount },
    ]);
    expect(csv).toBe('\uFEFFPrestazione;Importo\r\n"\'-2+3+cmd|"" /C calc""!A0";-6,10\r\n\'@SUM(A1);1,00\r\n');
  });

  it('keeps counts given as text whole', () => {
    expect(toCsv([{ n: 3 }], [{ header: 'N.', value: (r) => String(r.n) }])).toBe('\uFEFFN.\r\n3\r\n');
    expect(csvNumber(0)).toBe('0,00');
  });
});

describe('period of the analytics page', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('is this year, last year or a whole custom range', () => {
    expect(rangeOf('THIS_YEAR', { from: '', to: '' }, now)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(rangeOf('LAST_YEAR', { from: '', to: '' }, now)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(rangeOf('CUSTOM', { from: '01-03-2025', to: '31-05-2025' }, now)).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-05-31',
    });
  });

  it('has no custom range while a date is missing or the end precedes the start', () => {
    expect(rangeOf('CUSTOM', { from: '01-03-2025', to: '' }, now)).toBeNull();
    expect(rangeOf('CUSTOM', { from: '01-06-2025', to: '31-05-2025' }, now)).toBeNull();
  });

  it('names months in Italian', () => {
    expect(monthLabel('2025-03')).toBe('mar 2025');
  });
});
