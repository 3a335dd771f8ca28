import { onFirstUse } from '@studiolo/domain/shared';

/** Dates and times of the booking pages, always in Europe/Rome (decision 035), in Italian. */
const zone = 'Europe/Rome';

const isoDay = onFirstUse(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);
/** Today's date in Rome, "YYYY-MM-DD". */
export const romeToday = (now: Date = new Date()): string => isoDay().format(now);
/** The Rome date of an instant, "YYYY-MM-DD". */
export const romeDateOf = (iso: string): string => isoDay().format(new Date(iso));

/** A "YYYY-MM-DD" date moved by n days (calendar days, no time zone involved). */
export const addDays = (date: string, n: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);
const weekdayShort = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'short' }));
const dayMonthShort = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: 'numeric', month: 'short' }),
);
const dayLong = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
);

/** The parts of a day button: "lun" and "30 nov". */
export const dayChipParts = (date: string) => ({
  weekday: weekdayShort().format(atNoon(date)).replace('.', ''),
  day: dayMonthShort().format(atNoon(date)).replace('.', ''),
});
/** The first letter in capitals only ("Lunedì 30 novembre": Italian keeps months and weekdays lower-case). */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** "lunedì 30 novembre" */
export const formatDayLong = (date: string): string => dayLong().format(atNoon(date));

const time = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { timeZone: zone, hour: '2-digit', minute: '2-digit' }));
/** "09:30" in Rome. */
export const romeTime = (iso: string): string => time().format(new Date(iso));

const whenFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
);
/** "lunedì 30 novembre 2026, ore 09:30" */
export const formatWhen = (iso: string): string => `${whenFormat().format(new Date(iso))}, ore ${romeTime(iso)}`;
