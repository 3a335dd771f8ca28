import { fromRomeWall, toRomeWall } from '../calendar/time-zone.ts';

/**
 * When a reminder leaves (issue 29, decision 036 "Timing"). Lead times of 24 h and 48 h are durations (a reminder 24
 * hours before an appointment on the day after a clock change leaves at a wall time one hour apart); "the day before"
 * is a wall time in Europe/Rome on the calendar day before the appointment's. No reminder leaves in the quiet hours,
 * 21:00–08:00 Europe/Rome: one due then is moved to the next 08:00 (never earlier: the patient gets it the morning
 * after, still at least 13 hours before the appointment, since every lead time is a day or more ahead).
 */
export const reminderLeadTimes = ['HOURS_24', 'HOURS_48', 'DAY_BEFORE'] as const;
export type ReminderLeadTime = (typeof reminderLeadTimes)[number];

export const reminderLeadTimeLabels: Record<ReminderLeadTime, string> = {
  HOURS_24: '24 ore prima',
  HOURS_48: '48 ore prima',
  DAY_BEFORE: 'Il giorno prima, a un orario fisso',
};

/** Quiet hours in Europe/Rome, minutes from midnight: from 21:00 to 08:00 the next morning. */
export const quietHours = { fromMinute: 21 * 60, toMinute: 8 * 60 } as const;
export type QuietHours = { fromMinute: number; toMinute: number };

/** "21:00-08:00" → quiet hours (a server may set its own, REMINDER_QUIET_HOURS); the same time twice: none. */
export const parseQuietHours = (value: string): QuietHours => {
  const [from, to] = value.split('-') as [string, string];
  return { fromMinute: minutesOfWallTime(from), toMinute: minutesOfWallTime(to) };
};

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const wallMinuteOfDay = (wall: number) => Math.floor((((wall % day) + day) % day) / minute);
const wallMidnight = (wall: number) => wall - (((wall % day) + day) % day);

/** Whether an instant falls in the quiet hours (Europe/Rome), a window over midnight or within a day. */
export const isQuietTime = (instant: Date, quiet: QuietHours = quietHours): boolean => {
  const m = wallMinuteOfDay(toRomeWall(instant.getTime()));
  if (quiet.fromMinute === quiet.toMinute) return false;
  return quiet.fromMinute > quiet.toMinute
    ? m >= quiet.fromMinute || m < quiet.toMinute
    : m >= quiet.fromMinute && m < quiet.toMinute;
};

/** The instant itself outside the quiet hours, else the next end of them (08:00) in Europe/Rome. */
export const outsideQuietHours = (instant: Date, quiet: QuietHours = quietHours): Date => {
  if (!isQuietTime(instant, quiet)) return instant;
  const wall = toRomeWall(instant.getTime());
  const morning = wallMidnight(wall) + quiet.toMinute * minute;
  return new Date(fromRomeWall(wallMinuteOfDay(wall) < quiet.toMinute ? morning : morning + day));
};

/** "HH:mm" → minutes from midnight. */
function minutesOfWallTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** The nominal send time, before the quiet hours and the present are taken into account. */
export const nominalReminderTime = (start: Date, leadTime: ReminderLeadTime, dayBeforeTime: string): Date => {
  if (leadTime === 'HOURS_24') return new Date(start.getTime() - day);
  if (leadTime === 'HOURS_48') return new Date(start.getTime() - 2 * day);
  const startMidnight = wallMidnight(toRomeWall(start.getTime()));
  return new Date(fromRomeWall(startMidnight - day + minutesOfWallTime(dayBeforeTime) * minute));
};

/**
 * When the reminder of an occurrence starting at `start` leaves: the nominal time, or now when that has passed (an
 * appointment made at short notice), moved out of the quiet hours; null when that is not before the appointment
 * (too late to remind) or the appointment has started.
 */
export const reminderSendTime = (input: {
  start: Date;
  leadTime: ReminderLeadTime;
  /** "HH:mm", used by DAY_BEFORE. */
  dayBeforeTime: string;
  now: Date;
  /** The server's quiet hours (default 21:00–08:00). */
  quiet?: QuietHours;
}): Date | null => {
  if (input.start.getTime() <= input.now.getTime()) return null;
  const nominal = nominalReminderTime(input.start, input.leadTime, input.dayBeforeTime);
  const at = outsideQuietHours(nominal.getTime() < input.now.getTime() ? input.now : nominal, input.quiet);
  return at.getTime() < input.start.getTime() ? at : null;
};
