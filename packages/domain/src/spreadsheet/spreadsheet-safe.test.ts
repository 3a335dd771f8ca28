import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './spreadsheet-safe.ts';

describe('a CSV text cell', () => {
  it.each([
    ['=SOMMA(A1)', "'=SOMMA(A1)"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3+cmd|" /C calc"!A0', '\'-2+3+cmd|" /C calc"!A0'],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['+39 333 1112223', "'+39 333 1112223"],
  ])('starts %j, which a spreadsheet would run, with an apostrophe', (value, safe) => {
    expect(spreadsheetSafe(value)).toBe(safe);
  });

  it('leaves other text as it is and writes nothing for no value', () => {
    expect(spreadsheetSafe('Verdi Giulia')).toBe('Verdi Giulia');
    expect(spreadsheetSafe('a=b')).toBe('a=b');
    expect(spreadsheetSafe(null)).toBe('');
    expect(spreadsheetSafe('')).toBe('');
  });
});
