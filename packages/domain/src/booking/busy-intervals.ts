import { occurrencesBetween } from '../calendar/recurrence.ts';

/**
 * Busy time of the studio's resources (staff members, rooms, devices) as plain instants, for the free-slot
 * computation (slots.ts, decision 035 "Free slots"). Pure: the server reads the rows, this turns them into intervals.
 */

/** [start, end) in epoch milliseconds. */
export type BusyInterval = readonly [startMs: number, endMs: number];

/** Busy intervals per resource id: unsorted, they may overlap. */
export type BusyByResource = Readonly<Record<string, readonly BusyInterval[]>>;

/** What takes each kind of resource. */
export type BusyIntervals = {
  staff: BusyByResource;
  rooms: BusyByResource;
  devices: BusyByResource;
};

/**
 * An `events` row as the calendar keeps it (apps/server db/schema/events.ts): a single appointment, a series (rrule
 * set, the original starts of its removed or moved occurrences in exdates), or a moved/changed occurrence of a series
 * (its own row with its own start and end, rrule null; the series lists its original start among the exdates).
 */
export type BusyEventRow = {
  start: Date;
  end: Date;
  rrule: string | null;
  exdates: readonly Date[];
  staffMemberId: string | null;
  clinicRoomId: string | null;
  medicalDeviceIds: readonly string[];
};

const push = (map: Record<string, BusyInterval[]>, id: string, interval: BusyInterval) => {
  const list = map[id];
  if (list) list.push(interval);
  else map[id] = [interval];
};

/**
 * The busy intervals of the window [from, to) from the calendar's rows: every appointment and every occurrence of
 * every series (expanded with calendar/recurrence.ts, at the first occurrence's Rome wall time) that overlaps the
 * window, under its staff member, its room and each of its devices. A removed occurrence is absent (exdates); a
 * moved one is counted once, at its new time (its own row). A row with none of the three takes nothing.
 *
 * The server passes the rows that can overlap the window (single rows starting before `to` and ending after `from`,
 * series with until_at after `from`, as the calendar's own queries find them); rows outside are skipped anyway.
 */
export const busyIntervalsOfEvents = (rows: readonly BusyEventRow[], from: Date, to: Date): BusyIntervals => {
  const staff: Record<string, BusyInterval[]> = {};
  const rooms: Record<string, BusyInterval[]> = {};
  const devices: Record<string, BusyInterval[]> = {};
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const add = (row: BusyEventRow, interval: BusyInterval) => {
    if (row.staffMemberId) push(staff, row.staffMemberId, interval);
    if (row.clinicRoomId) push(rooms, row.clinicRoomId, interval);
    for (const device of row.medicalDeviceIds) push(devices, device, interval);
  };
  for (const row of rows) {
    if (!row.staffMemberId && !row.clinicRoomId && row.medicalDeviceIds.length === 0) continue;
    if (row.rrule) {
      const series = { start: row.start, end: row.end, rrule: row.rrule, exdates: row.exdates };
      for (const o of occurrencesBetween(series, from, to)) add(row, [o.start.getTime(), o.end.getTime()]);
    } else {
      const start = row.start.getTime();
      const end = row.end.getTime();
      if (start < toMs && end > fromMs) add(row, [start, end]);
    }
  }
  return { staff, rooms, devices };
};

/**
 * Busy intervals sorted and merged into disjoint ones, in one array [s0, e0, s1, e1, …] (both starts and ends
 * ascending), so "is [a, b) free?" is a binary search. Built once per resource: the starts and the ends are sorted
 * apart as numbers (the typed arrays' native sort, several times faster than sorting pairs with a comparator), then
 * one sweep keeps where at least one interval is open. Touching intervals merge (no half-open query tells them apart).
 */
export type BusyIndex = Float64Array;

/** Sorted ascending; an array already in order (the server's rows ordered by start) is only read. */
const sortedInPlace = (values: Float64Array): Float64Array => {
  for (let k = 1; k < values.length; k++) if ((values[k] as number) < (values[k - 1] as number)) return values.sort();
  return values;
};

export const busyIndexOf = (intervals: readonly BusyInterval[] | undefined): BusyIndex => {
  if (!intervals || intervals.length === 0) return new Float64Array(0);
  const starts = new Float64Array(intervals.length);
  const ends = new Float64Array(intervals.length);
  let n = 0;
  for (const [s, e] of intervals)
    if (e > s) {
      starts[n] = s;
      ends[n] = e;
      n++;
    }
  const sortedStarts = sortedInPlace(starts.subarray(0, n));
  const sortedEnds = sortedInPlace(ends.subarray(0, n));
  const merged = new Float64Array(2 * n);
  let m = 0;
  let open = 0;
  let i = 0;
  let j = 0;
  while (j < n) {
    // a start at the same instant as an end comes first: the two intervals merge
    if (i < n && (sortedStarts[i] as number) <= (sortedEnds[j] as number)) {
      if (open === 0) merged[m++] = sortedStarts[i] as number;
      open++;
      i++;
    } else {
      open--;
      if (open === 0) merged[m++] = sortedEnds[j] as number;
      j++;
    }
  }
  return merged.subarray(0, m);
};

/** Whether no busy interval of the index overlaps [start, end): the first merged interval ending after start begins at or after end. */
export const isFreeIn = (index: BusyIndex, start: number, end: number): boolean => {
  let lo = 0;
  let hi = index.length / 2; // first interval i with end_i > start, in [lo, hi]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index[2 * mid + 1] as number) > start) hi = mid;
    else lo = mid + 1;
  }
  return lo === index.length / 2 || (index[2 * lo] as number) >= end;
};
