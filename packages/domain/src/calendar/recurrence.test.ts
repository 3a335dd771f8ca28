import { describe, expect, it } from 'vitest';
import {
  checkRecurrenceRule,
  type Occurrence,
  occurrencesBetween,
  occurrencesBetweenWithRrule,
  presetRule,
  recurrenceFrequencies,
  type Series,
  seriesLastEnd,
  splitSeries,
} from './recurrence.ts';
import { fromRomeWall, shiftedByWall, toRomeWall, wallShift } from './time-zone.ts';

const at = (iso: string) => new Date(iso);
const starts = (series: Series, from: string, to: string) =>
  occurrencesBetween(series, at(from), at(to)).map((o) => o.start.toISOString());
const weekly = (rrule = 'FREQ=WEEKLY;INTERVAL=1', exdates: Date[] = []): Series => ({
  // Monday 19 October 2026, 10:00–11:00 in Rome (summer time, UTC+2)
  start: at('2026-10-19T08:00:00Z'),
  end: at('2026-10-19T09:00:00Z'),
  rrule,
  exdates,
});

describe('Rome wall time', () => {
  it('maps summer and winter times to the right instants', () => {
    expect(new Date(fromRomeWall(Date.UTC(2026, 6, 1, 10))).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(new Date(fromRomeWall(Date.UTC(2026, 11, 1, 10))).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(new Date(toRomeWall(Date.parse('2026-12-01T09:00:00Z'))).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('moves a time skipped in spring forward by an hour and takes the first of a time repeated in autumn', () => {
    // 29 March 2026: 02:00 becomes 03:00
    expect(new Date(fromRomeWall(Date.UTC(2026, 2, 29, 2, 30))).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens at 00:30Z (summer) and 01:30Z (winter)
    expect(new Date(fromRomeWall(Date.UTC(2026, 9, 25, 2, 30))).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('occurrences', () => {
  it('keeps a weekly 10:00 appointment at 10:00 in Rome across the autumn clock change', () => {
    expect(starts(weekly(), '2026-10-19T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
    const [, second] = occurrencesBetween(weekly(), at('2026-10-19T00:00:00Z'), at('2026-11-03T00:00:00Z'));
    expect(second?.end.toISOString()).toBe('2026-10-26T10:00:00.000Z');
  });

  it('keeps a daily 09:00 appointment at 09:00 across the spring clock change', () => {
    const daily: Series = {
      start: at('2027-03-27T08:00:00Z'),
      end: at('2027-03-27T08:30:00Z'),
      rrule: 'FREQ=DAILY;COUNT=3',
      exdates: [],
    };
    expect(starts(daily, '2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z')).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
  });

  it('skips the months without a 31st for a monthly appointment on the 31st', () => {
    const monthly: Series = {
      start: at('2027-01-31T16:00:00Z'),
      end: at('2027-01-31T17:00:00Z'),
      rrule: 'FREQ=MONTHLY;COUNT=4',
      exdates: [],
    };
    expect(starts(monthly, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z').map((s) => s.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
    ]);
  });

  it('counts only the months that have the day toward COUNT, years after the first start', () => {
    // 31 March 2025 at 12:00, 24 times: 6 months with a 31st left in 2025, 7 in 2026 and 2027, then January–July 2028
    const monthly: Series = {
      start: at('2025-03-31T10:00:00Z'),
      end: at('2025-03-31T11:00:00Z'),
      rrule: 'FREQ=MONTHLY;INTERVAL=1;COUNT=24',
      exdates: [],
    };
    expect(starts(monthly, '2028-06-01T00:00:00Z', '2028-11-01T00:00:00Z')).toEqual(['2028-07-31T10:00:00.000Z']);
  });

  it('repeats on the 29th every month, February only in leap years, 2100 not being one', () => {
    const on29th: Series = {
      start: at('2099-11-29T09:00:00Z'),
      end: at('2099-11-29T10:00:00Z'),
      rrule: 'FREQ=MONTHLY;INTERVAL=1;COUNT=5',
      exdates: [],
    };
    const shown = starts(on29th, '2100-01-01T00:00:00Z', '2100-12-31T00:00:00Z');
    // November and December 2099, then January, (no 29 February 2100), March and April: the fifth
    expect(shown.map((d) => d.slice(0, 10))).toEqual(['2100-01-29', '2100-03-29', '2100-04-29']);
    expect(
      occurrencesBetweenWithRrule(on29th, at('2100-01-01T00:00:00Z'), at('2100-12-31T00:00:00Z')).map((o) =>
        o.start.toISOString(),
      ),
    ).toEqual(shown);
    const leap = { ...on29th, start: at('2095-11-29T09:00:00Z'), end: at('2095-11-29T10:00:00Z') };
    expect(starts(leap, '2096-01-01T00:00:00Z', '2096-12-31T00:00:00Z').map((d) => d.slice(0, 10))).toEqual([
      '2096-01-29',
      '2096-02-29',
      '2096-03-29',
    ]);
  });

  it('moves a weekly Sunday 02:30 to 03:30 on the spring-change day and takes the first 02:30 in autumn, years on', () => {
    // Sunday 22 March 2026, 02:30 in Rome (winter time)
    const sunday: Series = {
      start: at('2026-03-22T01:30:00Z'),
      end: at('2026-03-22T02:15:00Z'),
      rrule: 'FREQ=WEEKLY;INTERVAL=1',
      exdates: [],
    };
    // 31 March 2030: 02:30 does not exist, shown at 03:30 (01:30Z); 27 October 2030: the first 02:30 (00:30Z)
    expect(starts(sunday, '2030-03-24T00:00:00Z', '2030-04-01T00:00:00Z')).toEqual([
      '2030-03-24T01:30:00.000Z',
      '2030-03-31T01:30:00.000Z',
    ]);
    expect(starts(sunday, '2030-10-20T00:00:00Z', '2030-11-04T00:00:00Z')).toEqual([
      '2030-10-20T00:30:00.000Z',
      '2030-10-27T00:30:00.000Z',
      '2030-11-03T01:30:00.000Z',
    ]);
  });

  it('leaves out the exdates and includes an occurrence that began before the window and ends inside it', () => {
    const series = weekly('FREQ=WEEKLY;INTERVAL=1', [at('2026-10-26T09:00:00Z')]);
    expect(starts(series, '2026-10-19T08:30:00Z', '2026-11-03T00:00:00Z')).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
  });

  it('ends on the UNTIL day, inclusive', () => {
    const series = weekly(presetRule('WEEKLY', { until: '2026-11-02' }));
    expect(starts(series, '2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z')).toHaveLength(3);
    expect(seriesLastEnd(series)?.toISOString()).toBe('2026-11-02T10:00:00.000Z');
    expect(seriesLastEnd(weekly())).toBeNull();
  });
});

describe('splitting a series ("Questo evento e quelli successivi")', () => {
  it('divides a COUNT between the part before and the part from the chosen occurrence', () => {
    const series = weekly('FREQ=WEEKLY;COUNT=10');
    const { headRrule, tailRrule } = splitSeries(series, at('2026-11-09T09:00:00Z'));
    expect(headRrule).toBe('FREQ=WEEKLY;COUNT=3');
    expect(tailRrule).toBe('FREQ=WEEKLY;COUNT=7');
    const head = { ...series, rrule: headRrule as string };
    expect(starts(head, '2026-10-01T00:00:00Z', '2027-06-01T00:00:00Z').at(-1)).toBe('2026-11-02T09:00:00.000Z');
  });

  it('ends an open series just before the chosen occurrence', () => {
    const series = weekly();
    const { headRrule, tailRrule } = splitSeries(series, at('2026-11-09T09:00:00Z'));
    expect(headRrule).toBe('FREQ=WEEKLY;INTERVAL=1;UNTIL=20261109T095959');
    expect(tailRrule).toBe('FREQ=WEEKLY;INTERVAL=1');
    expect(starts({ ...series, rrule: headRrule as string }, '2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
  });

  it('finds the end of a daily series until the year 9999 (2.9 million occurrences) without walking them', () => {
    const daily: Series = {
      start: at('2026-11-30T08:00:00Z'),
      end: at('2026-11-30T09:00:00Z'),
      rrule: 'FREQ=DAILY;UNTIL=99991231T000000Z',
      exdates: [],
    };
    expect(seriesLastEnd(daily)?.toISOString()).toBe('9999-12-30T09:00:00.000Z');
    expect(
      seriesLastEnd({ ...daily, rrule: 'FREQ=MONTHLY;INTERVAL=5;BYDAY=TU;UNTIL=99991231' })?.toISOString(),
    ).toMatch(/^9999-/);
  });

  it('splits an endless daily series at an occurrence in the year 9998 without walking the ones before', () => {
    const daily: Series = { ...weekly('FREQ=DAILY'), exdates: [] };
    expect(splitSeries(daily, at('9998-06-01T08:00:00Z')).headRrule).toBe('FREQ=DAILY;UNTIL=99980601T095959');
  });

  it('keeps nothing before when split at the first occurrence', () => {
    expect(splitSeries(weekly(), at('2026-10-19T08:00:00Z')).headRrule).toBeNull();
  });
});

describe('editing a series across clock changes and month ends', () => {
  const romeTimes = (series: Series, from: string, to: string) =>
    occurrencesBetween(series, at(from), at(to)).map((o) =>
      new Date(toRomeWall(o.start.getTime())).toISOString().slice(0, 16).replace('T', ' '),
    );

  it('ALL: a series moved a week later keeps its exdate on the same appointment across the autumn change', () => {
    // the 9 November appointment (after the change) was deleted; the whole series then moves from 19 to 26 October
    const series = weekly('FREQ=WEEKLY;COUNT=5', [at('2026-11-09T09:00:00Z')]);
    const newStart = at('2026-10-26T09:00:00Z'); // 26 October 10:00, winter time
    const shift = wallShift(series.start, newStart);
    expect(shift).toBe(7 * 86_400_000);
    const moved: Series = {
      start: newStart,
      end: at('2026-10-26T10:00:00Z'),
      rrule: series.rrule,
      exdates: series.exdates.map((d) => shiftedByWall(d, shift)),
    };
    expect(romeTimes(moved, '2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-10-26 10:00',
      '2026-11-02 10:00',
      '2026-11-09 10:00',
      '2026-11-23 10:00',
    ]);
  });

  it('SINGLE: the appointment of the spring-change day alone leaves the daily series, the others stay at 09:00', () => {
    // Sunday 28 March 2027 is the change; 09:00 is 08:00 UTC the day before and 07:00 UTC from that day
    const daily: Series = {
      start: at('2027-03-27T08:00:00Z'),
      end: at('2027-03-27T08:30:00Z'),
      rrule: 'FREQ=DAILY;COUNT=3',
      exdates: [at('2027-03-28T07:00:00Z')],
    };
    expect(romeTimes(daily, '2027-03-01T00:00:00Z', '2027-04-30T00:00:00Z')).toEqual([
      '2027-03-27 09:00',
      '2027-03-29 09:00',
    ]);
  });

  it('AFTER on a monthly series on the 31st: the months without a 31st stay skipped and the count is kept', () => {
    // 31 January 2027 at 10:00, six times: January, March, May, July, August, October
    const monthly: Series = {
      start: at('2027-01-31T09:00:00Z'),
      end: at('2027-01-31T10:00:00Z'),
      rrule: 'FREQ=MONTHLY;COUNT=6',
      exdates: [],
    };
    const may = at('2027-05-31T08:00:00Z');
    const { headRrule, tailRrule } = splitSeries(monthly, may);
    expect([headRrule, tailRrule]).toEqual(['FREQ=MONTHLY;COUNT=2', 'FREQ=MONTHLY;COUNT=4']);
    // from May on at 15:00 instead of 10:00; October 31 is the autumn change day itself
    const tail: Series = {
      start: at('2027-05-31T13:00:00Z'),
      end: at('2027-05-31T14:00:00Z'),
      rrule: tailRrule,
      exdates: [],
    };
    expect(romeTimes(tail, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z')).toEqual([
      '2027-05-31 15:00',
      '2027-07-31 15:00',
      '2027-08-31 15:00',
      '2027-10-31 15:00',
    ]);
    expect(
      romeTimes({ ...monthly, rrule: headRrule as string }, '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z'),
    ).toEqual(['2027-01-31 10:00', '2027-03-31 10:00']);
  });
});

/** A seeded random source (mulberry32), so a failure names a case that can be run again. */
const randomSource = (seed: number) => {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { random, int, pick };
};

const dayMs = 86_400_000;
const weekdayCodes = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const monthLength = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
/** The wall midnight of the last Sunday of a month: the EU clock changes on that day (March, October). */
const lastSunday = (year: number, month: number) => {
  const last = Date.UTC(year, month, monthLength(year, month));
  return last - new Date(last).getUTCDay() * dayMs;
};
/** UNTIL's text for a wall time, or for an instant with a trailing Z. */
const untilText = (ms: number, form: 'date' | 'time' | 'z') => {
  const text = new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15);
  return form === 'date' ? text.slice(0, 8) : form === 'time' ? text : `${text}Z`;
};

type Case = { series: Series; from: Date; to: Date; preset: boolean; frequency: string };

/**
 * A random series and window, biased towards what breaks date arithmetic: first starts on the 29th–31st and on or
 * near the clock-change days at times that do not exist in spring or happen twice in autumn (02:00–02:59), every
 * frequency with intervals up to 99, COUNT up to 730, UNTIL as a date, a wall time or an instant (Z), no end;
 * windows from a millisecond to a year, across clock changes, up to eight years after the first start.
 */
const randomCase = ({ random, int, pick }: ReturnType<typeof randomSource>): Case => {
  // now and the next years; some around 2100, not a leap year
  const year = random() < 0.06 ? 2092 + int(10) : 2019 + int(12);
  const kind = random();
  let startWall: number;
  if (kind < 0.3) {
    // on a clock-change day or some days or weeks before one (a weekly series then meets it), at 00:00–03:59
    const change = lastSunday(year, pick([2, 9]));
    const before = pick([0, 0, 7, 14, 28, 35, 364, int(60)]) * dayMs;
    startWall = change - before + pick([0, 1, 2, 2, 2, 3]) * 3_600_000 + pick([0, 30, 59]) * 60_000;
  } else if (kind < 0.55) {
    // the 29th, 30th or 31st of a month that has it (29 February in a leap year)
    const dayOfMonth = pick([29, 30, 31]);
    let y = year;
    let month = int(12);
    while (monthLength(y, month) < dayOfMonth) {
      month = int(12);
      if (month === 1) y = pick([2020, 2024, 2028]);
    }
    startWall = Date.UTC(y, month, dayOfMonth, int(24), pick([0, 15, 30, 45]));
  } else {
    startWall = Date.UTC(year, int(12), 1 + int(28), 7 + int(14), pick([0, 15, 30, 45]));
  }
  if (random() < 0.05) startWall += int(60) * 1000 + pick([0, 0, 123, 999]); // seconds and milliseconds too
  const minutes = pick([15, 30, 45, 60, 60, 90, 150, 600, 24 * 60, 3 * 24 * 60, 7 * 24 * 60]);
  const start = new Date(fromRomeWall(startWall));
  // the length from the wall start the instant shows (a start skipped in spring moved forward an hour)
  const firstWall = new Date(toRomeWall(start.getTime()));
  const end = new Date(fromRomeWall(firstWall.getTime() + minutes * 60_000));

  const frequency = pick(['DAILY', 'WEEKLY', 'MONTHLY'] as const);
  const parts = [`FREQ=${frequency}`];
  const interval = pick(
    frequency === 'MONTHLY'
      ? [1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 11, 13, 25, 99]
      : [1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 11, 12, 13, 24, 25, 52, 99],
  );
  if (interval > 1 || random() < 0.7) parts.push(`INTERVAL=${interval}`);
  const ownWeekday = weekdayCodes[firstWall.getUTCDay()] as string;
  let preset = true;
  // other weekdays and days of the month go to rrule; only the shapes checkRecurrenceRule allows (a weekday for
  // WEEKLY and MONTHLY, a day of the month for MONTHLY, never every 12 months): they always give occurrences
  const by = random();
  if (by < 0.15 && frequency !== 'DAILY') {
    parts.push(`BYDAY=${ownWeekday}`);
    preset = frequency === 'WEEKLY';
  } else if (by < 0.27 && frequency !== 'DAILY') {
    const other = pick(weekdayCodes);
    parts.push(`BYDAY=${other}`);
    preset = frequency === 'WEEKLY' && other === ownWeekday;
  } else if (by < 0.37 && frequency === 'MONTHLY') {
    parts.push(`BYMONTHDAY=${firstWall.getUTCDate()}`);
  } else if (by < 0.5 && frequency === 'MONTHLY') {
    const monthDay = pick([1, 15, 28, 29, 30, 31]);
    parts.push(`BYMONTHDAY=${monthDay}`);
    preset = monthDay === firstWall.getUTCDate();
  }
  // how long the series lasts, roughly (for placing windows): eight years when it has no end
  const periodDays = frequency === 'DAILY' ? 1 : frequency === 'WEEKLY' ? 7 : 30.5;
  let lifeDays = 8 * 365;
  const ending = random();
  if (ending < 0.35) {
    const count = pick([1, 2, 3, 12, 730, 730, 1 + int(60), 1 + int(730)]);
    parts.push(`COUNT=${count}`);
    lifeDays = Math.min(lifeDays, count * interval * periodDays * 1.5);
  } else if (ending < 0.65) {
    const form = pick(['date', 'time', 'time', 'z'] as const);
    const k = int(100) * interval;
    // on an occurrence's own wall time or instant (the bound is inclusive), or anywhere from before the start on
    const untilAt = pick([
      frequency === 'MONTHLY'
        ? Date.UTC(firstWall.getUTCFullYear(), firstWall.getUTCMonth() + k, firstWall.getUTCDate()) +
          (firstWall.getTime() % dayMs)
        : firstWall.getTime() + k * periodDays * dayMs,
      firstWall.getTime() + (random() * 6 * 365 - 10) * dayMs,
    ]);
    parts.push(`UNTIL=${untilText(form === 'z' ? fromRomeWall(untilAt) : untilAt, form)}`);
    lifeDays = Math.min(lifeDays, Math.max(0, (untilAt - firstWall.getTime()) / dayMs + 1));
  }
  const series: Series = { start, end, rrule: parts.join(';'), exdates: [] };

  // mostly while the series lasts, some windows after it, some across a clock change
  let from: number;
  const where = random();
  if (where < 0.25) {
    const change = lastSunday(new Date(start.getTime() + random() * lifeDays * dayMs).getUTCFullYear(), pick([2, 9]));
    from = fromRomeWall(change - int(6) * dayMs);
  } else {
    from = start.getTime() + (where < 0.85 ? random() * (lifeDays + 10) - 10 : random() * 8 * 365 - 30) * dayMs;
    if (random() < 0.6) from = fromRomeWall(Math.floor(toRomeWall(from) / dayMs) * dayMs); // a Rome midnight
  }
  // a week mostly (GET /events); an hour to a year too, and months for a monthly series
  const length = pick([
    1,
    3_600_000,
    dayMs,
    7 * dayMs,
    7 * dayMs,
    7 * dayMs,
    14 * dayMs,
    31 * dayMs,
    366 * dayMs,
    ...(frequency === 'MONTHLY' ? [31 * dayMs, 62 * dayMs, 92 * dayMs, 366 * dayMs] : []),
  ]);
  return { series, from: new Date(from), to: new Date(from + length), preset, frequency };
};

const key = (os: Occurrence[]) =>
  os.map((o) => `${o.originalStart.toISOString()}|${o.start.toISOString()}|${o.end.toISOString()}`).join(', ');
const describeCase = (c: Case) =>
  `${c.series.rrule} from ${c.series.start.toISOString()}–${c.series.end.toISOString()}` +
  ` exdates [${c.series.exdates.map((d) => d.toISOString()).join(' ')}], window ${c.from.toISOString()}…${c.to.toISOString()}`;

describe('the presets by arithmetic, checked against rrule', () => {
  it('gives exactly the occurrences rrule gives, for 5,000 random series and windows', () => {
    const source = randomSource(20261116);
    const mismatches: string[] = [];
    const tried = { presets: { DAILY: 0, WEEKLY: 0, MONTHLY: 0 } as Record<string, number>, others: 0 };
    let occurrences = 0;
    const nonEmpty: Record<string, number> = {};
    for (let i = 0; i < 5000; i++) {
      const c = randomCase(source);
      const wide = occurrencesBetweenWithRrule(c.series, c.from, c.to);
      // some of the window's occurrences removed, and an instant that is none of them
      const exdates = wide.filter(() => source.random() < 0.3).map((o) => o.originalStart);
      if (source.random() < 0.3) exdates.push(new Date(c.from.getTime() + 1234));
      c.series.exdates = exdates;
      const cases = [c];
      // a window of a millisecond on an occurrence, as isOccurrenceStart asks
      const one = wide[source.int(wide.length)];
      if (one) cases.push({ ...c, from: one.start, to: new Date(one.start.getTime() + 1) });
      for (const x of cases) {
        const expected = occurrencesBetweenWithRrule(x.series, x.from, x.to);
        const shown = occurrencesBetween(x.series, x.from, x.to);
        if (x.preset) occurrences += expected.length;
        if (x.preset && expected.length > 0) nonEmpty[x.frequency] = (nonEmpty[x.frequency] ?? 0) + 1;
        if (key(shown) !== key(expected))
          mismatches.push(`${describeCase(x)}: ${key(shown)} instead of ${key(expected)}`);
      }
      if (c.preset) tried.presets[c.frequency] = (tried.presets[c.frequency] ?? 0) + 1;
      else tried.others++;
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // not vacuous: the fast path ran on every frequency, on windows holding occurrences, and rrule on the others
    for (const frequency of recurrenceFrequencies) {
      expect(tried.presets[frequency]).toBeGreaterThan(800);
      expect(nonEmpty[frequency]).toBeGreaterThan(300);
    }
    expect(tried.others).toBeGreaterThan(800);
    expect(occurrences).toBeGreaterThan(8000);
  });

  it('counts a COUNT across 2000 (a leap year) and 2100 (not one) as rrule does, for monthly series from 29 February', () => {
    const { int, pick } = randomSource(2100);
    const mismatches: string[] = [];
    for (let i = 0; i < 400; i++) {
      const startYear = pick([1980, 1988, 1992, 1996, 2072, 2080, 2088, 2092, 2096]);
      const startWall = Date.UTC(startYear, 1, 29, 8 + int(10), pick([0, 30]));
      const interval = pick([1, 1, 2, 3, 4, 6]);
      const series: Series = {
        start: new Date(fromRomeWall(startWall)),
        end: new Date(fromRomeWall(startWall + 3_600_000)),
        rrule: `FREQ=MONTHLY;INTERVAL=${interval};COUNT=${1 + int(400)}`,
        exdates: [],
      };
      const from = new Date(Date.UTC(startYear + 3 + int(30), int(12), 1));
      const to = new Date(from.getTime() + pick([31, 366, 4 * 366]) * dayMs);
      const c = { series, from, to, preset: true, frequency: 'MONTHLY' };
      const expected = key(occurrencesBetweenWithRrule(series, from, to));
      if (key(occurrencesBetween(series, from, to)) !== expected) mismatches.push(`${describeCase(c)}: ${expected}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('rrule started near the window (ruleFrom) shows what walking the rule from its first start shows', () => {
    const source = randomSource(7);
    const mismatches: string[] = [];
    for (let i = 0; i < 800; i++) {
      const c = randomCase(source);
      const walked = occurrencesBetweenWithRrule(c.series, c.series.start, c.to).filter(
        (o) => o.end > c.from && o.start < c.to,
      );
      const shown = occurrencesBetweenWithRrule(c.series, c.from, c.to);
      if (key(shown) !== key(walked)) mismatches.push(describeCase(c));
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('finds the end of a series near its end as walking it with rrule finds it, for 1,000 random series', () => {
    const source = randomSource(25);
    const mismatches: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const { series } = randomCase(source);
      const found = seriesLastEnd(series)?.toISOString() ?? null;
      const ends = /COUNT|UNTIL/.test(series.rrule);
      // the reference walks every occurrence from the first start (rrule stops at COUNT, UNTIL or the year 9999)
      const walked = ends
        ? (occurrencesBetweenWithRrule(series, series.start, at('9990-01-01T00:00:00Z')).at(-1)?.end ?? series.end)
        : null;
      if (found !== (walked?.toISOString() ?? null)) mismatches.push(`${describeCase({ series } as Case)}: ${found}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('refuses an invalid rule on the fast path as rrule does', () => {
    expect(() =>
      occurrencesBetween(weekly('FREQ=WEEKLY;COUNT=0'), at('2026-10-19T00:00:00Z'), at('2026-11-03T00:00:00Z')),
    ).toThrow('invalid rrule');
  });
});

describe('rules the product allows (spec part 1 §4)', () => {
  it('takes daily, weekly and monthly presets', () => {
    expect(checkRecurrenceRule(presetRule('DAILY', null))).toEqual({ ok: true, frequency: 'DAILY' });
    expect(checkRecurrenceRule('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10')).toEqual({ ok: true, frequency: 'WEEKLY' });
    expect(checkRecurrenceRule(presetRule('MONTHLY', { count: 12 }))).toEqual({ ok: true, frequency: 'MONTHLY' });
  });

  it('refuses yearly, several weekdays, both COUNT and UNTIL, and anything malformed', () => {
    expect(checkRecurrenceRule('FREQ=YEARLY')).toMatchObject({
      ok: false,
      reason: 'La ricorrenza annuale non è consentita',
    });
    expect(checkRecurrenceRule('FREQ=WEEKLY;BYDAY=MO,WE')).toMatchObject({ ok: false });
    expect(checkRecurrenceRule('FREQ=DAILY;COUNT=3;UNTIL=20270101')).toMatchObject({ ok: false });
    for (const bad of [
      '',
      'FREQ=HOURLY',
      'FREQ=DAILY;COUNT=0',
      'FREQ=DAILY;INTERVAL=x',
      'FREQ=DAILY;BYSETPOS=1',
      'DROP TABLE',
    ])
      expect(checkRecurrenceRule(bad).ok).toBe(false);
  });

  it('refuses the shapes that may never give an occurrence (rrule would walk to the year 9999 for them)', () => {
    // every 7 days on Wednesdays from a Saturday, every 12 months on the 31st from April, the 15th of every week
    for (const never of [
      'FREQ=DAILY;INTERVAL=7;BYDAY=WE',
      'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31',
      'FREQ=WEEKLY;BYMONTHDAY=15',
    ])
      expect(checkRecurrenceRule(never).ok).toBe(false);
    expect(checkRecurrenceRule('FREQ=MONTHLY;INTERVAL=24')).toMatchObject({
      ok: false,
      reason: 'La ricorrenza annuale non è consentita',
    });
    for (const fine of [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
      'FREQ=MONTHLY;INTERVAL=11;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=MO',
    ])
      expect(checkRecurrenceRule(fine).ok).toBe(true);
  });
});
