import { italianHolidays } from '../calendar/holidays.ts';
import { fromRomeWall, toRomeWall } from '../calendar/time-zone.ts';
import type {
  BookingException,
  BookingHours,
  BookingService,
  BookingSettings,
  BookingSlot,
  BookingSlotsAnswer,
} from './booking.schema.ts';
import { type BusyByResource, type BusyIndex, busyIndexOf, isFreeIn } from './busy-intervals.ts';

/**
 * The free slots of online booking (issue 28, decision 035 "Free slots"): pure, no I/O, no clock of its own.
 *
 * Input (FreeSlotsInput):
 * - `service`: durationMinutes; staffMemberIds (who gives it); clinicRoomIds (one of them must be free for the whole
 *   slot; empty: no room needed); medicalDeviceIds (every one must be free).
 * - `settings`: slotStepMinutes, bufferMinutes, minNoticeMinutes, horizonDays, closedOnHolidays.
 * - `staff`: per staff member id, the weekly `hours` (BookingHours: weekday 1 = Monday … 7 = Sunday, 'HH:mm' Rome
 *   wall times, several windows a day) and the `exceptions` (BookingException: CLOSED without hours = the whole day
 *   off, CLOSED with hours = those hours off, OPEN with hours = a window added that date, OPEN without hours = the
 *   usual hours, which opens a holiday). A staff member of the service without an entry works no hours.
 * - `now`: the instant (ms) the answer is for; `from`, `to`: Rome dates YYYY-MM-DD, both included.
 * - `busy`: the busy intervals already expanded to instants ([startMs, endMs), unsorted, may overlap), per staff
 *   member, per room, per device (busy-intervals.ts turns the calendar's rows into them).
 * - `staffMemberId`: the professional the patient chose; absent or null: "chiunque", any staff member of the service.
 *
 * Output: BookingSlotsAnswer['days']: the Rome dates with at least one slot, in order, each with its slots in order of
 * time: the start (ISO instant, UTC) and the staff members free then (in the service's order).
 *
 * Rules (decision 035 "Free slots"):
 * - Each working window of a day is Rome wall time, turned into instants with calendar/time-zone.ts, so 09:00–13:00 is
 *   09:00–13:00 on the clock-change days too. Starts are window start + k × step (wall minutes); the slot lasts
 *   durationMinutes of real time and must end by the window's end instant.
 * - A start that does not exist on the clock (02:00–02:59 on the last Sunday of March) is never offered; one that
 *   happens twice (02:00–02:59 on the last Sunday of October) is offered once, the first time (summer time).
 * - Staff member free: no busy interval of theirs overlaps [start − buffer, end + buffer). Rooms and devices: no busy
 *   interval overlaps [start, end) (the buffer is the professional's time between patients).
 * - Notice: start ≥ now + minNotice. Horizon: start before 00:00 Rome of (today + horizonDays), today being Rome's
 *   date at `now`.
 * - Italian public holidays (calendar/holidays.ts) are closed when closedOnHolidays, unless the staff member has an
 *   OPEN exception that date (without hours: the usual hours; with hours: those hours).
 *
 * Work: busy intervals are sorted and merged once per resource, each check is a binary search; the days walked are
 * bounded by the horizon (at most 365) whatever `from` and `to` say.
 */
export type StaffBookingSchedule = {
  hours: readonly BookingHours[];
  exceptions: readonly Pick<BookingException, 'date' | 'kind' | 'start' | 'end'>[];
};

export type FreeSlotsInput = {
  service: Pick<BookingService, 'durationMinutes' | 'staffMemberIds' | 'clinicRoomIds' | 'medicalDeviceIds'>;
  settings: Pick<
    BookingSettings,
    'slotStepMinutes' | 'bufferMinutes' | 'minNoticeMinutes' | 'horizonDays' | 'closedOnHolidays'
  >;
  staff: Readonly<Record<string, StaffBookingSchedule>>;
  now: number;
  from: string;
  to: string;
  busy: { staff: BusyByResource; rooms: BusyByResource; devices: BusyByResource };
  staffMemberId?: string | null;
};

