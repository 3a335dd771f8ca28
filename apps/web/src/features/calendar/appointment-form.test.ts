import type { CalendarEvent } from '@studiolo/domain/calendar';
import { describe, expect, it } from 'vitest';
import {
  appointmentTexts,
  bodyOfMovedEvent,
  bodyOfValues,
  endAfter,
  validateAppointment,
  valuesForNew,
  valuesOfEvent,
} from './appointment-form.ts';
import { romeInstant, shiftWallDays } from './calendar-dates.ts';

const cal = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const base = () =>
  valuesForNew({ start: romeInstant('2027-02-01', '10:00'), end: romeInstant('2027-02-01', '11:00'), calendarId: cal });

describe('appointment values', () => {
  it('reads a selected slot in Rome time', () => {
    expect(base()).toMatchObject({
      startDay: '2027-02-01',
      startTime: '10:00',
      endDay: '2027-02-01',
      endTime: '11:00',
    });
  });

  it('sends Rome times as UTC instants, with the preset’s rule', () => {
    const body = bodyOfValues({
      ...base(),
      summary: ' Rossi Mario ',
      recurrence: { frequency: 'WEEKLY', end: 'COUNT', until: null, count: 10 },
      price: 45.5,
    });
    expect(body).toMatchObject({
      calendarId: cal,
      summary: 'Rossi Mario',
      start: '2027-02-01T09:00:00.000Z',
      end: '2027-02-01T10:00:00.000Z',
      rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=10',
      price: 45.5,
      color: '#616161',
      note: null,
    });
  });

  it('keeps summer time right (10:00 in July is 08:00 UTC)', () => {
    expect(bodyOfValues({ ...base(), summary: 'x', startDay: '2027-07-05', endDay: '2027-07-05' }).start).toBe(
      '2027-07-05T08:00:00.000Z',
    );
  });

  it('refuses an empty title, a missing calendar and an end before the start', () => {
    expect(validateAppointment({ ...base(), calendarId: null, endTime: '09:30' })).toEqual({
      summary: appointmentTexts.required,
      calendarId: appointmentTexts.required,
      endTime: appointmentTexts.endBeforeStart,
    });
  });

  it('asks an end date for a repetition that ends on a date', () => {
    const v = {
      ...base(),
      summary: 'x',
      recurrence: { frequency: 'DAILY' as const, end: 'UNTIL' as const, until: null, count: 1 },
    };
    expect(validateAppointment(v).until).toBe(appointmentTexts.untilRequired);
  });

  it('ends a service after its duration, past midnight too', () => {
    expect(endAfter({ startDay: '2027-02-01', startTime: '23:30' }, 45)).toEqual({
      endDay: '2027-02-02',
      endTime: '00:15',
    });
  });

  it('moves an occurrence without resending the series’ rule', () => {
    const e = {
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaab_20270201T090000Z',
      rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=10',
      color: '#039BE5',
      medicalDeviceIds: [],
    } as unknown as CalendarEvent;
    const body = bodyOfMovedEvent(e, romeInstant('2027-02-02', '11:00'), romeInstant('2027-02-02', '12:00'), false);
    expect(body.rrule).toBeNull();
    expect(body.start).toBe('2027-02-02T10:00:00.000Z');
  });

  it('reads an event back into the dialog', () => {
    const e = {
      id: 'x',
      summary: 'Rossi Mario',
      start: '2027-02-01T09:00:00.000Z',
      end: '2027-02-01T10:00:00.000Z',
      allDay: false,
      rrule: null,
      color: '#039BE5',
      calendarId: cal,
      pazienteId: null,
      productId: null,
      staffMemberId: null,
      clinicRoomId: null,
      serviceLocationId: null,
      medicalDeviceIds: [],
      price: null,
      isPagato: true,
      note: null,
    } as unknown as CalendarEvent;
    expect(valuesOfEvent(e)).toMatchObject({
      startTime: '10:00',
      endTime: '11:00',
      color: '#039BE5',
      price: '',
      isPagato: true,
    });
  });

  it('duplicates a week later at the same wall time across the clock change', () => {
    // 22 March 2027 10:00 (winter, 09:00 UTC) → 29 March 10:00 (summer, 08:00 UTC)
    expect(shiftWallDays('2027-03-22T09:00:00.000Z', 7).toISOString()).toBe('2027-03-29T08:00:00.000Z');
  });
});
