import type { CalendarEvent } from '@studiolo/domain/calendar';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, applyAppointmentType, emptyFilters, eventsQueryOf } from './calendar-filters.ts';
import { visibleRange } from './calendar-view-state.ts';

const calA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const calB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const week = { start: '2027-02-01', end: '2027-02-07' };

describe('filters → GET /events parameters', () => {
  it('asks only the range when nothing is filtered (all calendars shown)', () => {
    expect(eventsQueryOf(week, emptyFilters, [calA, calB])).toEqual(week);
  });

  it('sends the calendars still shown when one is hidden', () => {
    expect(eventsQueryOf(week, { ...emptyFilters, hiddenCalendarIds: [calB] }, [calA, calB])).toEqual({
      ...week,
      calendarIds: calA,
    });
  });

  it('asks nothing when every calendar is hidden', () => {
    expect(eventsQueryOf(week, { ...emptyFilters, hiddenCalendarIds: [calA, calB] }, [calA, calB])).toBeNull();
  });

  it('sends staff, tags, colours, devices and the patient as comma lists, in a stable order', () => {
    expect(
      eventsQueryOf(
        week,
        {
          ...emptyFilters,
          staffMemberIds: ['s2', 's1'],
          tags: ['sportivo', 'anziano'],
          colors: ['#039BE5'],
          medicalDeviceIds: ['d1'],
          pazienteId: 'p1',
          appointmentType: 'PAID',
        },
        [calA],
      ),
    ).toEqual({
      ...week,
      staffMembersIds: 's1,s2',
      tagIds: 'anziano,sportivo',
      colors: '#039BE5',
      medicalDeviceIds: 'd1',
      pazienteIds: 'p1',
    });
  });

  it('sends the last visible day as the end (FullCalendar’s end is exclusive, the API’s inclusive)', () => {
    expect(visibleRange('week', '2027-02-03')).toEqual(week);
    expect(visibleRange('day', '2027-02-03')).toEqual({ start: '2027-02-03', end: '2027-02-03' });
    // six whole weeks from the Monday on or before the 1st
    expect(visibleRange('month', '2027-03-15')).toEqual({ start: '2027-03-01', end: '2027-04-11' });
    expect(visibleRange('month', '2026-11-22')).toEqual({ start: '2026-10-26', end: '2026-12-06' });
  });

  it('counts the filters that narrow the calendar', () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
    expect(activeFilterCount({ ...emptyFilters, tags: ['x'], appointmentType: 'SELECTED' })).toBe(2);
  });
});

describe('appointment type (spec part 1 §9: Pagati, Non Pagati, Selezionati)', () => {
  const ev = (id: string, isPagato: boolean) => ({ id, isPagato }) as CalendarEvent;
  const events = [ev('a', true), ev('b', false), ev('c', false)];

  it('keeps all without a type', () => {
    expect(applyAppointmentType(events, null, new Set()).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    // the same array, so the grid does not hand FullCalendar its events again
    expect(applyAppointmentType(events, null, new Set())).toBe(events);
  });
  it('keeps the paid ones for PAID and the others for NOT_PAID', () => {
    expect(applyAppointmentType(events, 'PAID', new Set()).map((e) => e.id)).toEqual(['a']);
    expect(applyAppointmentType(events, 'NOT_PAID', new Set()).map((e) => e.id)).toEqual(['b', 'c']);
  });
  it('keeps the ones selected on screen for SELECTED', () => {
    expect(applyAppointmentType(events, 'SELECTED', new Set(['c'])).map((e) => e.id)).toEqual(['c']);
  });
});
