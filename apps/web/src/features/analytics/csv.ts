import { spreadsheetSafe } from '@studiolo/domain/spreadsheet';

/** CSV for Italian spreadsheets: semicolon-separated, comma decimals, no thousands separator, BOM for Excel. */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number };

/** 1234.5 → '1234,50'; integers stay integers ('3'). */
export const csvNumber = (value: number, decimals = 2) =>
  Number.isInteger(value) && decimals === 0 ? String(value) : value.toFixed(decimals).replace('.', ',');

const cell = (value: string | number) => {
  // SECURITY: a text cell a spreadsheet would run as a formula gets an apostrophe (OWASP CSV injection)
  const text = typeof value === 'number' ? csvNumber(value) : spreadsheetSafe(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The rows as CSV text, header first, CRLF line ends (RFC 4180). */
export const toCsv = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]) =>
  `\uFEFF${[columns.map((c) => cell(c.header)).join(';'), ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(';'))].join('\r\n')}\r\n`;
