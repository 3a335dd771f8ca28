import { fromRomeWall, toRomeWall } from '@studiolo/domain/calendar';
import { onFirstUse } from '@studiolo/domain/shared';

/**
 * Days and times of the calendar, always in Europe/Rome (GUIDE §3: instants stored in UTC, shown in Rome).
 * A day is a 'YYYY-MM-DD' string: comparable as text, free of the browser's time zone.
 */
export type IsoDay = string;

const dayMs = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A day as UTC midnight milliseconds (arithmetic only, never shown). */
const dayToMs = (day: IsoDay) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const msToDay = (ms: number): IsoDay => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: IsoDay, n: number): IsoDay => msToDay(dayToMs(day) + n * dayMs);

/** 0 = Monday … 6 = Sunday (spec part 1 §9: weeks Monday to Sunday). */
export const weekdayIndex = (day: IsoDay) => (new Date(dayToMs(day)).getUTCDay() + 6) % 7;
export const mondayOf = (day: IsoDay): IsoDay => addDays(day, -weekdayIndex(day));
export const daysBetween = (from: IsoDay, to: IsoDay) => Math.round((dayToMs(to) - dayToMs(from)) / dayMs);

export const addMonths = (day: IsoDay, n: number): IsoDay => {
  const d = new Date(dayToMs(day));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  // the 31st of a month without one becomes its last day
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return msToDay(target.getTime());
};

const hourMs = 3_600_000;
const offsetByHour = new Map<number, number>();
/**
 * Rome's wall time of an instant. Rome's offset changes only on whole UTC hours (01:00 UTC), so it is read once per
 * UTC hour through Intl (toRomeWall) and cached: drawing a busy week asks it thousands of times (bench part calendar-browser).
 */
const romeWall = (ms: number): number => {
  const hour = Math.floor(ms / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = toRomeWall(hour * hourMs) - hour * hourMs;
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return ms + offset;
};

/** The day an instant falls on in Rome. */
export const romeDayOf = (instant: string | Date): IsoDay => msToDay(romeWall(new Date(instant).getTime()));

/** The wall-clock time (HH:mm) of an instant in Rome. */
export const romeTimeOf = (instant: string | Date): string => {
  const wall = new Date(romeWall(new Date(instant).getTime()));
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
};

export const todayInRome = (now = new Date()): IsoDay => romeDayOf(now);

/** The instant of a day and a time (HH:mm) in Rome. */
export const romeInstant = (day: IsoDay, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return new Date(fromRomeWall(dayToMs(day) + ((h ?? 0) * 60 + (m ?? 0)) * 60_000));
};

/** The same wall-clock time `days` later in Rome (a week later is still 10:00 across a clock change). */
export const shiftWallDays = (instant: string | Date, days: number): Date =>
  new Date(fromRomeWall(romeWall(new Date(instant).getTime()) + days * dayMs));

/** Minutes between two instants. */
export const minutesBetween = (start: string | Date, end: string | Date) =>
  Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);

const longDay = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
/** "1 novembre 2026" (spec part 1 §2: the bulk summary's range in long Italian dates). */
export const longItalianDate = (day: IsoDay) => longDay().format(new Date(dayToMs(day)));

const weekdayDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const monthYear = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' }));
const dayOnly = onFirstUse(() => new Intl.DateTimeFormat('it-IT', { day: 'numeric', timeZone: 'UTC' }));

export const formatWeekdayDay = (day: IsoDay) => weekdayDay().format(new Date(dayToMs(day)));
export const formatMonthYear = (day: IsoDay) => monthYear().format(new Date(dayToMs(day)));

/** "2 – 8 novembre 2026", "28 ottobre – 3 novembre 2026", "29 dicembre 2025 – 4 gennaio 2026". */
export const formatDayRange = (from: IsoDay, to: IsoDay) => {
  const a = new Date(dayToMs(from));
  const b = new Date(dayToMs(to));
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${longDay().format(a)} – ${longDay().format(b)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${dayMonth().format(a)} – ${longDay().format(b)}`;
  return `${dayOnly().format(a)} – ${longDay().format(b)}`;
};

/** DD-MM-YYYY ↔ YYYY-MM-DD. */
export const uiDay = (day: IsoDay) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
