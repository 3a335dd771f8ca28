import {
  type CalendarEvent,
  eventColorOf,
  externalEventIdMarker,
  type Holiday,
  italianHolidays,
} from '@studiolo/domain/calendar';
import { addDays } from './calendar-dates.ts';
import type { DayRange } from './calendar-view-state.ts';

/** What FullCalendar gets for one appointment (its EventInput, typed to what we use). */
export type CalendarEventInput = {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  color: string;
  editable: boolean;
  display?: string;
  class?: string;
  extendedProps: { event: CalendarEvent | null; holiday?: string };
};

/** An occurrence of a series (its id carries the occurrence's original start): changing it needs a scope. */
export const isOccurrence = (e: Pick<CalendarEvent, 'id'>) => /_\d{8}T\d{6}Z$/.test(e.id);
/** Part of a series: an occurrence, or an exception (a changed occurrence stored on its own). */
export const isInSeries = (e: Pick<CalendarEvent, 'id' | 'seriesId'>) => isOccurrence(e) || Boolean(e.seriesId);
/** spec part 1 §3: ids with the external-calendar marker belong to the external calendar (read-only here). */
export const isExternal = (e: Pick<CalendarEvent, 'id'>) => e.id.startsWith(externalEventIdMarker);

/** The appointment as FullCalendar draws it: palette colour, selectable ones marked. */
export const toCalendarInput = (e: CalendarEvent, selected: boolean): CalendarEventInput => ({
  id: e.id,
  title: e.summary,
  start: e.start,
  end: e.end,
  allDay: e.allDay,
  color: eventColorOf(e.color).hex,
  editable: !isExternal(e),
  class: selected ? 'studiolo-event-selected' : undefined,
  extendedProps: { event: e },
});

/** spec part 1 §9: the holidays of every year the range touches, as all-day background events. */
export const holidaysIn = (range: DayRange): Holiday[] => {
  const years = new Set([range.start.slice(0, 4), range.end.slice(0, 4)]);
  return [...years]
    .flatMap((y) => italianHolidays(Number(y)))
    .filter((h) => h.date >= range.start && h.date <= range.end);
};

export const holidayInputs = (range: DayRange): CalendarEventInput[] =>
  holidaysIn(range).map((h) => ({
    id: `holiday-${h.date}`,
    title: h.name,
    start: h.date,
    end: addDays(h.date, 1),
    allDay: true,
    color: '#fa5252',
    editable: false,
    display: 'background',
    class: 'studiolo-holiday',
    extendedProps: { event: null, holiday: h.name },
  }));
