/**
 * Dates as other programs export them (issue 30 item 1), to the patient's DD-MM-YYYY (spec part 1 §3).
 */
import { isExistingUiDate } from '../shared/dates.ts';

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));
const ui = (d: number, m: number, y: number): string | null => {
  const value = `${pad(d)}-${pad(m)}-${y}`;
  return isExistingUiDate(value) ? value : null;
};

/** Day, month and year with any of / - . between them; an optional time after (exports of datetime columns). */
const italianPattern = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})(?:[ T]\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?$/;
/** ISO 8601 (YYYY-MM-DD, optionally with a time): databases' and strict XLSX's dates. */
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** YYYYMMDD, as some programs write dates in fixed-width exports. */
const compactPattern = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * The century of a two-digit year: the latest one that does not put the date after `today` ("05/03/20" is 2020 in
 * 2026, "05/03/45" is 1945). The rule spec part 1 §5 gives the card reader, for the same reason: a birth date is
 * never in the future. A person over 100 written with two digits is read 100 years too young: the row checks show
 * the date, and a fiscal code that disagrees is flagged.
 */
const fullYear = (
  yy: number,
  month: number,
  day: number,
  today: Date,
  century: ImportDateOptions['century'],
): number => {
  const ty = today.getFullYear();
  const y = Math.floor(ty / 100) * 100 + yy;
  // appointments (decision 045): past and future alike, so the century that puts the year nearest today
  if (century === 'nearest') return y - ty > 50 ? y - 100 : ty - y > 50 ? y + 100 : y;
  const candidate = new Date(y, month - 1, day);
  return candidate.getTime() > today.getTime() ? y - 100 : y;
};

export type ImportDateOptions = {
  date1904?: boolean;
  today?: Date;
  /**
   * The order of day and month: 'dmy' (Italian, the default) or 'mdy' (a US export, as Google Calendar's CSV writes
   * it; decided for the whole column by dateOrderOf, never row by row).
   */
  order?: 'dmy' | 'mdy';
  /** Two-digit years: 'past' (a birth date: never after today, the default) or 'nearest' (an appointment). */
  century?: 'past' | 'nearest';
};

/**
 * The order of day and month in a column of dates: 'mdy' only when some date reads as month-first only (its second
 * number above 12) and none as day-first only; else 'dmy'. A file mixing both is read day-first, and its month-first
 * dates are refused as nonexistent.
 */
export const dateOrderOf = (values: readonly string[]): 'dmy' | 'mdy' => {
  let dayFirst = false;
  let monthFirst = false;
  for (const v of values) {
    const it = italianPattern.exec(v.trim());
    if (!it) continue;
    if (Number(it[1]) > 12) dayFirst = true;
    if (Number(it[2]) > 12) monthFirst = true;
  }
  return monthFirst && !dayFirst ? 'mdy' : 'dmy';
};

/**
 * Excel's serial day to DD-MM-YYYY: days since 30-12-1899 (the 1900 system, whose phantom 29-02-1900 shifts serials
 * below 61 by one day), or since 01-01-1904 in a workbook saved with the 1904 system. The time part is ignored.
 */
export const excelSerialToUiDate = (serial: number, date1904 = false): string | null => {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const days = Math.floor(serial) + (date1904 ? 1462 : serial < 61 ? 1 : 0);
  const d = new Date(Date.UTC(1899, 11, 30) + days * 86_400_000);
  return ui(d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear());
};

/**
 * Reads a date cell: DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY (day and month with one or two digits), D/M/YY (century by
 * the rule above), YYYY-MM-DD, YYYYMMDD, or an XLSX number (a serial day).
 * @returns DD-MM-YYYY, or null when the text is no date or names a day that does not exist (31/02/1980).
 */
export const parseImportDate = (value: string | number, opts: ImportDateOptions = {}): string | null => {
  if (typeof value === 'number') return excelSerialToUiDate(value, opts.date1904);
  const text = value.trim();
  const it = italianPattern.exec(text);
  if (it) {
    const mdy = opts.order === 'mdy';
    const day = Number(mdy ? it[2] : it[1]);
    const month = Number(mdy ? it[1] : it[2]);
    const yearText = it[3] as string;
    const year =
      yearText.length === 2
        ? fullYear(Number(yearText), month, day, opts.today ?? new Date(), opts.century)
        : Number(yearText);
    return ui(day, month, year);
  }
  const iso = isoPattern.exec(text) ?? compactPattern.exec(text);
  if (iso) return ui(Number(iso[3]), Number(iso[2]), Number(iso[1]));
  return null;
};
