import * as rruleModule from 'rrule';
import { fromRomeWall, toRomeWall } from './time-zone.ts';

// rrule ships an ES build for bundlers and a UMD build that Node loads as CommonJS (named exports under `default`).
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;
type Options = ConstructorParameters<typeof RRule>[0];

/** spec part 1 §4: recurrence only when not yearly and not multi-weekday; presets every day, week, month. */
export const recurrenceFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type RecurrenceFrequency = (typeof recurrenceFrequencies)[number];

const frequencyOf: Record<RecurrenceFrequency, number> = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
};

/** A series: its first occurrence (instants) and its rule; every occurrence keeps the first one's wall-clock times. */
export type Series = {
  start: Date;
  end: Date;
  /** RFC 5545 RRULE value without DTSTART, e.g. "FREQ=WEEKLY;INTERVAL=1;UNTIL=20270630T235959". */
  rrule: string;
  /** Original starts of occurrences removed or replaced by an exception. */
  exdates: readonly Date[];
};

export type Occurrence = { originalStart: Date; start: Date; end: Date };

export type RuleCheck = { ok: true; frequency: RecurrenceFrequency } | { ok: false; reason: string };

const ruleParts = (rrule: string): Map<string, string> | null => {
  const text = rrule.trim().replace(/^RRULE:/i, '');
  if (!text || text.length > 300) return null;
  const parts = new Map<string, string>();
  for (const pair of text.split(';')) {
    const [key, value, ...rest] = pair.split('=');
    if (!key || value === undefined || rest.length > 0) return null;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  return parts;
};

const allowedKeys = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'WKST']);

/**
 * Checks a rule against what the product allows: DAILY, WEEKLY or MONTHLY, an interval of 1–99, at most one weekday,
 * an end by COUNT (1–730) or UNTIL, or none. @returns the reason in Italian when refused.
 */
export const checkRecurrenceRule = (rrule: string): RuleCheck => {
  const parts = ruleParts(rrule);
  if (!parts) return { ok: false, reason: 'Regola di ricorrenza non valida' };
  for (const key of parts.keys())
    if (!allowedKeys.has(key)) return { ok: false, reason: 'Regola di ricorrenza non valida' };
  const freq = parts.get('FREQ');
  if (freq === 'YEARLY') return { ok: false, reason: 'La ricorrenza annuale non è consentita' };
  if (!recurrenceFrequencies.includes(freq as RecurrenceFrequency))
    return { ok: false, reason: 'Regola di ricorrenza non valida' };
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined && (byDay.includes(',') || !/^(MO|TU|WE|TH|FR|SA|SU)$/.test(byDay)))
    return { ok: false, reason: 'La ricorrenza su più giorni della settimana non è consentita' };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && !/^[1-9][0-9]?$/.test(interval)) return { ok: false, reason: 'Intervallo non valido' };
  const count = parts.get('COUNT');
  if (count !== undefined && (!/^[1-9][0-9]{0,2}$/.test(count) || Number(count) > 730))
    return { ok: false, reason: 'Numero di ripetizioni non valido' };
  const until = parts.get('UNTIL');
  if (until !== undefined && !/^[0-9]{8}(T[0-9]{6}Z?)?$/.test(until))
    return { ok: false, reason: 'Data di fine non valida' };
  if (count !== undefined && until !== undefined)
    return { ok: false, reason: 'Indicare il numero di ripetizioni o la data di fine, non entrambi' };
  const monthDay = parts.get('BYMONTHDAY');
  if (monthDay !== undefined && !/^([1-9]|[12][0-9]|3[01])$/.test(monthDay))
    return { ok: false, reason: 'Regola di ricorrenza non valida' };
  return { ok: true, frequency: freq as RecurrenceFrequency };
};

/** UNTIL as a floating wall time (a date alone means the whole day, in Rome). */
const untilWall = (until: string): number => {
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(4, 6)) - 1;
  const d = Number(until.slice(6, 8));
  if (until.length === 8) return Date.UTC(y, m, d, 23, 59, 59);
  const wall = Date.UTC(y, m, d, Number(until.slice(9, 11)), Number(until.slice(11, 13)), Number(until.slice(13, 15)));
  // a UTC UNTIL (trailing Z) is an instant: turn it into Rome's wall time
  return until.endsWith('Z') ? toRomeWall(wall) : wall;
};

