import { appointmentTypeFilters, type CalendarEvent } from '@studiolo/domain/calendar';
import type { DayRange } from './calendar-view-state.ts';

export type AppointmentType = keyof typeof appointmentTypeFilters;
export const appointmentTypes = Object.keys(appointmentTypeFilters) as AppointmentType[];

/**
 * What the filter panel holds (spec part 1 §1: filters by calendar, staff member, tag, colour, medical device and
 * patient; §9: the appointment-type filter). Empty lists mean "all".
 */
export type CalendarFilters = {
  /** Calendars the user has unticked (spec part 1 §3: "selected" is a local flag, selected by default). */
  hiddenCalendarIds: string[];
  staffMemberIds: string[];
  tags: string[];
  colors: string[];
  medicalDeviceIds: string[];
  pazienteId: string | null;
  appointmentType: AppointmentType | null;
};

export const emptyFilters: CalendarFilters = {
  hiddenCalendarIds: [],
  staffMemberIds: [],
  tags: [],
  colors: [],
  medicalDeviceIds: [],
  pazienteId: null,
  appointmentType: null,
};

/** How many filters narrow the calendar (the badge of the filters button). */
export const activeFilterCount = (f: CalendarFilters) =>
  [
    f.hiddenCalendarIds.length > 0,
    f.staffMemberIds.length > 0,
    f.tags.length > 0,
    f.colors.length > 0,
    f.medicalDeviceIds.length > 0,
    f.pazienteId !== null,
    f.appointmentType !== null,
  ].filter(Boolean).length;

/** The query of GET /events: comma lists, as the server reads them. */
export type EventsQuery = {
  start: string;
  end: string;
  calendarIds?: string;
  staffMembersIds?: string;
  tagIds?: string;
  colors?: string;
  medicalDeviceIds?: string;
  pazienteIds?: string;
};

const list = (values: readonly string[]) => (values.length > 0 ? [...values].sort().join(',') : undefined);

/**
 * GET /events parameters for a visible range and the filters. Calendars are sent only when some are hidden (all
 * shown = no filter); null when every calendar is hidden, so nothing is asked. The appointment type is applied on
 * screen (paid state and the user's selection are not server filters).
 */
export const eventsQueryOf = (
  range: DayRange,
  f: CalendarFilters,
  calendarIds: readonly string[],
): EventsQuery | null => {
  const shown = calendarIds.filter((id) => !f.hiddenCalendarIds.includes(id));
  if (calendarIds.length > 0 && shown.length === 0) return null;
  const query: EventsQuery = { start: range.start, end: range.end };
  const entries: [keyof EventsQuery, string | undefined][] = [
    ['calendarIds', shown.length < calendarIds.length ? list(shown) : undefined],
    ['staffMembersIds', list(f.staffMemberIds)],
    ['tagIds', list(f.tags)],
    ['colors', list(f.colors)],
    ['medicalDeviceIds', list(f.medicalDeviceIds)],
    ['pazienteIds', f.pazienteId ? f.pazienteId : undefined],
  ];
  for (const [key, value] of entries) if (value !== undefined) query[key] = value;
  return query;
};

/** The appointment-type filter: paid, not paid, or the ones the user has selected on screen. */
export const applyAppointmentType = (
  events: readonly CalendarEvent[],
  type: AppointmentType | null,
  selectedIds: ReadonlySet<string>,
): readonly CalendarEvent[] => {
  if (type === 'PAID') return events.filter((e) => e.isPagato);
  if (type === 'NOT_PAID') return events.filter((e) => !e.isPagato);
  if (type === 'SELECTED') return events.filter((e) => selectedIds.has(e.id));
  // the same array when nothing is filtered out: the grid redraws only when its events change
  return events;
};
