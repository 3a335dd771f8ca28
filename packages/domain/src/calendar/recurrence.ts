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
  // Only shapes that always give occurrences, whatever the first start: a rule that never matches (every 7 days on
  // another weekday, every 12 months on the 31st of April) would have rrule walk to the year 9999 at every look.
  // A day of the month only for MONTHLY; a weekday only for WEEKLY and MONTHLY; every 12 months is yearly.
  if (monthDay !== undefined && freq !== 'MONTHLY') return { ok: false, reason: 'Regola di ricorrenza non valida' };
  if (byDay !== undefined && freq === 'DAILY') return { ok: false, reason: 'Regola di ricorrenza non valida' };
  if (freq === 'MONTHLY' && Number(interval ?? 1) % 12 === 0)
    return { ok: false, reason: 'La ricorrenza annuale non è consentita' };
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
      // kept: rrule keeps DTSTART's milliseconds, and a walk from the first start would show them
      start.getUTCMilliseconds(),
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

/** The occurrences at these floating wall starts (in order) that overlap [from, to), without the exdates. */
const occurrencesAt = (
  walls: readonly number[],
  wallDuration: number,
  exdates: readonly Date[],
  from: Date,
  to: Date,
): Occurrence[] => {
  const excluded = new Set(exdates.map((d) => d.getTime()));
  const result: Occurrence[] = [];
  for (const wall of walls) {
    const start = fromRomeWall(wall);
    const end = fromRomeWall(wall + wallDuration);
    if (start >= to.getTime() || end <= from.getTime() || excluded.has(start)) continue;
    result.push({ originalStart: new Date(start), start: new Date(start), end: new Date(end) });
  }
  return result;
};

/**
 * occurrencesBetween computed by the rrule library, for every rule. The public function uses it for the rules
 * outside the presets; exported for the tests, which take it as the reference the arithmetic fast path must match.
 * Not for the app's code: call occurrencesBetween.
 */
export const occurrencesBetweenWithRrule = (series: Series, from: Date, to: Date): Occurrence[] => {
  const wallStart = toRomeWall(series.start.getTime());
  const wallDuration = toRomeWall(series.end.getTime()) - wallStart;
  // the floating window, widened by the event's length and a day for the offset
  const windowStart = toRomeWall(from.getTime()) - wallDuration - day;
  const walls = ruleFrom(series, windowStart).between(
    new Date(windowStart),
    new Date(toRomeWall(to.getTime()) + day),
    true,
  );
  return occurrencesAt(
    walls.map((w) => w.getTime()),
    wallDuration,
    series.exdates,
    from,
    to,
  );
};

/** A rule read once for the arithmetic expansion: UNTIL as a floating wall time. */
type ParsedRule = {
  frequency: RecurrenceFrequency;
  interval: number;
  count: number | undefined;
  until: number | undefined;
  byDay: string | undefined;
  monthDay: number | undefined;
};

const parseRule = (rrule: string): ParsedRule => {
  const parts = ruleParts(rrule);
  const check = checkRecurrenceRule(rrule);
  if (!parts || !check.ok) throw new Error(`invalid rrule: ${rrule}`);
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  const monthDay = parts.get('BYMONTHDAY');
  return {
    frequency: check.frequency,
    interval: Number(parts.get('INTERVAL') ?? 1),
    count: count === undefined ? undefined : Number(count),
    until: until === undefined ? undefined : untilWall(until),
    byDay: parts.get('BYDAY'),
    monthDay: monthDay === undefined ? undefined : Number(monthDay),
  };
};

/**
 * Parsed rules by their text: reading a rule (a split and eight regular expressions, ~1 µs) was half of a preset's
 * expansion in the micro benchmark, and a studio's series share few texts. Bounded: the oldest entry leaves when full.
 */
const parsedRules = new Map<string, ParsedRule>();
const parsedRulesLimit = 1000;

const parsedRule = (rrule: string): ParsedRule => {
  let rule = parsedRules.get(rrule);
  if (rule) return rule;
  rule = parseRule(rrule);
  if (parsedRules.size >= parsedRulesLimit) parsedRules.delete(parsedRules.keys().next().value as string);
  parsedRules.set(rrule, rule);
  return rule;
};

