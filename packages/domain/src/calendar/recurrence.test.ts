import { describe, expect, it } from 'vitest';
import {
  checkRecurrenceRule,
  occurrencesBetween,
  presetRule,
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

describe('a week of a long series', () => {
  it('shows the same occurrences as walking the rule from its first start, for 600 random series and weeks', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const mismatches: string[] = [];
    for (let i = 0; i < 600; i++) {
      const freq = pick(['DAILY', 'WEEKLY', 'MONTHLY'] as const);
      const parts = [`FREQ=${freq}`, `INTERVAL=${pick([1, 1, 2, 3, 4, 13])}`];
      const by = random();
      if (by < 0.3) parts.push(`BYDAY=${pick(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'])}`);
      else if (freq === 'MONTHLY' && by < 0.55) parts.push(`BYMONTHDAY=${pick([1, 15, 28, 29, 30, 31])}`);
      const end = random();
      if (end < 0.35) parts.push(`COUNT=${1 + Math.floor(random() * 730)}`);
      else if (end < 0.6)
        parts.push(`UNTIL=${2026 + Math.floor(random() * 5)}0${1 + Math.floor(random() * 9)}15T235959`);
      const startWall = Date.UTC(
        2020 + Math.floor(random() * 7),
        Math.floor(random() * 12),
        1 + Math.floor(random() * 31),
        7 + Math.floor(random() * 13),
        pick([0, 15, 30, 45]),
      );
      const start = new Date(fromRomeWall(startWall));
      const series: Series = {
        start,
        end: new Date(fromRomeWall(startWall + pick([30, 45, 60, 90]) * 60_000)),
        rrule: parts.join(';'),
        exdates: [],
      };
      const from = new Date(start.getTime() + (random() * 7 * 365 - 30) * 86_400_000);
      const to = new Date(from.getTime() + 7 * 86_400_000);
      const walked = occurrencesBetween(series, start, to).filter((o) => o.end > from && o.start < to);
      const shown = occurrencesBetween(series, from, to);
      const key = (os: { start: Date; end: Date }[]) =>
        os.map((o) => `${o.start.toISOString()}/${o.end.toISOString()}`);
      if (key(shown).join() !== key(walked).join())
        mismatches.push(`${series.rrule} from ${start.toISOString()}, week of ${from.toISOString()}`);
    }
    expect(mismatches).toEqual([]);
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
});