const weekdays = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };

/** The rule's options over floating wall time, starting at the series' first wall start. */
const optionsOf = (series: Pick<Series, 'start' | 'rrule'>) => {
  const parts = ruleParts(series.rrule);
  const check = checkRecurrenceRule(series.rrule);
  if (!parts || !check.ok) throw new Error(`invalid rrule: ${series.rrule}`);
  const options: Partial<Options> & { dtstart: Date; interval: number } = {
    freq: frequencyOf[check.frequency],
    dtstart: new Date(toRomeWall(series.start.getTime())),
    interval: Number(parts.get('INTERVAL') ?? 1),
    wkst: RRule.MO,
  };
  if (parts.has('COUNT')) options.count = Number(parts.get('COUNT'));
  if (parts.has('UNTIL')) options.until = new Date(untilWall(parts.get('UNTIL') as string));
  const byDay = parts.get('BYDAY') as keyof typeof weekdays | undefined;
  if (byDay) options.byweekday = [weekdays[byDay]];
  if (parts.has('BYMONTHDAY')) options.bymonthday = [Number(parts.get('BYMONTHDAY'))];
  return { options, frequency: check.frequency, byDay, hasMonthDay: parts.has('BYMONTHDAY') };
};

const ruleOf = (series: Pick<Series, 'start' | 'rrule'>) => new RRule(optionsOf(series).options);

const day = 86_400_000;
const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The series' rule started later, a whole number of periods (n days, n weeks or n months) after its first start
 * and at least a period before `wall`: rrule walks every occurrence from DTSTART, so a series begun years ago would
 * be walked from its first week at every look at this week. Every occurrence from the new start on stays where it
 * was. A COUNT loses the periods skipped when each period holds exactly one occurrence (the first start among them);
 * otherwise a COUNT rule keeps its start (it has at most 730 occurrences to walk).
 */
const ruleFrom = (series: Pick<Series, 'start' | 'rrule'>, wall: number) => {
  const { options, frequency, byDay, hasMonthDay } = optionsOf(series);
  const first = options.dtstart.getTime();
  const start = options.dtstart;
  let periods: number;
  let moved: number;
  if (frequency === 'MONTHLY') {
    const months = Math.floor(
      ((new Date(wall).getUTCFullYear() - start.getUTCFullYear()) * 12 +
        new Date(wall).getUTCMonth() -
        start.getUTCMonth()) /
        options.interval,
    );
    periods = months - 1;
    // the day of the month came from the first start: it is said explicitly, since the new start is on the 1st
    if (!hasMonthDay && !byDay) options.bymonthday = [start.getUTCDate()];
    moved = Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + periods * options.interval,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    );
  } else {
    const period = options.interval * (frequency === 'WEEKLY' ? 7 : 1) * day;
    periods = Math.floor((wall - first) / period) - 1;
    moved = first + periods * period;
  }
  if (periods <= 0) return ruleOf(series);
  const count = options.count;
  if (typeof count === 'number') {
    const onePerPeriod =
      !hasMonthDay &&
      ((frequency === 'DAILY' && !byDay) ||
        (frequency === 'WEEKLY' && (!byDay || byDay === weekdayCodes[start.getUTCDay()])));
    if (!onePerPeriod || periods >= count) return ruleOf(series);
    options.count = count - periods;
  }
  options.dtstart = new Date(moved);
  return new RRule(options);
};

/**
 * The occurrences of a series that overlap [from, to), each at the first occurrence's wall-clock time in Rome
 * (10:00–11:00 stays 10:00–11:00 across the clock changes), without the exdates.
 */