/** Days in each month of a common year (January = 0). */
const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The inverse of a modulo m (a and m coprime), by the extended Euclidean algorithm. */
const inverseMod = (a: number, m: number): number => {
  let [r0, r1, s0, s1] = [m, a % m, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
};

/** How many t in [0, n) make year + t·step a multiple of m (a linear congruence, solved). */
const multiplesIn = (year: number, step: number, n: number, m: number): number => {
  const g = gcd(step, m);
  const target = ((-year % m) + m) % m;
  if (target % g !== 0) return 0;
  const period = m / g;
  const first = ((target / g) * inverseMod((step / g) % period, period)) % period;
  return first < n ? Math.floor((n - 1 - first) / period) + 1 : 0;
};

/** How many of year, year + step, … (n of them) are leap years (Gregorian). */
const leapYearsIn = (year: number, step: number, n: number): number =>
  multiplesIn(year, step, n, 4) - multiplesIn(year, step, n, 100) + multiplesIn(year, step, n, 400);

/**
 * How many of the monthly periods 0…k−1 (the months month0 + j·interval, month0 counted from year 0) have a day
 * `monthDay`, i.e. the occurrences before period k: months without it are skipped and do not count toward COUNT.
 * The month of the year repeats every 12/gcd(interval, 12) periods; February of a leap year has a 29th.
 */
const periodsWithDayBefore = (month0: number, interval: number, monthDay: number, k: number): number => {
  if (monthDay <= 28) return k;
  const cycle = 12 / gcd(interval, 12);
  let total = 0;
  for (let r = 0; r < cycle && r < k; r++) {
    const month = month0 + r * interval;
    const times = Math.floor((k - 1 - r) / cycle) + 1; // the periods r, r + cycle, … below k
    if (month % 12 !== 1) {
      if ((monthLengths[month % 12] as number) >= monthDay) total += times;
    } else if (monthDay === 29) total += leapYearsIn(Math.floor(month / 12), (cycle * interval) / 12, times);
  }
  return total;
};

/** rrule gives up after the year 9999; the fast path leaves anything near it to rrule. */
const fastPathLimit = Date.UTC(9999, 0, 1);

/**
 * The walls of the presets' occurrences in [lo, hi] (floating wall times, inclusive), by arithmetic: occurrence k of
 * a DAILY or WEEKLY rule is at the first start + k·interval days or weeks, of a MONTHLY rule on the first start's day
 * of the month, k·interval months later (none in a month without that day). The index of the first occurrence near
 * the window is computed, not walked to. @returns null for a rule the arithmetic does not cover (rrule expands it):
 * a BYDAY or BYMONTHDAY other than the first start's own, a BYDAY on DAILY or MONTHLY, a BYMONTHDAY on DAILY or
 * WEEKLY, and anything near the year 9999 or before 1970.
 */
const presetWalls = (rule: ParsedRule, wallStart: number, lo: number, hi: number): number[] | null => {
  if (wallStart < 0 || hi >= fastPathLimit) return null;
  const first = new Date(wallStart);
  const { frequency, interval, count, until, byDay, monthDay } = rule;
  const last = until === undefined ? hi : Math.min(hi, until);
  const walls: number[] = [];
  if (frequency === 'DAILY' || frequency === 'WEEKLY') {
    if (monthDay !== undefined) return null;
    if (byDay !== undefined && (frequency === 'DAILY' || byDay !== weekdayCodes[first.getUTCDay()])) return null;
    const step = interval * (frequency === 'WEEKLY' ? 7 : 1) * day;
    // exact: the walls are whole milliseconds far below 2^53, so the quotients round the right way
    let k = lo <= wallStart ? 0 : Math.ceil((lo - wallStart) / step);
    let end = Math.floor((last - wallStart) / step);
    if (count !== undefined) end = Math.min(end, count - 1);
    for (; k <= end; k++) walls.push(wallStart + k * step);
    return walls;
  }
  // MONTHLY
  const dayOfMonth = first.getUTCDate();
  if (byDay !== undefined || (monthDay !== undefined && monthDay !== dayOfMonth)) return null;
  const month0 = first.getUTCFullYear() * 12 + first.getUTCMonth();
  const timeOfDay = wallStart - Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), dayOfMonth);
  const loDate = new Date(lo);
  const lastDate = new Date(last);
  // the periods whose month holds [lo, last]: none before the month of lo, none after the month of last
  const kFrom = Math.max(0, Math.ceil((loDate.getUTCFullYear() * 12 + loDate.getUTCMonth() - month0) / interval));
  const kTo = Math.floor((lastDate.getUTCFullYear() * 12 + lastDate.getUTCMonth() - month0) / interval);
  let index = count === undefined ? 0 : periodsWithDayBefore(month0, interval, dayOfMonth, kFrom);
  for (let k = kFrom; k <= kTo; k++) {
    const month = month0 + k * interval;
    const year = Math.floor(month / 12);
    const monthOfYear = month % 12;
    const length = monthOfYear === 1 && isLeap(year) ? 29 : (monthLengths[monthOfYear] as number);
    if (dayOfMonth > length) continue;
    if (count !== undefined && index >= count) break;
    index++;
    const wall = Date.UTC(year, monthOfYear, dayOfMonth) + timeOfDay;
    if (wall >= lo && wall <= last) walls.push(wall);
  }
  return walls;
};

