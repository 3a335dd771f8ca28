/**
 * Times and durations as agendas export them (issue 30 item 2, decision 045). Times are Europe/Rome wall-clock
 * times; turning them into instants is appointmentInstants' job (calendar/time-zone.ts, DST included).
 */
import { fromRomeWall, toRomeWall } from '../calendar/time-zone.ts';

/** The longest appointment an import writes (the calendar allows a week; a longer one in a file is an error). */
export const importMaxAppointmentMinutes = 12 * 60;

/** HH:MM, HH.MM, H:MM, optional seconds, optional AM/PM (Google Calendar's CSV: "9:30 AM"), or "9" / "9h". */
const timePattern = /^(\d{1,2})(?:\s*[:.]\s*(\d{2})(?:\s*[:.]\s*\d{2})?)?\s*(?:h|(am|pm|a\.m\.|p\.m\.))?$/iu;

/**
 * Reads a time cell: "9:30", "09.30", "9:30:00", "9:30 PM", "14" (on the hour), or an XLSX time (the fraction of a
 * day; the day part of a date-time cell is ignored).
 * @returns minutes since midnight (0–1439), or null when the text is no time of day.
 */
export const parseImportTime = (value: string | number): number | null => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const minutes = Math.round((value - Math.floor(value)) * 1440);
    return minutes === 1440 ? null : minutes;
  }
  const match = timePattern.exec(value.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3]?.toLowerCase().replace(/\./gu, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
};

/** "1h30", "1 h 30 min", "2h", "1,5 h", "90", "90 min", "90'", "01:30" / "1.30" (hours and minutes). */
const durationPatterns: [RegExp, (m: RegExpExecArray) => number][] = [
  [/^(\d{1,3})\s*(?:m|min|mins|minuti|minutes|')?$/iu, (m) => Number(m[1])],
  [
    /^(\d{1,2})\s*(?:h|ore|ora|hours?)\s*(?:(\d{1,2})\s*(?:m|min|minuti|minutes|')?)?$/iu,
    (m) => Number(m[1]) * 60 + Number(m[2] ?? 0),
  ],
  [/^(\d{1,2})[,.](\d)\s*(?:h|ore|hours?)$/iu, (m) => Number(m[1]) * 60 + Number(m[2]) * 6],
  [/^(\d{1,2})[:.](\d{2})$/u, (m) => (Number(m[2]) < 60 ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN)],
];

/**
 * Reads a duration cell (see durationPatterns); an XLSX number is minutes when whole, else a fraction of a day
 * (a cell formatted as a time, 01:30).
 * @returns minutes (above zero), or null.
 */
export const parseImportDuration = (value: string | number): number | null => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    const minutes = Number.isInteger(value) ? value : Math.round(value * 1440);
    return minutes > 0 ? minutes : null;
  }
  const text = value.trim();
  for (const [pattern, read] of durationPatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const minutes = read(match);
    return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
  }
  return null;
};

/** A time written after the date in one cell ("12/03/2026 9:30", "2026-03-12T09:30"): the time's text, or null. */
export const timeInDateText = (text: string): string | null => {
  const match = /^\S+?[ T](\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s*(?:am|pm))?)$/iu.exec(text.trim());
  return match ? (match[1] as string) : null;
};

/**
 * The instants of an appointment from its day (DD-MM-YYYY) and wall-clock minutes in Europe/Rome. A start in the hour
 * the spring change skips moves forward by it, a time that happens twice in autumn is the first one (fromRomeWall,
 * as the calendar does); a duration is elapsed time (a 60-minute session lasts 60 minutes whatever the clock does),
 * an end time is read on the clock like the start.
 */
export const appointmentInstants = (
  uiDate: string,
  startMinutes: number,
  end: { minutes: number } | { endMinutes: number; endUiDate?: string },
): { start: Date; end: Date } => {
  const [d, m, y] = uiDate.split('-').map(Number) as [number, number, number];
  const startWall = Date.UTC(y, m - 1, d) + startMinutes * 60_000;
  const start = fromRomeWall(startWall);
  if ('minutes' in end) return { start: new Date(start), end: new Date(start + end.minutes * 60_000) };
  const [ed, em, ey] = (end.endUiDate ?? uiDate).split('-').map(Number) as [number, number, number];
  // an end earlier on the clock than the start stays so: the row check refuses it (no guess of "past midnight")
  const endWall = Date.UTC(ey, em - 1, ed) + end.endMinutes * 60_000;
  return { start: new Date(start), end: new Date(fromRomeWall(endWall)) };
};

/** The wall-clock minutes between two instants (what the clock shows: 60 across the autumn night's repeated hour). */
export const wallMinutesBetween = (start: Date, end: Date): number =>
  Math.round((toRomeWall(end.getTime()) - toRomeWall(start.getTime())) / 60_000);
