/**
 * Online booking's free slots, the pure computation alone (issue 28, decision 035 "Free slots"): freeSlots of
 * @studiolo/domain/booking for 60 days (1 March – 29 April 2027: the spring clock change and Easter inside), a
 * studio with 10 bookable staff members (two windows a weekday, Saturday mornings), a service of 45 minutes given by
 * all ten ("chiunque", the widest answer) that needs one of 2 rooms and a device, step 15, buffer 10, notice 12 h,
 * and 20,000 busy intervals: 16,000 single appointments and 4,000 occurrences of weekly series (with removed and
 * moved occurrences), the series expanded by busyIntervalsOfEvents (timed apart). Also one staff member alone and
 * the API's widest request (31 days). Every slot of the answer is checked once against every busy interval by a
 * plain scan (outside the timing). The server endpoint's bench (SQL + this) comes with the server work.
 * Part `booking-slots` (BENCH_ONLY=booking-slots); writes bench/results/booking-slots.json.
 * Options: BENCH_BOOKING_RUNS (200; 20 with BENCH_QUICK=1).
 */
import {
  type BusyEventRow,
  type BusyInterval,
  busyIntervalsOfEvents,
  type FreeSlotsInput,
  freeSlots,
} from '@studiolo/domain/booking';
import { fromRomeWall } from '@studiolo/domain/calendar';
import { quick, round2, saveResults } from '../harness/results.ts';

const runs = Number(process.env.BENCH_BOOKING_RUNS ?? (quick ? 20 : 200));
const day = 86_400_000;
const minute = 60_000;

/** A deterministic generator: the same dataset every run. */
let seed = 2027;
const random = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return Math.floor((seed / 2 ** 31) * n);
};