/**
 * The occurrences of a series that overlap [from, to), each at the first occurrence's wall-clock time in Rome
 * (10:00–11:00 stays 10:00–11:00 across the clock changes), without the exdates.
 *
 * The presets' rules (DAILY, WEEKLY or MONTHLY on the first start's own weekday or day of the month, any INTERVAL,
 * COUNT, UNTIL or no end) are expanded by arithmetic on Rome's wall clock, which the tests check against rrule on
 * thousands of random series; every other rule goes to rrule (occurrencesBetweenWithRrule). Decision 013.
 */
export const occurrencesBetween = (series: Series, from: Date, to: Date): Occurrence[] => {
  const rule = parsedRule(series.rrule);
  const wallStart = toRomeWall(series.start.getTime());
  const wallDuration = toRomeWall(series.end.getTime()) - wallStart;
  // the same floating window as rrule's: widened by the event's length and a day for the offset
  const lo = toRomeWall(from.getTime()) - wallDuration - day;
  const hi = toRomeWall(to.getTime()) + day;
  const walls = presetWalls(rule, wallStart, lo, hi);
  if (!walls) return occurrencesBetweenWithRrule(series, from, to);
  return occurrencesAt(walls, wallDuration, series.exdates, from, to);
};

/** Whether the series has an occurrence starting exactly at this instant (exdates aside). */
export const isOccurrenceStart = (series: Series, instant: Date): boolean =>
  occurrencesBetween({ ...series, exdates: [] }, instant, new Date(instant.getTime() + 1)).some(
    (o) => o.start.getTime() === instant.getTime(),
  );

/** The length of one period of a rule in wall milliseconds (a month counted as 31 days). */
const periodOf = (rule: ParsedRule): number =>
  rule.interval * (rule.frequency === 'WEEKLY' ? 7 : rule.frequency === 'MONTHLY' ? 31 : 1) * day;

/**
 * The wall start of the series' last occurrence at or before `until` (a floating wall time), or null when none.
 * Looks back from `until` over a window that doubles until it holds an occurrence (a rule the product accepts always
 * has one every few periods, see checkRecurrenceRule): the work grows with the gap between occurrences, never with
 * how far the series runs. Decisions 013 and 033, "Bounded work".
 */
const lastWallAtOrBefore = (series: Pick<Series, 'start' | 'rrule'>, until: number): number | null => {
  const rule = parsedRule(series.rrule);
  const wallStart = toRomeWall(series.start.getTime());
  if (until < wallStart) return null;
  for (let span = 2 * periodOf(rule); ; span *= 2) {
    const lo = Math.max(wallStart, until - span);
    const walls =
      presetWalls(rule, wallStart, lo, until) ??
      ruleFrom(series, lo)
        .between(new Date(lo), new Date(until), true)
        .map((d) => d.getTime());
    const last = walls.at(-1);
    if (last !== undefined) return last;
    if (lo === wallStart) return null;
  }
};

/**
 * The end of the series' last occurrence, or null when it never ends. Used to find series overlapping a window.
 * Never walks the whole series (a daily rule until the year 9999 has 2.9 million occurrences, 23 s of rrule on the
 * event loop): an UNTIL rule is looked at near its UNTIL, a COUNT rule has at most 730 occurrences.
 */
export const seriesLastEnd = (series: Pick<Series, 'start' | 'end' | 'rrule'>): Date | null => {
  const parts = ruleParts(series.rrule);
  if (!parts?.has('COUNT') && !parts?.has('UNTIL')) return null;
  const until = parts.get('UNTIL');
  const lastWall =
    until !== undefined
      ? lastWallAtOrBefore(series, untilWall(until))
      : (ruleOf(series).all().at(-1)?.getTime() ?? null);
  if (lastWall === null) return new Date(series.end);
  const wallDuration = toRomeWall(series.end.getTime()) - toRomeWall(series.start.getTime());
  return new Date(fromRomeWall(lastWall + wallDuration));
};

/**
 * How many occurrences come before an instant (exdates included), for splitting a COUNT-bounded series; for any
 * other rule only whether there is one (0 or 1): counting them would walk every occurrence up to the instant, which
 * the client chooses (an occurrence of an endless daily series in the year 9998).
 */
const occurrencesBefore = (series: Series, instant: Date): number => {
  const before = new Date(toRomeWall(instant.getTime()) - 1);
  if (ruleParts(series.rrule)?.has('COUNT')) return ruleOf(series).between(new Date(0), before, true).length;
  const first = ruleOf(series).after(new Date(toRomeWall(series.start.getTime())), true);
  return first && first.getTime() <= before.getTime() ? 1 : 0;
};

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
