import { studioTimeZone } from '../shared/dates.ts';
import { onFirstUse } from '../shared/on-first-use.ts';

/**
 * Wall-clock time in Europe/Rome ↔ instants. A wall time is carried as the number of milliseconds it would be in UTC
 * ("floating" time, as RFC 5545 calls a DATE-TIME without zone): arithmetic on it is plain and DST-free.
 */
const partsFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: studioTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** Rome's offset from UTC at an instant, straight from the platform's time-zone data (slow: a formatToParts). */
const platformOffsetAt = (instant: number): number => {
  const p: Record<string, number> = {};
  for (const part of partsFormatter().formatToParts(instant))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wallSeconds = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return wallSeconds - (instant - (((instant % 1000) + 1000) % 1000));
};

const hour = 3_600_000;
/**
 * Rome's offset changes are months apart (twice a year since 1966, and its history since 1893 has no two within a
 * week: the unit test checks 1950–2100 against the platform), so weekly samples find every one; a year costs about
 * a hundred lookups once.
 */
const sampleStep = 7 * 24 * hour;

/** Where the offset changes within one UTC year: [instant from which it applies, offset], in order. */
type YearOffsets = { first: number; changes: [at: number, offset: number][] };
const offsetsByYear = new Map<number, YearOffsets>();

/**
 * The year's offset changes, found once from the platform's data (every week, then the exact millisecond by
 * bisection) and kept: an offset lookup is then a comparison or two instead of a formatToParts, which matters when
 * a week of a busy calendar expands thousands of occurrences.
 */
const offsetsOfYear = (year: number): YearOffsets => {
  const cached = offsetsByYear.get(year);
  if (cached) return cached;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const first = platformOffsetAt(start);
  const changes: [number, number][] = [];
  let before = first;
  for (let t = start; t < end; t += sampleStep) {
    const next = Math.min(t + sampleStep, end);
    const after = platformOffsetAt(next);
    if (after === before) continue;
    let lo = t;
    let hi = next; // offset(lo) === before, offset(hi) === after
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (platformOffsetAt(mid) === before) lo = mid;
      else hi = mid;
    }
    if (hi < end) changes.push([hi, after]);
    before = after;
  }
  const offsets = { first, changes };
  offsetsByYear.set(year, offsets);
  return offsets;
};

/** Rome's offset from UTC at an instant, in milliseconds (1 h in winter, 2 h in summer). */
const offsetAt = (instant: number): number => {
  const { first, changes } = offsetsOfYear(new Date(instant).getUTCFullYear());
  let offset = first;
  for (const [at, value] of changes) {
    if (instant < at) break;
    offset = value;
  }
  return offset;
};

/** The wall time in Rome at an instant, as floating milliseconds. */
export const toRomeWall = (instant: number): number => instant + offsetAt(instant);

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
    const earlier = instant - hour;
    return toRomeWall(earlier) === wall ? earlier : instant;
  }
  // skipped in spring: the wall time plus the winter offset lands after the gap
  return wall - offsetAt(wall - 3 * hour);
};

/** How far an appointment moved as a person reads the clock (a week later across a clock change is 7 days, not 7 days and an hour). */
export const wallShift = (from: Date, to: Date): number => toRomeWall(to.getTime()) - toRomeWall(from.getTime());

/** An instant moved by a wall-clock shift (see wallShift). */
export const shiftedByWall = (instant: Date, shift: number): Date =>
  new Date(fromRomeWall(toRomeWall(instant.getTime()) + shift));
