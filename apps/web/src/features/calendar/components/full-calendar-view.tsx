import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import '@fullcalendar/react/themes/forma/palettes/green.css';
import './full-calendar-view.css';
import FullCalendar, {
  type CalendarRef,
  type DateSelectInfo,
  type DayCellInfo,
  type DayHeaderInfo,
  type EventChangeInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventInput,
  type EventSourceFunc,
  type MountInfo,
  type ViewDisplayInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import itLocale from '@fullcalendar/react/locales/it';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { reservationStatusLabels } from '@studiolo/domain/booking';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import { studioTimeZone } from '@studiolo/domain/shared';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { romeDayOf, romeTimeOf } from '../calendar-dates.ts';
import type { CalendarEventInput } from '../calendar-events.ts';
import { isInSeries } from '../calendar-events.ts';
import { calendarSettings } from '../calendar-settings.ts';

/** A move or resize the user made, with the way back if it is cancelled or refused. */
export type EventMove = {
  event: CalendarEvent;
  start: Date;
  end: Date;
  allDay: boolean;
  revert: () => void;
};

export type FullCalendarViewProps = {
  /** FullCalendar's view name (timeGridWeek …). */
  viewName: string;
  /** The day the view shows (YYYY-MM-DD, Rome). */
  anchor: string;
  events: readonly CalendarEventInput[];
  holidayByDay?: ReadonlyMap<string, string>;
  editable: boolean;
  /** CSS height of the calendar ('auto' grows with its slots: the staff columns scroll together outside). */
  height: string | number;
  onSelectRange?: (range: { start: Date; end: Date; allDay: boolean }) => void;
  onEventClick?: (event: CalendarEvent) => void;
  onEventMove?: (move: EventMove) => void;
  /** After FullCalendar has drawn a new set of events (the browser render figure, e2e/perf). */
  onEventsDrawn?: (count: number) => void;
  /** Draws the day headers (the staff columns draw their own: the staff member). */
  showDayHeaders?: boolean;
  /** Hides the hour labels (every staff column after the first). */
  hideTimeAxis?: boolean;
  /** Scrolls to 07:00 itself (the staff view scrolls its own container instead). */
  scrollToStart?: boolean;
};

const eventContent = (info: EventDisplayInfo) => {
  const e = info.event.extendedProps.event as CalendarEvent | null;
  if (!e) return <span className="studiolo-holiday-label">{info.event.title}</span>;
  const selected = info.event.className.includes('studiolo-event-selected');
  // FullCalendar's own time text goes through Intl.formatRangeToParts for every event (≈ 0.5 ms each, the largest
  // share of drawing a busy week, e2e/perf): the Rome times are computed once per event with one cached formatter.
  const timeText = e.allDay
    ? ''
    : info.view.type === 'dayGridMonth'
      ? romeTimeOf(info.event.start ?? e.start)
      : info.isMirror && info.event.start && info.event.end
        ? `${romeTimeOf(info.event.start)}–${romeTimeOf(info.event.end)}`
        : (timeTextOf.get(e) ?? cacheTimeText(e));
  // plain text marks instead of SVG icons, the time as the head's own text: a busy week draws hundreds (e2e/perf)
  const recurring = isInSeries(e);
  const marks = `${selected ? '✓' : ''}${recurring ? '↻' : ''}${e.isPagato ? '€' : ''}`;
  const patient = e.pazienteName && e.pazienteName !== info.event.title ? e.pazienteName : null;
  return (
    <div className="studiolo-event" data-testid="calendar-event" data-event-id={e.id}>
      <div className="studiolo-event-head">
        {timeText}
        {marks && (
          <span className="studiolo-event-icons" title={markTitles(selected, recurring, e.isPagato)}>
            {marks}
          </span>
        )}
      </div>
      <div className="studiolo-event-title">{info.event.title}</div>
      {patient && <div className="studiolo-event-patient">{patient}</div>}
      {e.reservationStatus && (
        // booked online (decision 035): the status in words, not by colour alone
        <div className="studiolo-event-status" data-status={e.reservationStatus}>
          {reservationStatusLabels[e.reservationStatus]}
        </div>
      )}
    </div>
  );
};

const markTitles = (selected: boolean, recurring: boolean, paid: boolean) =>
  [selected && 'Selezionato', recurring && 'Ricorrente', paid && 'Pagato'].filter(Boolean).join(', ');

/** The accessible name of the staff view's scrolling area (calendar-grid.tsx). */
export const gridScrollLabel = 'Griglia del calendario';

/**
 * WCAG 2.1.1 (axe scrollable-region-focusable, issue 20): FullCalendar's scrolling area is reached with Tab and
 * scrolled with the arrow keys, also on a day or week with no appointment to focus. FullCalendar has no option for
 * it and hashes its class names, so its scrollers are found by their style (scrolling vertically with a scrollbar:
 * the header's, kept in step and without one, is not one a person scrolls). The scroller sits between the grid's
 * rowgroup and its rows, where a focusable generic element breaks the grid's structure, so the focus goes to its
 * first header or cell instead (a grid's cells may take focus), and the arrows scroll the area around it.
 */
const makeScrollersFocusable = (view: HTMLElement | null) => {
  if (!view) return;
  for (const el of view.querySelectorAll<HTMLElement>('div')) {
    const style = getComputedStyle(el);
    if (!/auto|scroll/.test(style.overflowY) || style.scrollbarWidth === 'none') continue;
    const cell = el.querySelector<HTMLElement>('[role="rowheader"], [role="gridcell"]');
    if (!cell || cell.hasAttribute('tabindex')) continue;
    cell.tabIndex = 0;
    cell.classList.add('studiolo-grid-scroller');
  }
};

const timeTextOf = new WeakMap<CalendarEvent, string>();
const cacheTimeText = (e: CalendarEvent) => {
  const text = `${romeTimeOf(e.start)}–${romeTimeOf(e.end)}`;
  timeTextOf.set(e, text);
  return text;
};

/**
 * The FullCalendar 7 grid with the settings of spec part 1 §9: 15-minute slots labelled every hour, scrolled to
 * 07:00, at most 10 events a day then "+N" opening a popover, the now indicator, editable and selectable, weeks
 * Monday to Sunday, Italian, Rome time. Times reach the callbacks as real instants (named time zone).
 */
export const FullCalendarView = ({
  viewName,
  anchor,
  events,
  holidayByDay,
  editable,
  height,
  onSelectRange,
  onEventClick,
  onEventMove,
  onEventsDrawn,
  showDayHeaders = true,
  hideTimeAxis = false,
  scrollToStart = true,
}: FullCalendarViewProps) => {
  const ref = useRef<CalendarRef>(null);
  // the view and date follow the screen's state (our toolbar drives FullCalendar, which has none of its own)
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== viewName) api.changeView(viewName, anchor);
    else if (romeDayOf(api.getDate()) !== anchor) api.gotoDate(anchor);
  }, [viewName, anchor]);

  // The callbacks are read through a ref and every option keeps its identity between renders: FullCalendar
  // treats a new function or format object as a changed option and rebuilds its formatters (e2e/perf).
  const latest = useRef({ onSelectRange, onEventClick, onEventMove, onEventsDrawn });
  latest.current = { onSelectRange, onEventClick, onEventMove, onEventsDrawn };

  // The events reach FullCalendar through one stable function source, refetched when they change. Given as the
  // `events` option, a new array is a changed option: FullCalendar then rebuilds its view options and context,
  // and every slot label, day cell and header of the grid renders again with the events (e2e/perf).
  const shown = useRef(events);
  const eventSource = useMemo<EventSourceFunc>(
    () => (_range, success) => success([...shown.current] as EventInput[]),
    [],
  );
  useLayoutEffect(() => {
    if (shown.current === events) return;
    shown.current = events;
    ref.current?.getApi().refetchEvents();
  }, [events]);

  const viewEl = useRef<HTMLElement | null>(null);
  const handlers = useMemo(() => {
    // after FullCalendar has drawn the view's slots (a new view, or new dates in it)
    const markScrollers = () => requestAnimationFrame(() => makeScrollersFocusable(viewEl.current));
    const change = (info: EventChangeInfo) => {
      const e = info.oldEvent.extendedProps.event as CalendarEvent | null;
      const start = info.event.start;
      if (!e || !start) {
        info.revert();
        return;
      }
      const end =
        info.event.end ?? new Date(start.getTime() + (new Date(e.end).getTime() - new Date(e.start).getTime()));
      latest.current.onEventMove?.({ event: e, start, end, allDay: info.event.allDay, revert: info.revert });
    };
    return {
      change,
      viewDidMount: (info: MountInfo<ViewDisplayInfo>) => {
        viewEl.current = info.el;
        markScrollers();
      },
      datesSet: markScrollers,
      // after React committed FullCalendar's DOM for a new set of events; the figure waits for the next paint (e2e/perf)
      eventsSet: () => latest.current.onEventsDrawn?.(shown.current.length),
      select: (info: DateSelectInfo) =>
        latest.current.onSelectRange?.({ start: info.start, end: info.end, allDay: info.allDay }),
      click: (info: EventClickInfo) => {
        info.jsEvent.preventDefault();
        const e = info.event.extendedProps.event as CalendarEvent | null;
        if (e) latest.current.onEventClick?.(e);
      },
    };
  }, []);

  const dayRenderers = useMemo(
    () => ({
      cellClass: (info: DayCellInfo) => (holidayByDay?.has(romeDayOf(info.date)) ? 'studiolo-holiday-cell' : ''),
      header: (info: DayHeaderInfo) => {
        const holiday = holidayByDay?.get(romeDayOf(info.date));
        return (
          <span className="studiolo-day-header">
            <span>{info.text}</span>
            {holiday && !info.inPopover && info.view.type !== 'dayGridMonth' && (
              <span className="studiolo-day-holiday">{holiday}</span>
            )}
          </span>
        );
      },
      cellTop: (info: DayCellInfo) => {
        const holiday = holidayByDay?.get(romeDayOf(info.date));
        return (
          <span className="studiolo-day-number">
            <span className="studiolo-day-number-text">{info.dayNumberText}</span>
            {holiday && !info.inPopover && (
              <span className="studiolo-day-holiday" title={holiday}>
                {holiday}
              </span>
            )}
          </span>
        );
      },
    }),
    [holidayByDay],
  );

  return (
    <FullCalendar
      ref={ref}
      plugins={plugins}
      locale={itLocale}
      timeZone={studioTimeZone}
      initialView={viewName}
      initialDate={anchor}
      headerToolbar={false}
      height={height}
      firstDay={calendarSettings.firstDay}
      slotDuration={calendarSettings.slotDuration}
      slotHeaderInterval={calendarSettings.slotLabelInterval}
      scrollTime={scrollToStart ? calendarSettings.scrollTime : '00:00:00'}
      scrollTimeReset={false}
      dayMaxEvents={calendarSettings.dayMaxEvents}
      moreLinkText={moreLinkText}
      moreLinkHint={moreLinkHint}
      eventMaxStack={calendarSettings.dayMaxEvents}
      nowIndicator
      editable={editable}
      selectable={editable}
      selectMirror
      fixedWeekCount
      allDayText="Tutto il giorno"
      noEventsText="Nessun appuntamento in questo periodo"
      displayEventTime={false}
      eventTimeFormat={timeFormat}
      slotHeaderFormat={slotHeaderFormat}
      events={eventSource}
      eventsSet={handlers.eventsSet}
      viewDidMount={handlers.viewDidMount}
      datesSet={handlers.datesSet}
      eventContent={eventContent}
      dayHeaders={showDayHeaders}
      dayHeaderContent={dayRenderers.header}
      dayCellClass={dayRenderers.cellClass}
      dayCellTopContent={dayRenderers.cellTop}
      dayCellTopClass="studiolo-day-top"
      // the holiday's name is written in the day's header or cell: the background itself stays plain
      backgroundEventContent={emptyContent}
      dayHeaderFormat={viewName === 'dayGridMonth' ? monthHeaderFormat : dayHeaderFormat}
      slotHeaderClass={hideTimeAxis ? 'studiolo-hidden-axis' : ''}
      select={handlers.select}
      eventClick={handlers.click}
      eventDrop={handlers.change}
      eventResize={handlers.change}
    />
  );
};

const plugins = [formaTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/**
 * The hour labels ("07:00") from the slot's wall time. FullCalendar makes a new formatter from this option each time
 * a slot label renders, and a format object costs a new Intl.DateTimeFormat for each of the 96 slots (e2e/perf).
 */
const slotHeaderFormat = ({ date }: { date: { hour: number; minute: number } }) =>
  `${String(date.hour).padStart(2, '0')}:${String(date.minute).padStart(2, '0')}`;
const monthHeaderFormat = { weekday: 'short' } as const;
const dayHeaderFormat = { weekday: 'short', day: 'numeric' } as const;
const moreLinkText = (n: number) => `+${n}`;
const moreLinkHint = (n: number) => `Mostra altri ${n} appuntamenti`;
const emptyContent = () => <span />;
