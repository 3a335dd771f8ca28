import type { BookingSlot, BookingSlotsAnswer, BookingSlotsQuery, PublicBookingPage } from '@studiolo/domain/booking';
import { addDays, romeDateOf, romeTime, romeToday } from './booking-dates.ts';

/**
 * The booking page's choices live in its address (decision 047): `/prenota/:slug?servizio=ID&operatore=ID&giorno=
 * AAAA-MM-GG&ora=HH:MM`. So the server draws the step a link opens, Back goes one step back, each choice works as a
 * plain form before the script runs, and a studio can link a service from its own site. The patient's details and
 * the code never go into the address (they would reach logs and history).
 */
export const bookingParams = { service: 'servizio', staff: 'operatore', day: 'giorno', time: 'ora' } as const;
/** `operatore=chiunque`: the first professional free. */
export const anyStaffParam = 'chiunque';

/** Days asked at once: four weeks, within the server's 31-day bound (decision 035). */
export const slotWindowDays = 28;

type PublicService = PublicBookingPage['services'][number];

export type BookingChoice = {
  service: PublicService | null;
  /** undefined: not chosen yet; null: "Chiunque". */
  staffId: string | null | undefined;
  /** The day asked for, if any (the strip opens its window). */
  day: string | null;
  time: string | null;
};

export const staffOf = (page: PublicBookingPage, service: PublicService) =>
  page.staff.filter((m) => service.staffMemberIds.includes(m.memberId));

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isTime = (v: string | null): v is string => v !== null && /^\d{2}:\d{2}$/.test(v);

/**
 * What the address chose, checked against the page: an unknown service or professional counts as not chosen. The
 * only service, and a service's only professional, are chosen without asking.
 */
export const bookingChoiceOf = (page: PublicBookingPage, params: URLSearchParams): BookingChoice => {
  const wanted = params.get(bookingParams.service);
  const service =
    page.services.find((s) => s.productId === wanted) ?? (page.services.length === 1 ? page.services[0] : null) ?? null;
  if (!service) return { service: null, staffId: undefined, day: null, time: null };
  const members = staffOf(page, service);
  const staffParam = params.get(bookingParams.staff);
  const staffId =
    members.length === 1
      ? (members[0]?.memberId ?? null)
      : staffParam === anyStaffParam
        ? null
        : members.some((m) => m.memberId === staffParam)
          ? staffParam
          : undefined;
  const day = params.get(bookingParams.day);
  const time = params.get(bookingParams.time);
  return {
    service,
    staffId,
    day: isDate(day) ? day : null,
    time: isDate(day) && isTime(time) ? time : null,
  };
};

/**
 * The 28-day window that holds `day` (windows start today and follow each other), never before today: the same
 * window for the server's first screen, the strip and the chosen slot, so they share one answer.
 */
export const slotWindowOf = (day: string | null, today: string = romeToday()) => {
  const days = day && day > today ? Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000) : 0;
  const from = addDays(today, Math.floor(days / slotWindowDays) * slotWindowDays);
  return { from, to: addDays(from, slotWindowDays - 1) };
};

/** The slots query of a choice whose service and professional are known. */
export const slotsQueryOf = (choice: BookingChoice, today?: string): BookingSlotsQuery | null => {
  if (!choice.service || choice.staffId === undefined) return null;
  return {
    productId: choice.service.productId,
    ...(choice.staffId ? { staffMemberId: choice.staffId } : {}),
    ...slotWindowOf(choice.day, today),
  };
};

/** The day the strip shows open: the one asked for if it has free times, else the window's first free day. */
export const openDayOf = (answer: BookingSlotsAnswer | undefined, day: string | null) => {
  const days = (answer?.days ?? []).filter((d) => d.slots.length > 0);
  return days.find((d) => d.date === day) ?? days[0] ?? null;
};

/** The free slot the address names (day and time), if it is still among the window's. */
export const chosenSlotOf = (answer: BookingSlotsAnswer | undefined, choice: BookingChoice): BookingSlot | null => {
  if (!choice.day || !choice.time) return null;
  const day = answer?.days.find((d) => d.date === choice.day);
  return day?.slots.find((s) => romeDateOf(s.start) === choice.day && romeTime(s.start) === choice.time) ?? null;
};

/** The address's parameters once `changes` are applied (null removes one). */
export const withBookingParams = (
  params: URLSearchParams,
  changes: Partial<Record<keyof typeof bookingParams, string | null>>,
) => {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    const param = bookingParams[name as keyof typeof bookingParams];
    if (value === null) next.delete(param);
    else next.set(param, value);
  }
  return next;
};
