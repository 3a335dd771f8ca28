/**
 * The recurrence expansion of the calendar benchmark's weeks, alone: the series rows GET /events expands for the
 * measured week (and for a mid-2025 week and the two clock-change weeks), read from the kept benchmark database,
 * expanded by the domain's occurrencesBetween, by the rrule reference expansion and by the bench's arithmetic
 * prototype (calendar-recurrence-whatif.ts), checked equal and timed.
 *
 * Not part of `npm test`; needs the dataset of the calendar benchmark (`BENCH_ONLY=calendar npm run bench` makes it).
 * Run: `node bench/scenarios/recurrence-week.ts`. Options: BENCH_CALENDAR_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/studiolo_bench_calendar), RUNS (30).
 */

import type { Series } from '@studiolo/domain/calendar';
import { fromRomeWall } from '@studiolo/domain/calendar';
import pg from 'pg';
import { recurrenceWhatIf } from './calendar-recurrence-whatif.ts';

const url = process.env.BENCH_CALENDAR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/studiolo_bench_calendar';
const runs = Number(process.env.RUNS ?? 30);

/** Rome days, the end day included (as romeDayRange of events.service.ts). */
const romeDays = (start: string, end: string) => {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(fromRomeWall(Date.UTC(sy, sm - 1, sd))),
    to: new Date(fromRomeWall(Date.UTC(ey, em - 1, ed + 1))),
  };
};

// the weeks of calendar.ts: measured, mid-2025, spring and autumn clock changes
const weeks = [
  ['measured week', '2026-11-16', '2026-11-22'],
  ['mid-2025 week', '2025-06-16', '2025-06-22'],
  ['spring change', '2026-03-23', '2026-03-29'],
  ['autumn change', '2025-10-20', '2025-10-26'],
] as const;

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const marker = await client.query<{ studio: string }>(
    "select info->>'studioId' as studio from bench_calendar_dataset where id = 1",
  );
  const studio = marker.rows[0]?.studio;
  if (!studio) throw new Error('no calendar benchmark dataset in this database');
  const windows: { from: Date; to: Date; series: Series[] }[] = [];
  for (const [, start, end] of weeks) {
    const { from, to } = romeDays(start, end);
    // the series query of calendarRepository.window, without the patient join
    const { rows } = await client.query<{ start_at: Date; end_at: Date; rrule: string; exdates: Date[] }>(
      `select start_at, end_at, rrule, exdates from events
        where studio_id = $1 and rrule is not null and until_at > $2 and start_at < $3`,
      [studio, from, to],
    );
    windows.push({
      from,
      to,
      series: rows.map((r) => ({ start: r.start_at, end: r.end_at, rrule: r.rrule, exdates: r.exdates })),
    });
  }
  const measured = recurrenceWhatIf(windows.slice(0, 1), runs);
  const all = recurrenceWhatIf(windows, runs);
  console.log(`node ${process.version}; median of ${runs} runs`);
  console.log(JSON.stringify({ measuredWeek: measured, fourWeeks: all }, null, 2));
} finally {
  await client.end();
}
