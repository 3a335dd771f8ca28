import { toRomeWall } from '../calendar/time-zone.ts';
import { type BookingSlot, bookingTexts } from './booking.schema.ts';

/**
 * The e-mail address a code went to, as the public page may show it: the first character of the name, three dots,
 * the domain ('mario.rossi@esempio.it' → 'm•••@esempio.it'). Enough for the patient to recognise their address,
 * too little for someone else to learn it.
 */
export const maskEmail = (email: string): string => {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${Array.from(address)[0]}•••${address.slice(at)}`;
};

/** A mobile number shown as its last three digits ("•••• 567"): enough to recognise, nothing to reuse. */
export const maskMobile = (mobile: string): string => {
  const digits = mobile.replace(/\D/g, '');
  return digits.length < 6 ? '••••' : `•••• ${digits.slice(-3)}`;
};

/** The Rome wall clock ('HH:mm') of an ISO instant, as the page shows a slot. */
export const romeClockOf = (isoInstant: string): string =>
  new Date(toRomeWall(Date.parse(isoInstant))).toISOString().slice(11, 16);

export const partsOfDay = ['morning', 'afternoon'] as const;
export type PartOfDay = (typeof partsOfDay)[number];
export type SlotGroup = { part: PartOfDay; label: string; slots: BookingSlot[] };

/** Afternoon begins at 13:00 Rome time. */
const afternoonFromMinute = 13 * 60;

/**
 * A day's slots grouped as Cliniko shows them: Mattina (starting before 13:00 Rome time), then Pomeriggio (13:00 and
 * after). Order kept; a group without slots is left out.
 */
export const groupSlotsByPartOfDay = (slots: readonly BookingSlot[]): SlotGroup[] => {
  const morning: BookingSlot[] = [];
  const afternoon: BookingSlot[] = [];
  for (const slot of slots) {
    const clock = romeClockOf(slot.start);
    const minutes = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
    (minutes < afternoonFromMinute ? morning : afternoon).push(slot);
  }
  const groups: SlotGroup[] = [];
  if (morning.length > 0) groups.push({ part: 'morning', label: bookingTexts.morning, slots: morning });
  if (afternoon.length > 0) groups.push({ part: 'afternoon', label: bookingTexts.afternoon, slots: afternoon });
  return groups;
};
