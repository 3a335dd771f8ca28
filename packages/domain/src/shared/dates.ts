import { onFirstUse } from './on-first-use.ts';

/** UI dates are DD-MM-YYYY, API dates YYYY-MM-DD (spec part 1 §9); instants shown in Europe/Rome. */
export const uiDateFormat = 'DD-MM-YYYY';
export const apiDateFormat = 'YYYY-MM-DD';
export const studioTimeZone = 'Europe/Rome';

const dayFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', { timeZone: studioTimeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
);

/** Formats an instant as DD-MM-YYYY in Europe/Rome. */
export const formatUiDate = (instant: Date): string => {
  const parts = Object.fromEntries(
    dayFormatter()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}`;
};

/** Formats integer cents as euros, it-IT (formatting only at the edge). */
const euroFormatter = onFirstUse(() => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }));
export const formatEuroCents = (cents: number): string => euroFormatter().format(cents / 100);

/** Minutes shown as h:mm (spec part 1 §9). */
export const formatMinutes = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

const dayPattern = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/;

/** @returns whether a DD-MM-YYYY text names a day that exists. */
export const isExistingUiDate = (value: string): boolean => {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1850) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
};

/** DD-MM-YYYY → YYYY-MM-DD (the order that sorts and compares). */
export const uiDateToIso = (value: string): string => `${value.slice(6, 10)}-${value.slice(3, 5)}-${value.slice(0, 2)}`;
/** YYYY-MM-DD → DD-MM-YYYY. */
export const isoDateToUi = (value: string): string => `${value.slice(8, 10)}-${value.slice(5, 7)}-${value.slice(0, 4)}`;
