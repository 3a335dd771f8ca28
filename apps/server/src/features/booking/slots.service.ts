import {
  type BookingSlotsAnswer,
  type BookingSlotsQuery,
  bookingMaxSlotDays,
  busyIntervalsOfEvents,
  freeSlots,
  type StaffBookingSchedule,
} from '@studiolo/domain/booking';
import { fromRomeWall, toRomeWall } from '@studiolo/domain/calendar';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import { type BookingSettingsRow, bookingRepository as repo, type StudioScope } from './booking.repository.ts';
import { bookingServerMessages as m } from './booking-messages.ts';
import { bookableServices, openBookingPage } from './public.service.ts';
import { toBookingSettings, wallOfMinute } from './settings.service.ts';

const day = 86_400_000;
const minute = 60_000;

/** "YYYY-MM-DD" ↔ days as UTC midnights (plain calendar arithmetic, no time zone). */
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOfDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Rome's date at an instant. */
export const romeToday = (now: Date) => isoOfDay(toRomeWall(now.getTime()) - (toRomeWall(now.getTime()) % day));
/** The instant of 00:00 in Rome of a date. */
const romeMidnight = (iso: string) => fromRomeWall(dayOf(iso));

/**
 * The window a slots request may ask: from ≤ to, at most bookingMaxSlotDays days, from no earlier than yesterday (a
 * patient's clock just past midnight) and no later than the horizon's last day; 400 otherwise (decision 035). A `to`
 * past the horizon is cut to its last day: the page asks fixed windows without knowing the studio's horizon.
 */
const checkWindow = (q: BookingSlotsQuery, settings: BookingSettingsRow, now: Date): BookingSlotsQuery => {
  const from = dayOf(q.from);
  const to = dayOf(q.to);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) throw invalidField('to', m.slotsRange);
  if ((to - from) / day + 1 > bookingMaxSlotDays) throw invalidField('to', m.slotsTooLong(bookingMaxSlotDays));
  const today = dayOf(romeToday(now));
  const lastDay = today + (settings.horizonDays - 1) * day;
  if (from < today - day || from > lastDay) throw invalidField('from', m.slotsOutsideHorizon);
  return to > lastDay ? { ...q, to: isoOfDay(lastDay) } : q;
};

/** The service, the staff asked for and what they need, or 404 when the service is not bookable online. */
export const loadService = async (db: DbOrTx, scope: StudioScope, productId: string, staffMemberId?: string | null) => {
  const { services } = await bookableServices(db, scope);
  const service = services.find((s) => s.productId === productId);
  if (!service) throw new AppError('NOT_FOUND', m.serviceNotBookable);
  if (staffMemberId && !service.staffMemberIds.includes(staffMemberId))
    throw new AppError('NOT_FOUND', m.staffNotOfService);
  return service;
};

/**
 * The free slots of a service in a window of Rome dates, for the public page and for the booking's check (the flow
 * reads them again at the code's entry and for the 409's next slots). Busy time comes from the calendar's rows (single
 * appointments, series expanded with their removed and moved occurrences by the domain's busyIntervalsOfEvents, which
 * expands as GET /events does); the computation is the domain's freeSlots.
 */
export const slotsOf = async (
  db: DbOrTx,
  scope: StudioScope,
  settings: BookingSettingsRow,
  q: BookingSlotsQuery,
  now: Date,
): Promise<BookingSlotsAnswer> => {
  const service = await loadService(db, scope, q.productId, q.staffMemberId);
  const staffIds = q.staffMemberId ? [q.staffMemberId] : service.staffMemberIds;
  const [hours, exceptions] = [
    await repo.hours(db, scope, staffIds),
    await repo.exceptions(db, scope, staffIds, { from: q.from, to: q.to }),
  ];
  const staff: Record<
    string,
    { hours: StaffBookingSchedule['hours'][number][]; exceptions: StaffBookingSchedule['exceptions'][number][] }
  > = {};
  for (const id of staffIds) staff[id] = { hours: [], exceptions: [] };
  for (const h of hours)
    staff[h.staffMemberId]?.hours.push({
      weekday: h.weekday,
      start: wallOfMinute(h.startMinute),
      end: wallOfMinute(h.endMinute),
    });
  for (const e of exceptions)
    staff[e.staffMemberId]?.exceptions.push({
      date: e.date,
      kind: e.kind,
      start: e.startMinute === null ? null : wallOfMinute(e.startMinute),
      end: e.endMinute === null ? null : wallOfMinute(e.endMinute),
    });
  // the window's busy time, widened by the buffer on both sides (a slot needs buffer minutes free around it)
  const buffer = settings.bufferMinutes * minute;
  const from = new Date(romeMidnight(q.from) - buffer);
  const to = new Date(romeMidnight(isoOfDay(dayOf(q.to) + day)) + buffer);
  const rows = await repo.busyRows(db, scope, from, to, {
    staff: staffIds,
    rooms: service.clinicRoomIds,
    devices: service.medicalDeviceIds,
  });
  const days = freeSlots({
    service: { ...service, staffMemberIds: staffIds },
    settings: toBookingSettings(settings),
    staff,
    now: now.getTime(),
    from: q.from,
    to: q.to,
    busy: busyIntervalsOfEvents(rows, from, to),
    staffMemberId: q.staffMemberId ?? null,
  });
  return { days };
};

/** GET /booking/:slug/slots */
export const publicSlots = (deps: AppDeps, slug: string, q: BookingSlotsQuery) =>
  deps.db.transaction(async (tx) => {
    const { settings, scope } = await openBookingPage(tx, slug);
    const now = deps.now();
    return slotsOf(tx, scope, settings, checkWindow(q, settings, now), now);
  });