export type FreeSlotsDay = BookingSlotsAnswer['days'][number];

const minute = 60_000;
const day = 86_400_000;

/** 'HH:mm' → minutes of the day (24:00 → 1440). */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** YYYY-MM-DD → the floating wall time of its 00:00 (see time-zone.ts). */
const wallOfDate = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const dateOfWall = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** A window of one day in wall minutes, [start, end). */
type Window = [start: number, end: number];

/** Sorted, merged union of windows. */
const union = (windows: Window[]): Window[] => {
  const sorted = windows.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const result: Window[] = [];
  for (const [s, e] of sorted) {
    const last = result.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else result.push([s, e]);
  }
  return result;
};

/** Windows minus closed ranges. */
const subtract = (windows: Window[], closed: Window[]): Window[] => {
  let result = windows;
  for (const [cs, ce] of closed) {
    if (ce <= cs) continue;
    const next: Window[] = [];
    for (const [s, e] of result) {
      if (ce <= s || cs >= e) next.push([s, e]);
      else {
        if (cs > s) next.push([s, cs]);
        if (ce < e) next.push([ce, e]);
      }
    }
    result = next;
  }
  return result;
};

type PreparedStaff = {
  /** weekday 1–7 → windows */
  weekly: Window[][];
  /** date → its exceptions */
  exceptions: Map<string, StaffBookingSchedule['exceptions'][number][]>;
};

const prepareStaff = (schedule: StaffBookingSchedule | undefined): PreparedStaff => {
  const weekly: Window[][] = [[], [], [], [], [], [], [], []];
  const exceptions = new Map<string, StaffBookingSchedule['exceptions'][number][]>();
  if (!schedule) return { weekly, exceptions };
  for (const h of schedule.hours) weekly[h.weekday]?.push([minutesOf(h.start), minutesOf(h.end)]);
  for (const e of schedule.exceptions) {
    const list = exceptions.get(e.date);
    if (list) list.push(e);
    else exceptions.set(e.date, [e]);
  }
  return { weekly, exceptions };
};

/** The staff member's working windows of one date (wall minutes), after holidays and exceptions. */
const windowsOf = (staff: PreparedStaff, date: string, weekday: number, closedHoliday: boolean): Window[] => {
  const exceptions = staff.exceptions.get(date) ?? [];
  const open = exceptions.filter((e) => e.kind === 'OPEN');
  const closed = exceptions.filter((e) => e.kind === 'CLOSED');
  const usual = staff.weekly[weekday] ?? [];
  const windows: Window[] = [];
  const wholeDayClosed = closed.some((e) => e.start === null || e.end === null);
  // an OPEN exception without hours means "the usual hours": on a closed holiday it is what opens them again
  const usualOpen = open.some((e) => e.start === null || e.end === null);
  if (!wholeDayClosed && (!closedHoliday || usualOpen)) windows.push(...usual);
  for (const e of open) if (e.start !== null && e.end !== null) windows.push([minutesOf(e.start), minutesOf(e.end)]);
  return subtract(
    union(windows),
    closed
      .filter((e) => e.start !== null && e.end !== null)
      .map((e) => [minutesOf(e.start ?? ''), minutesOf(e.end ?? '')]),
  );
};

/**
 * The free slots of a service between two Rome dates: see the rules at the top of this file and decision 035.
 */
