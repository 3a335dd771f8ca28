import type { CalendarEvent } from '@studiolo/domain/calendar';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type CalendarEventInput, toCalendarInput } from '../calendar-events.ts';
import { FullCalendarView } from './full-calendar-view.tsx';

const appointment = (id: string, start: string, end: string, extra: Partial<CalendarEvent> = {}) =>
  ({
    id,
    summary: `Paziente ${id}`,
    start,
    end,
    allDay: false,
    color: '#7986CB',
    isPagato: false,
    ...extra,
  }) as CalendarEvent;

const first = appointment('a', '2027-02-01T08:00:00.000Z', '2027-02-01T08:30:00.000Z', { isPagato: true });
const second = appointment('b', '2027-02-02T09:15:00.000Z', '2027-02-02T10:00:00.000Z');
const inputsOf = (list: CalendarEvent[]): CalendarEventInput[] => list.map((e) => toCalendarInput(e, false));

const week = (events: readonly CalendarEventInput[], onEventsDrawn?: (n: number) => void) => (
  <FullCalendarView
    viewName="timeGridWeek"
    anchor="2027-02-01"
    events={events}
    editable
    height={800}
    onEventsDrawn={onEventsDrawn}
  />
);

describe('the FullCalendar grid', () => {
  it('draws the appointments with their Rome times, the paid mark and the title', async () => {
    render(week(inputsOf([first])));
    const drawn = await screen.findByTestId('calendar-event');
    expect(drawn.textContent).toContain('09:00–09:30'); // Rome is UTC+1 in February
    expect(drawn.textContent).toContain('€');
    expect(drawn.textContent).toContain('Paziente a');
  });

  it('draws a new set of appointments when it changes, and says so once drawn', async () => {
    const drawn = vi.fn();
    const { rerender } = render(week(inputsOf([first]), drawn));
    await screen.findByTestId('calendar-event');
    const both = inputsOf([first, second]);
    rerender(week(both, drawn));
    await waitFor(() => expect(screen.getAllByTestId('calendar-event')).toHaveLength(2));
    await waitFor(() => expect(drawn).toHaveBeenLastCalledWith(2));
    // the same array again (the screen rendering for something else) is not handed to FullCalendar again
    const calls = drawn.mock.calls.length;
    rerender(week(both, drawn));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawn).toHaveBeenCalledTimes(calls);
    rerender(week([], drawn));
    await waitFor(() => expect(screen.queryAllByTestId('calendar-event')).toHaveLength(0));
  });
});
