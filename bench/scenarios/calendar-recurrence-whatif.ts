/**
 * A what-if for the calendar benchmark's diagnosis, not the app's code. The domain's occurrencesBetween expands the
 * dialog's presets by arithmetic on Rome's wall clock and everything else with rrule (decision 013); this file times
 * it against the rrule reference expansion (occurrencesBetweenWithRrule, what every series went through before) and
 * against a prototype that also replaces the domain's wall-clock conversion (cached offsets per year, looked up
 * through a Date per call) by Rome's UTC offset from the EU rule: the presets (DAILY or WEEKLY, an INTERVAL, COUNT or
 * UNTIL or no end, no BYDAY) by the same arithmetic, on that offset. The benchmark checks that all three give exactly
 * the same occurrences for every series of the measured weeks, and times them, to say how much of a request's time
 * each step saves.
 */
import {
  type Occurrence,
  occurrencesBetween,
  occurrencesBetweenWithRrule,
  type Series,
  toRomeWall,
} from '@studiolo/domain/calendar';

const hour = 3_600_000;
const day = 24 * hour;

/** 01:00 UTC of the last Sunday of a month: when the EU's clocks change. */
const lastSundayAt1Utc = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
};
const summers = new Map<number, readonly [number, number]>();

/** Rome's offset from UTC at an instant: +2 h from the last Sunday of March to the last of October (EU rule). */
const offsetAt = (instant: number): number => {
  const year = new Date(instant).getUTCFullYear();
  // the EU rule holds in Italy since 1996; outside it, ask the domain (its offsets come from Intl)
  if (year < 1996 || year > 2099) return toRomeWall(instant) - instant;
  let summer = summers.get(year);
  if (!summer) {
    summer = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)] as const;
    summers.set(year, summer);
  }
  return instant >= summer[0] && instant < summer[1] ? 2 * hour : hour;
};

export const fastToRomeWall = (instant: number) => instant + offsetAt(instant);

/** The domain's fromRomeWall, step for step, on the fast offset. */
export const fastFromRomeWall = (wall: number): number => {
  const guess = wall - offsetAt(wall);
  const instant = wall - offsetAt(guess);
  if (fastToRomeWall(instant) === wall) {
    const earlier = instant - hour;
    return fastToRomeWall(earlier) === wall ? earlier : instant;
  }
  return wall - offsetAt(wall - 3 * hour);
};

const untilWall = (until: string): number => {
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(4, 6)) - 1;
  const d = Number(until.slice(6, 8));
  if (until.length === 8) return Date.UTC(y, m, d, 23, 59, 59);
  const wall = Date.UTC(y, m, d, Number(until.slice(9, 11)), Number(until.slice(11, 13)), Number(until.slice(13, 15)));
  return until.endsWith('Z') ? fastToRomeWall(wall) : wall;
};

/** occurrencesBetween for the presets, by arithmetic; any other rule goes to the domain's function. */
export const fastOccurrencesBetween = (series: Series, from: Date, to: Date): Occurrence[] => {
  const parts = new Map(
    series.rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  const freq = parts.get('FREQ');
  if ((freq !== 'DAILY' && freq !== 'WEEKLY') || parts.has('BYDAY') || parts.has('BYMONTHDAY'))
    return occurrencesBetween(series, from, to);
  const step = (freq === 'WEEKLY' ? 7 : 1) * Number(parts.get('INTERVAL') ?? 1) * day;
  const wallStart = fastToRomeWall(series.start.getTime());
  const wallDuration = fastToRomeWall(series.end.getTime()) - wallStart;
  // the same floating window as the domain: widened by the event's length and a day for the offset
  const lo = fastToRomeWall(from.getTime()) - wallDuration - day;
  const hi = fastToRomeWall(to.getTime()) + day;
  let last = Math.floor((hi - wallStart) / step);
  const count = parts.get('COUNT');
  if (count) last = Math.min(last, Number(count) - 1);
  const until = parts.get('UNTIL');
  if (until) last = Math.min(last, Math.floor((untilWall(until) - wallStart) / step));
  const excluded = new Set(series.exdates.map((d) => d.getTime()));
  const result: Occurrence[] = [];
  for (let k = Math.max(0, Math.ceil((lo - wallStart) / step)); k <= last; k++) {
    const wall = wallStart + k * step;
    const start = fastFromRomeWall(wall);
    const end = fastFromRomeWall(wall + wallDuration);
    if (start >= to.getTime() || end <= from.getTime() || excluded.has(start)) continue;
    result.push({ originalStart: new Date(start), start: new Date(start), end: new Date(end) });
  }
  return result;
};

export type RecurrenceWhatIf = {
  note: string;
  series: number;
  occurrences: number;
  /** Every series gave exactly the rrule reference's occurrences (same instants, same order), by both. */
  identical: boolean;
  mismatches: string[];
  /** Median ms over the runs, all the series of the weeks: the rrule reference, the domain, the prototype. */
  rruleMs: number;
  domainMs: number;
  prototypeMs: number;
  /** One wall-clock conversion, in ns: the domain's toRomeWall (cached offsets) and the EU-rule one. */
  toRomeWallNs: { domain: number; prototype: number };
};

const key = (list: Occurrence[]) => list.map((o) => `${o.start.getTime()}-${o.end.getTime()}`).join(',');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Compares and times the two on the series of some windows. */
export const recurrenceWhatIf = (
  windows: { from: Date; to: Date; series: Series[] }[],
  runs: number,
): RecurrenceWhatIf => {
  const mismatches: string[] = [];
  let occurrences = 0;
  for (const w of windows) {
    for (const s of w.series) {
      const expected = key(occurrencesBetweenWithRrule(s, w.from, w.to));
      occurrences += occurrencesBetween(s, w.from, w.to).length;
      for (const [name, fn] of [
        ['domain', occurrencesBetween],
        ['prototype', fastOccurrencesBetween],
      ] as const)
        if (key(fn(s, w.from, w.to)) !== expected)
          mismatches.push(`${name}: ${s.rrule} from ${s.start.toISOString()} in ${w.from.toISOString()}`);
    }
  }
  const time = (fn: (s: Series, from: Date, to: Date) => Occurrence[]) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      for (const w of windows) for (const s of w.series) fn(s, w.from, w.to);
      times.push(performance.now() - t0);
    }
    return Math.round(median(times) * 100) / 100;
  };
  const perCallNs = (fn: (instant: number) => number) => {
    const n = 100_000;
    const base = Date.UTC(2026, 0, 1);
    const t0 = performance.now();
    let sink = 0;
    for (let i = 0; i < n; i++) sink += fn(base + i * 3_600_000);
    const ns = ((performance.now() - t0) * 1e6) / n;
    return sink === 0 ? Number.NaN : Math.round(ns);
  };
  return {
    note: 'Measured by the benchmark: the rrule reference expansion, the domain occurrencesBetween (presets by arithmetic, the rest by rrule), and a prototype of the presets by arithmetic with the EU clock-change rule instead of the domain wall-clock conversion.',
    series: windows.reduce((n, w) => n + w.series.length, 0),
    occurrences,
    identical: mismatches.length === 0,
    mismatches: mismatches.slice(0, 10),
    rruleMs: time(occurrencesBetweenWithRrule),
    domainMs: time(occurrencesBetween),
    prototypeMs: time(fastOccurrencesBetween),
    toRomeWallNs: { domain: perCallNs(toRomeWall), prototype: perCallNs(fastToRomeWall) },
  };
};
