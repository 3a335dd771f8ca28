import {
  addDays,
  addMonths,
  formatDayRange,
  formatMonthYear,
  formatWeekdayDay,
  type IsoDay,
  mondayOf,
} from './calendar-dates.ts';

/** The screen's views: FullCalendar's day, week, month and list, and the staff columns built here. */
export const calendarViews = ['day', 'week', 'month', 'list', 'staff'] as const;
export type CalendarViewKind = (typeof calendarViews)[number];

export const calendarViewLabels: Record<CalendarViewKind, string> = {
  day: 'Giorno',
  week: 'Settimana',
  month: 'Mese',
  list: 'Elenco',
  staff: 'Staff',
};

/** The FullCalendar view behind each of ours (the staff view is one timeGridDay per staff member). */
export const fullCalendarViewOf: Record<CalendarViewKind, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
  list: 'listWeek',
  staff: 'timeGridDay',
};

export const isCalendarView = (v: unknown): v is CalendarViewKind =>
  typeof v === 'string' && (calendarViews as readonly string[]).includes(v);

/** A visible range with both ends included (what GET /events takes: FullCalendar's end is exclusive). */
export type DayRange = { start: IsoDay; end: IsoDay };

/**
 * The days a view shows around `anchor`. The month view shows six whole weeks from the Monday on or before the 1st
 * (fixedWeekCount), so a month's first and last weeks carry the neighbouring months' appointments too.
 */
export const visibleRange = (view: CalendarViewKind, anchor: IsoDay): DayRange => {
  switch (view) {
    case 'day':
    case 'staff':
      return { start: anchor, end: anchor };
    case 'week':
    case 'list': {
      const start = mondayOf(anchor);
      return { start, end: addDays(start, 6) };
    }
    case 'month': {
      const start = mondayOf(`${anchor.slice(0, 8)}01`);
      return { start, end: addDays(start, 41) };
    }
  }
};

/** The anchor one step before (-1) or after (+1). */
export const stepAnchor = (view: CalendarViewKind, anchor: IsoDay, direction: 1 | -1): IsoDay => {
  switch (view) {
    case 'day':
    case 'staff':
      return addDays(anchor, direction);
    case 'week':
    case 'list':
      return addDays(anchor, 7 * direction);
    case 'month':
      return addMonths(`${anchor.slice(0, 8)}01`, direction);
  }
};

/** The toolbar's title: "lunedì 2 novembre 2026", "2 – 8 novembre 2026", "novembre 2026". */
export const viewTitle = (view: CalendarViewKind, anchor: IsoDay): string => {
  if (view === 'day' || view === 'staff') return formatWeekdayDay(anchor);
  if (view === 'month') return formatMonthYear(anchor);
  const { start, end } = visibleRange(view, anchor);
  return formatDayRange(start, end);
};

/** Years a range touches (holidays are drawn for each, spec part 1 §9). */
export const yearsOf = (range: DayRange): number[] => {
  const from = Number(range.start.slice(0, 4));
  const to = Number(range.end.slice(0, 4));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};
