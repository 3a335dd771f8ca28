/**
 * Micro benchmark of the domain's occurrencesBetween, one series at a time, for the rules the dialog's presets write
 * (and one rule outside them, which stays on rrule): the cost of one series in the week GET /events shows.
 * Both the public function (presets by arithmetic) and the rrule reference expansion (occurrencesBetweenWithRrule,
 * what every series went through before the fast path) are timed on the same series.
 *
 * Not part of `npm test` nor of `npm run bench`: run it by hand, `node bench/scenarios/recurrence-micro.ts`
 * (Node 24). Options: MICRO_ROUNDS (9), MICRO_ROUND_MS (60).
 */
import {
  fromRomeWall,
  type Occurrence,
  occurrencesBetween,
  occurrencesBetweenWithRrule,
  type Series,
} from '@studiolo/domain/calendar';

type Expand = (series: Series, from: Date, to: Date) => Occurrence[];
const expanders: [label: string, fn: Expand][] = [
  ['occurrencesBetween', occurrencesBetween],
  ['rrule reference', occurrencesBetweenWithRrule],
];

const rounds = Number(process.env.MICRO_ROUNDS ?? 9);
const roundMs = Number(process.env.MICRO_ROUND_MS ?? 60);

/** A series from a Rome wall time (y, m 1-based, d, h, min), lasting `minutes`. */
const seriesAt = (rrule: string, [y, m, d, h, min]: number[], minutes = 60): Series => {
  const wall = Date.UTC(y as number, (m as number) - 1, d, h, min);
  return {
    start: new Date(fromRomeWall(wall)),
    end: new Date(fromRomeWall(wall + minutes * 60_000)),
    rrule,
    exdates: [],
  };
};

// the benchmark's measured week: Monday 16 to Sunday 22 November 2026, Rome days
const from = new Date(fromRomeWall(Date.UTC(2026, 10, 16)));
const to = new Date(fromRomeWall(Date.UTC(2026, 10, 23)));

const cases: [label: string, series: Series][] = [
  ['weekly, no end, begun 2024', seriesAt('FREQ=WEEKLY;INTERVAL=1', [2024, 1, 8, 10, 0])],
  ['weekly, COUNT=20', seriesAt('FREQ=WEEKLY;INTERVAL=1;COUNT=20', [2026, 9, 7, 15, 30], 45)],
  ['weekly, UNTIL a date', seriesAt('FREQ=WEEKLY;INTERVAL=1;UNTIL=20270630T235959', [2025, 9, 3, 9, 0])],
  ['every 2 weeks, no end', seriesAt('FREQ=WEEKLY;INTERVAL=2', [2024, 1, 11, 18, 0])],
  ['daily, COUNT=10', seriesAt('FREQ=DAILY;INTERVAL=1;COUNT=10', [2026, 11, 14, 8, 30], 30)],
  ['daily, UNTIL a date', seriesAt('FREQ=DAILY;INTERVAL=1;UNTIL=20261231T235959', [2026, 11, 2, 12, 0], 30)],
  ['monthly, no end, begun 2024', seriesAt('FREQ=MONTHLY;INTERVAL=1', [2024, 1, 17, 11, 0])],
  ['monthly on the 31st, COUNT=24', seriesAt('FREQ=MONTHLY;INTERVAL=1;COUNT=24', [2025, 3, 31, 11, 0])],
  // outside the presets: a weekday other than the first start's (a Monday), always on rrule
  ['weekly BYDAY=TH (rrule path)', seriesAt('FREQ=WEEKLY;INTERVAL=1;BYDAY=TH', [2024, 1, 8, 10, 0])],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Median µs per call over `rounds` rounds of about `roundMs` each. */
const perCallUs = (fn: Expand, series: Series): number => {
  let sink = 0;
  // warm-up, and how many calls make a round
  let n = 0;
  const w0 = performance.now();
  while (performance.now() - w0 < roundMs) {
    sink += fn(series, from, to).length;
    n++;
  }
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink += fn(series, from, to).length;
    times.push(((performance.now() - t0) * 1000) / n);
  }
  if (sink < 0) throw new Error('unreachable');
  return median(times);
};

const round = (us: number) => (us < 10 ? Math.round(us * 100) / 100 : Math.round(us * 10) / 10);
const rows: Record<string, string | number>[] = [];
for (const [label, series] of cases) {
  const row: Record<string, string | number> = {
    series: label,
    occurrences: occurrencesBetween(series, from, to).length,
  };
  const times = expanders.map(([name, fn]) => {
    const us = perCallUs(fn, series);
    row[`${name} µs`] = round(us);
    return us;
  });
  row['×'] = Math.round(((times[1] as number) / (times[0] as number)) * 10) / 10;
  rows.push(row);
}
console.log(
  `node ${process.version}; week ${from.toISOString()} … ${to.toISOString()}; µs per call, median of ${rounds} rounds`,
);
console.table(rows);
