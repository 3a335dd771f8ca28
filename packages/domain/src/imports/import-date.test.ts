import { describe, expect, it } from 'vitest';
import { excelSerialToUiDate, parseImportDate } from './import-date.ts';

const today = new Date(2026, 10, 27);

describe('parseImportDate', () => {
  it.each([
    ['31/12/1980', '31-12-1980'],
    ['31-12-1980', '31-12-1980'],
    ['31.12.1980', '31-12-1980'],
    ['1/2/1980', '01-02-1980'],
    ['01/02/1980 00:00:00', '01-02-1980'],
    ['1980-02-01', '01-02-1980'],
    ['1980-02-01T00:00:00Z', '01-02-1980'],
    ['19800201', '01-02-1980'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseImportDate(text, { today })).toBe(expected);
  });

  it('reads two-digit years in the latest century that is not in the future', () => {
    expect(parseImportDate('5/3/20', { today })).toBe('05-03-2020');
    expect(parseImportDate('27/11/26', { today })).toBe('27-11-2026');
    expect(parseImportDate('28/11/26', { today })).toBe('28-11-1926');
    expect(parseImportDate('5/3/45', { today })).toBe('05-03-1945');
  });

  it('refuses days that do not exist and text that is no date', () => {
    expect(parseImportDate('31/02/1980', { today })).toBeNull();
    expect(parseImportDate('29/02/1900', { today })).toBeNull();
    expect(parseImportDate('29/02/2000', { today })).toBe('29-02-2000');
    expect(parseImportDate('12/31/1980', { today })).toBeNull(); // month first is not Italian
    expect(parseImportDate('ieri', { today })).toBeNull();
    expect(parseImportDate('', { today })).toBeNull();
  });

  it('reads XLSX serial days (1900 and 1904 systems)', () => {
    expect(parseImportDate(29_221, { today })).toBe('01-01-1980');
    expect(excelSerialToUiDate(45_658)).toBe('01-01-2025');
    expect(excelSerialToUiDate(29_221.75)).toBe('01-01-1980');
    expect(excelSerialToUiDate(1)).toBe('01-01-1900');
    expect(excelSerialToUiDate(61)).toBe('01-03-1900');
    expect(excelSerialToUiDate(27_759, true)).toBe('01-01-1980');
    expect(excelSerialToUiDate(0)).toBeNull();
    expect(excelSerialToUiDate(-5)).toBeNull();
  });
});