export const occurrencesBetween = (series: Series, from: Date, to: Date): Occurrence[] => {
  const wallStart = toRomeWall(series.start.getTime());
  const wallDuration = toRomeWall(series.end.getTime()) - wallStart;
  const excluded = new Set(series.exdates.map((d) => d.getTime()));
  // the floating window, widened by the event's length and a day for the offset
  const windowStart = toRomeWall(from.getTime()) - wallDuration - day;
  const walls = ruleFrom(series, windowStart).between(
    new Date(windowStart),
    new Date(toRomeWall(to.getTime()) + day),
    true,
  );
  const result: Occurrence[] = [];
  for (const wall of walls) {
    const start = fromRomeWall(wall.getTime());
    const end = fromRomeWall(wall.getTime() + wallDuration);
    if (start >= to.getTime() || end <= from.getTime() || excluded.has(start)) continue;
    result.push({ originalStart: new Date(start), start: new Date(start), end: new Date(end) });
  }
  return result;
};

/** Whether the series has an occurrence starting exactly at this instant (exdates aside). */
export const isOccurrenceStart = (series: Series, instant: Date): boolean =>
  occurrencesBetween({ ...series, exdates: [] }, instant, new Date(instant.getTime() + 1)).some(
    (o) => o.start.getTime() === instant.getTime(),
  );

/** The end of the series' last occurrence, or null when it never ends. Used to find series overlapping a window. */
export const seriesLastEnd = (series: Pick<Series, 'start' | 'end' | 'rrule'>): Date | null => {
  const parts = ruleParts(series.rrule);
  if (!parts?.has('COUNT') && !parts?.has('UNTIL')) return null;
  const all = ruleOf(series).all();
  const last = all.at(-1);
  if (!last) return new Date(series.end);
  const wallDuration = toRomeWall(series.end.getTime()) - toRomeWall(series.start.getTime());
  return new Date(fromRomeWall(last.getTime() + wallDuration));
};

/** How many occurrences come before an instant (exdates included), for splitting a COUNT-bounded series. */
const occurrencesBefore = (series: Series, instant: Date): number =>
  ruleOf(series).between(new Date(0), new Date(toRomeWall(instant.getTime()) - 1), true).length;

const formatUntil = (wall: number): string => new Date(wall).toISOString().replace(/[-:]/g, '').slice(0, 15);

const withParts = (rrule: string, change: Record<string, string | null>): string => {
  const parts = ruleParts(rrule) ?? new Map<string, string>();
  for (const [k, v] of Object.entries(change)) {
    if (v === null) parts.delete(k);
    else parts.set(k, v);
  }
  return [...parts].map(([k, v]) => `${k}=${v}`).join(';');
};

/**
 * Splits a series at one of its occurrences ("Questo evento e quelli successivi"): the head keeps the occurrences
 * before it and ends just before it; the tail's rule starts at it, with the remaining COUNT or the same UNTIL.
 * @returns the head's rule, or null when the split is at the first occurrence (nothing stays before it).
 */
export const splitSeries = (series: Series, at: Date): { headRrule: string | null; tailRrule: string } => {
  const before = occurrencesBefore(series, at);
  const parts = ruleParts(series.rrule);
  if (before === 0) return { headRrule: null, tailRrule: series.rrule };
  const count = parts?.get('COUNT');
  if (count) {
    return {
      headRrule: withParts(series.rrule, { COUNT: String(before) }),
      tailRrule: withParts(series.rrule, { COUNT: String(Number(count) - before) }),
    };
  }
  const untilHead = formatUntil(toRomeWall(at.getTime()) - 1000);
  return { headRrule: withParts(series.rrule, { UNTIL: untilHead, COUNT: null }), tailRrule: series.rrule };
};

/** The rule of a preset (spec part 1 §9: every day, week, month), ending on a date (inclusive) or after N times. */
export const presetRule = (
  frequency: RecurrenceFrequency,
  end: { until: string /* YYYY-MM-DD */ } | { count: number } | null,
  interval = 1,
): string => {
  const base = `FREQ=${frequency};INTERVAL=${interval}`;
  if (!end) return base;
  if ('count' in end) return `${base};COUNT=${end.count}`;
  return `${base};UNTIL=${end.until.replaceAll('-', '')}T235959`;
};
