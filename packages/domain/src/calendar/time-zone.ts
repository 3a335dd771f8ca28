import { studioTimeZone } from '../shared/dates.ts';

/**
 * Wall-clock time in Europe/Rome ↔ instants. A wall time is carried as the number of milliseconds it would be in UTC
 * ("floating" time, as RFC 5545 calls a DATE-TIME without zone): arithmetic on it is plain and DST-free.
 */
const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: studioTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall time in Rome at an instant, as floating milliseconds. */
export const toRomeWall = (instant: number): number => {
  const p: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const ms = instant % 1000;
  return (
    Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second) + (ms < 0 ? ms + 1000 : ms)
  );
};

/** Rome's offset from UTC at an instant, in milliseconds (1 h in winter, 2 h in summer). */
const offsetAt = (instant: number): number => toRomeWall(instant) - instant;

/**
 * The instant of a wall time in Rome. A time skipped by the spring change (02:00–02:59 on the last Sunday of March)
 * moves forward by the hour skipped; a time that happens twice in autumn is the first one, as calendar apps do.
 */
export const fromRomeWall = (wall: number): number => {
  const guess = wall - offsetAt(wall);
  const offset = offsetAt(guess);
  const instant = wall - offset;
  if (toRomeWall(instant) === wall) {
    // the earlier of two instants showing the same wall time (autumn): one hour before, if it shows it too
    const earlier = instant - 3_600_000;
    return toRomeWall(earlier) === wall ? earlier : instant;
  }
  // skipped in spring: the wall time plus the winter offset lands after the gap
  return wall - offsetAt(wall - 3 * 3_600_000);
};

/** How far an appointment moved as a person reads the clock (a week later across a clock change is 7 days, not 7 days and an hour). */
export const wallShift = (from: Date, to: Date): number => toRomeWall(to.getTime()) - toRomeWall(from.getTime());

/** An instant moved by a wall-clock shift (see wallShift). */
export const shiftedByWall = (instant: Date, shift: number): Date =>
  new Date(fromRomeWall(toRomeWall(instant.getTime()) + shift));