const firstDate = Date.UTC(2027, 2, 1); // Monday 1 March 2027, floating wall midnight
const days = 60;
const isoOf = (wall: number) => new Date(wall).toISOString().slice(0, 10);
const staffIds = Array.from(
  { length: 10 },
  (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
);
const roomIds = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`);
const deviceIds = Array.from(
  { length: 3 },
  (_, i) => `00000000-0000-4000-8000-2000000000${String(i).padStart(2, '0')}`,
);

/** A Rome wall time of a day (wall minutes) as an instant. */
const at = (dayWall: number, minuteOfDay: number) => fromRomeWall(dayWall + minuteOfDay * minute);
/** A start within the working windows (08:00–13:00, 14:00–20:00), on a quarter hour. */
const workingMinute = () => (random(2) === 0 ? 8 * 60 + random(16) * 15 : 14 * 60 + random(20) * 15);
const lengths = [30, 45, 60, 90];

const resourcesOf = () => ({
  clinicRoomId: roomIds[random(roomIds.length)] as string,
  medicalDeviceIds: random(5) === 0 ? [deviceIds[random(deviceIds.length)] as string] : [],
});

/** Rows of the calendar: weekly series worth `fromSeries` occurrences in the 60 days, and `singles` appointments. */
const datasetOf = (singles: number, fromSeries: number) => {
  const rows: BusyEventRow[] = [];
  // weekly series of 9 occurrences from the first week (≈ 8.5 in the 60 days), one occurrence in ten removed and
  // one in twenty moved (an exception row, its original start an exdate)
  let seriesOccurrences = 0;
  while (seriesOccurrences < fromSeries) {
    const weekday = random(6);
    const startMinute = workingMinute();
    const length = lengths[random(lengths.length)] as number;
    const first = firstDate + weekday * day;
    const exdates: Date[] = [];
    const staffMemberId = staffIds[random(staffIds.length)] as string;
    const resources = resourcesOf();
    const count = 9;
    for (let k = 0; k < count; k++) {
      const wall = first + k * 7 * day;
      if (wall >= firstDate + days * day) break;
      const roll = random(20);
      if (roll < 2) exdates.push(new Date(at(wall, startMinute)));
      else if (roll === 2) {
        exdates.push(new Date(at(wall, startMinute)));
        const moved = workingMinute();
        rows.push({
          staffMemberId,
          ...resources,
          start: new Date(at(wall, moved)),
          end: new Date(at(wall, moved + length)),
          rrule: null,
          exdates: [],
        });
        seriesOccurrences++;
      } else seriesOccurrences++;
    }
    rows.push({
      staffMemberId,
      ...resources,
      start: new Date(at(first, startMinute)),
      end: new Date(at(first, startMinute + length)),
      rrule: `FREQ=WEEKLY;INTERVAL=1;COUNT=${count}`,
      exdates,
    });
  }
  for (let i = 0; i < singles; i++) {
    const wall = firstDate + random(days) * day;
    const startMinute = workingMinute();
    const length = lengths[random(lengths.length)] as number;
    rows.push({
      staffMemberId: staffIds[random(staffIds.length)] as string,
      ...resourcesOf(),
      start: new Date(at(wall, startMinute)),
      end: new Date(at(wall, startMinute + length)),
      rrule: null,
      exdates: [],
    });
  }
  return { rows, seriesOccurrences };
};

const hours = staffIds.map(() => [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '08:00', end: '13:00' },
    { weekday, start: '14:00', end: '20:00' },
  ]),
  { weekday: 6, start: '08:00', end: '13:00' },
]);
const staff = Object.fromEntries(
  staffIds.map((id, i) => [
    id,
    {
      hours: hours[i] ?? [],
      // a few days off and extra hours, as a real studio has
      exceptions: [
        { date: isoOf(firstDate + (3 + i) * day), kind: 'CLOSED' as const, start: null, end: null },
        { date: isoOf(firstDate + (10 + i) * day), kind: 'CLOSED' as const, start: '14:00', end: '16:00' },
        { date: isoOf(firstDate + (20 + i) * day), kind: 'OPEN' as const, start: '20:00', end: '21:00' },
      ],
    },
  ]),
);

const windowFrom = new Date(fromRomeWall(firstDate));
const windowTo = new Date(fromRomeWall(firstDate + days * day));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const timed = <T>(label: string, fn: () => T, log: (s: string) => void) => {
  for (let i = 0; i < Math.min(20, runs); i++) fn(); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    result = fn();
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // the machine is shared: the process's CPU time (µs resolution, GC threads included) says what a call costs when
  // the wall time also holds the waits for a core
  const figures = {
    runs,
    p50Ms: round2(percentile(times, 50)),
    p95Ms: round2(percentile(times, 95)),
    maxMs: round2(times.at(-1) as number),
    cpuP50Ms: round2(percentile(cpu, 50)),
    cpuP95Ms: round2(percentile(cpu, 95)),
  };
  log(
    `  ${label}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms (CPU p50 ${figures.cpuP50Ms}, p95 ${figures.cpuP95Ms} ms)`,
  );
  return { figures, result: result as T };
};

/** Every slot against every busy interval by a plain scan: the answer offers nothing taken. */
const violations = (input: FreeSlotsInput, answer: ReturnType<typeof freeSlots>): number => {
  const overlaps = (list: readonly BusyInterval[] | undefined, s: number, e: number) =>
    (list ?? []).some(([bs, be]) => bs < e && be > s);
  const duration = input.service.durationMinutes * minute;
  const buffer = input.settings.bufferMinutes * minute;
  let bad = 0;
  for (const d of answer)
    for (const slot of d.slots) {
      const s = Date.parse(slot.start);
      const e = s + duration;
      const roomFree = input.service.clinicRoomIds.some((r) => !overlaps(input.busy.rooms[r], s, e));
      const devicesFree = input.service.medicalDeviceIds.every((r) => !overlaps(input.busy.devices[r], s, e));
      if (!roomFree || !devicesFree || s < input.now + input.settings.minNoticeMinutes * minute) bad++;
      for (const id of slot.staffMemberIds) if (overlaps(input.busy.staff[id], s - buffer, e + buffer)) bad++;
    }
  return bad;
};

/** One dataset measured: the expansion, then freeSlots for "chiunque" over 60 days, one staff member, 31 days. */
const measure = (label: string, singles: number, fromSeries: number, log: (s: string) => void) => {
  const { rows, seriesOccurrences } = datasetOf(singles, fromSeries);
  log(` ${label}:`);
  const expansion = timed(
    'busyIntervalsOfEvents (series expanded)',
    () => busyIntervalsOfEvents(rows, windowFrom, windowTo),
    log,
  );
  const busy = expansion.result;
  const intervals = (Object.values(busy.staff) as BusyInterval[][]).reduce((n, list) => n + list.length, 0);
  log(`  ${rows.length} rows → ${intervals} staff busy intervals (${seriesOccurrences} from series)`);
  const input: FreeSlotsInput = {
    service: {
      durationMinutes: 45,
      staffMemberIds: staffIds,
      clinicRoomIds: roomIds.slice(0, 2),
      medicalDeviceIds: deviceIds.slice(0, 1),
    },
    settings: {
      slotStepMinutes: 15,
      bufferMinutes: 10,
      minNoticeMinutes: 720,
      horizonDays: days,
      closedOnHolidays: true,
    },
    staff,
    now: fromRomeWall(firstDate + 7 * 60 * minute), // Monday 1 March 07:00
    from: isoOf(firstDate),
    to: isoOf(firstDate + (days - 1) * day),
    busy,
  };
  const anyone = timed('freeSlots, 60 days, 10 staff ("chiunque")', () => freeSlots(input), log);
  const one = timed(
    'freeSlots, 60 days, one staff member',
    () => freeSlots({ ...input, staffMemberId: staffIds[3] }),
    log,
  );
  const month = timed(
    'freeSlots, 31 days, 10 staff (the API bound)',
    () => freeSlots({ ...input, to: isoOf(firstDate + 30 * day) }),
    log,
  );
  const slots = anyone.result.reduce((n, d) => n + d.slots.length, 0);
  const bad = violations(input, anyone.result);
  log(`  answer: ${anyone.result.length} days, ${slots} starts; checked by a plain scan: ${bad} taken`);
  if (bad > 0) throw new Error(`${bad} slots offered that are taken`);
  return {
    dataset: { rows: rows.length, staffBusyIntervals: intervals, fromSeries: seriesOccurrences },
    answer: { days: anyone.result.length, starts: slots, takenSlotsFound: bad },
    busyIntervalsOfEvents: expansion.figures,
    freeSlots60DaysAnyone: anyone.figures,
    freeSlots60DaysOneStaff: one.figures,
    freeSlots31DaysAnyone: month.figures,
  };
};

export const runBookingSlots = async ({ log = console.log }: { log?: (s: string) => void } = {}) => {
  // the figure: 20,000 appointments in the 60 days (≈ 33 a working day per staff member, overlapping: the
  // calendar is full and few starts are left), then a tenth of it (most starts free: the answer is large)
  const full = measure('20,000 busy intervals', 16_000, 4_000, log);
  const light = measure('2,000 busy intervals', 1_600, 400, log);
  return saveResults('booking-slots', {
    setting: {
      period: `${isoOf(firstDate)}..${isoOf(firstDate + (days - 1) * day)} (60 days, spring clock change and Easter)`,
      staff: staffIds.length,
      hours: 'Mon–Fri 08:00–13:00 and 14:00–20:00, Sat 08:00–13:00; a day off, 2 h off and 1 h extra each',
      service: '45 min, all 10 staff, one of 2 rooms, 1 device; step 15, buffer 10, notice 12 h',
      runs,
    },
    full,
    light,
  });
};

if (import.meta.url === `file://${process.argv[1]}`) await runBookingSlots();