export const freeSlots = (input: FreeSlotsInput): FreeSlotsDay[] => {
  const { service, settings, now } = input;
  const staffIds =
    input.staffMemberId == null
      ? [...new Set(service.staffMemberIds)]
      : service.staffMemberIds.includes(input.staffMemberId)
        ? [input.staffMemberId]
        : [];
  const step = settings.slotStepMinutes;
  const duration = service.durationMinutes * minute;
  const buffer = settings.bufferMinutes * minute;
  if (staffIds.length === 0 || step <= 0 || duration <= 0) return [];

  const todayWall = Math.floor(toRomeWall(now) / day) * day;
  const earliest = now + settings.minNoticeMinutes * minute;
  const horizonEnd = fromRomeWall(todayWall + settings.horizonDays * day);
  // the dates walked: from..to within today..the horizon's last day
  const firstWall = Math.max(wallOfDate(input.from), todayWall);
  const lastWall = Math.min(wallOfDate(input.to), todayWall + (settings.horizonDays - 1) * day);
  if (!(firstWall <= lastWall)) return [];

  const holidays = new Set<string>();
  if (settings.closedOnHolidays)
    for (let y = new Date(firstWall).getUTCFullYear(); y <= new Date(lastWall).getUTCFullYear(); y++)
      for (const h of italianHolidays(y)) holidays.add(h.date);

  const staff = staffIds.map((id) => ({
    id,
    schedule: prepareStaff(input.staff[id]),
    busy: busyIndexOf(input.busy.staff[id]),
  }));
  const rooms = [...new Set(service.clinicRoomIds)].map((id) => busyIndexOf(input.busy.rooms[id]));
  const devices = [...new Set(service.medicalDeviceIds)].map((id) => busyIndexOf(input.busy.devices[id]));
  // rooms and devices do not depend on who works: checked once per start, kept for the other staff members
  const resourcesFree = new Map<number, boolean>();
  const resourcesFreeAt = (start: number): boolean => {
    if (rooms.length === 0 && devices.length === 0) return true;
    let free = resourcesFree.get(start);
    if (free === undefined) {
      const end = start + duration;
      free =
        (rooms.length === 0 || rooms.some((room: BusyIndex) => isFreeIn(room, start, end))) &&
        devices.every((device) => isFreeIn(device, start, end));
      resourcesFree.set(start, free);
    }
    return free;
  };

  const days: FreeSlotsDay[] = [];
  for (let dayWall = firstWall; dayWall <= lastWall; dayWall += day) {
    const date = dateOfWall(dayWall);
    const weekday = ((new Date(dayWall).getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
    const closedHoliday = holidays.has(date);
    const byStart = new Map<number, string[]>();
    // a day of 24 real hours has one offset all day: wall − offset, no look-up per start; the clock-change days
    // (23 or 25 hours) go through fromRomeWall for every start
    const dayStart = fromRomeWall(dayWall);
    const steadyOffset = fromRomeWall(dayWall + day) - dayStart === day ? dayWall - dayStart : null;
    const instantOf = steadyOffset === null ? fromRomeWall : (wall: number) => wall - steadyOffset;
    const exists = steadyOffset === null ? (start: number, wall: number) => toRomeWall(start) === wall : () => true;
    for (const member of staff) {
      for (const [ws, we] of windowsOf(member.schedule, date, weekday, closedHoliday)) {
        const windowEnd = instantOf(dayWall + we * minute);
        for (let m = ws; m < we; m += step) {
          const wall = dayWall + m * minute;
          const start = instantOf(wall);
          // 02:30 on the spring change does not exist: fromRomeWall moved it to 03:30, never offered as 02:30
          if (!exists(start, wall)) continue;
          if (start + duration > windowEnd) break; // the starts that exist only grow
          if (start < earliest || start >= horizonEnd) continue;
          if (!isFreeIn(member.busy, start - buffer, start + duration + buffer)) continue;
          if (!resourcesFreeAt(start)) continue;
          const who = byStart.get(start);
          if (who) {
            if (!who.includes(member.id)) who.push(member.id);
          } else byStart.set(start, [member.id]);
        }
      }
    }
    if (byStart.size === 0) continue;
    const slots: BookingSlot[] = [...byStart]
      .sort((a, b) => a[0] - b[0])
      .map(([start, staffMemberIds]) => ({ start: new Date(start).toISOString(), staffMemberIds }));
    days.push({ date, slots });
  }
  return days;
};
