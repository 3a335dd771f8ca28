import { Box, Group, Text } from '@mantine/core';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { StaffMember } from '@studiolo/domain/staff';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { StaffAvatar } from '../../../components/staff-avatar.tsx';
import { type CalendarEventInput, toCalendarInput } from '../calendar-events.ts';
import { calendarSettings } from '../calendar-settings.ts';
import { type CalendarViewKind, fullCalendarViewOf } from '../calendar-view-state.ts';
import { staffColumnsOf } from '../staff-columns.ts';
import { type EventMove, FullCalendarView, gridScrollLabel } from './full-calendar-view.tsx';

export type CalendarGridProps = {
  view: CalendarViewKind;
  anchor: string;
  events: readonly CalendarEvent[];
  holidays: readonly CalendarEventInput[];
  holidayByDay: ReadonlyMap<string, string>;
  selectedIds: ReadonlySet<string>;
  staff: readonly StaffMember[];
  staffFilter: readonly string[];
  editable: boolean;
  isPhone: boolean;
  height: string;
  onSelectRange: (range: { start: Date; end: Date; allDay: boolean; staffMemberId?: string | null }) => void;
  onEventClick: (event: CalendarEvent) => void;
  onEventMove: (move: EventMove) => void;
  onEventsDrawn?: (count: number) => void;
};

/** Days each view shows side by side (the grid's minimum width is days × the minimum day width). */
const daysShown: Record<CalendarViewKind, number> = { day: 1, week: 7, month: 7, list: 0, staff: 1 };

/**
 * The calendar's grid, in its own chunk with FullCalendar. Day, week, month and list are FullCalendar's views;
 * FullCalendar's `dayMinWidth` is premium, so a wrapper as wide as days × 80 px scrolls sideways on narrow screens.
 */
export const CalendarGrid = (props: CalendarGridProps) => {
  const { view, events, selectedIds, holidays } = props;
  const inputs = useMemo(
    () => [...events.map((e) => toCalendarInput(e, selectedIds.has(e.id))), ...holidays],
    [events, selectedIds, holidays],
  );
  if (view === 'staff') return <StaffColumns {...props} />;
  const days = daysShown[view];
  const minWidth = days > 1 ? days * calendarSettings.dayMinWidth + calendarSettings.timeAxisWidth : undefined;
  return (
    <Box style={{ overflowX: 'auto', height: props.height }} data-testid="calendar-scroll">
      <Box style={{ minWidth, height: '100%' }}>
        <FullCalendarView
          viewName={fullCalendarViewOf[view]}
          anchor={props.anchor}
          events={inputs}
          holidayByDay={props.holidayByDay}
          editable={props.editable}
          height="100%"
          onSelectRange={props.onSelectRange}
          onEventClick={props.onEventClick}
          onEventMove={props.onEventMove}
          onEventsDrawn={props.onEventsDrawn}
        />
      </Box>
    </Box>
  );
};

/**
 * The staff view (decided, resource views being premium): one FullCalendar timeGridDay per staff member, side by
 * side, each with that member's appointments, plus "Senza operatore". The columns grow to their full height and one
 * container scrolls them together, vertically to 07:00 at first and sideways when they do not fit (100 px per
 * column at least, 80 on a phone). A slot selected in a column makes an appointment for that member; moving an
 * appointment to another member is done in its dialog (FullCalendar cannot drag between two calendars).
 */
const StaffColumns = (props: CalendarGridProps) => {
  const { events, staff, staffFilter, selectedIds, holidays } = props;
  const columns = useMemo(() => staffColumnsOf(events, staff, staffFilter), [events, staff, staffFilter]);
  // each column's events keep their identity until they change (a new array makes FullCalendar draw them anew)
  const inputsByColumn = useMemo(
    () =>
      new Map(
        columns.map((c) => [c.key, [...c.events.map((e) => toCalendarInput(e, selectedIds.has(e.id))), ...holidays]]),
      ),
    [columns, selectedIds, holidays],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const minColumn =
    (props.isPhone ? calendarSettings.dayMinWidth : calendarSettings.staffDayMinWidth) + calendarSettings.timeAxisWidth;
  const drawn = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls once per day shown
  useLayoutEffect(() => {
    // FullCalendar draws its slots after its own first render and gives them their height a frame or more later
    // (07:00 moves from ≈ 300 px to ≈ 1000 px down): keep 07:00 at the top until its place has stayed put for a few
    // frames. A user's own scrolling meanwhile is left alone (only a move of the slot scrolls again).
    let frame = 0;
    let handle = 0;
    let placed = Number.NaN;
    let still = 0;
    const scroll = () => {
      const el = scroller.current;
      const slot = el?.querySelector<HTMLElement>('[data-time="07:00:00"]');
      if (el && slot) {
        const target = slot.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop - 40;
        if (Math.abs(target - placed) < 1) still++;
        else {
          placed = target;
          still = 0;
          el.scrollTop = target;
        }
      }
      if (still < 5 && frame++ < 60) handle = requestAnimationFrame(scroll);
    };
    scroll();
    return () => cancelAnimationFrame(handle);
  }, [props.anchor, columns.length]);

  return (
    <Box
      ref={scroller}
      style={{ overflow: 'auto', height: props.height }}
      data-testid="staff-view"
      // reached with Tab and scrolled with the arrows even with no appointment to focus (WCAG 2.1.1, issue 20)
      tabIndex={0}
      role="region"
      aria-label={gridScrollLabel}
      className="studiolo-staff-scroller"
    >
      <Box style={{ display: 'flex', minWidth: columns.length * minColumn }}>
        {columns.map((column) => (
          <Box
            key={column.key}
            style={{ flex: '1 1 0', minWidth: minColumn, borderInlineEnd: '1px solid var(--mantine-color-gray-3)' }}
            data-testid="staff-column"
            aria-label={column.label}
            role="region"
          >
            <Group
              gap={6}
              wrap="nowrap"
              px="xs"
              h={40}
              style={{
                position: 'sticky',
                top: 0,
                zIndex: 5,
                background: 'var(--mantine-color-body)',
                borderBottom: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              {column.staffMember && (
                <StaffAvatar
                  id={column.staffMember.id}
                  name={column.staffMember.name}
                  lastname={column.staffMember.lastname}
                  color={column.staffMember.avatarColor}
                  size={24}
                />
              )}
              <Text size="sm" fw={600} truncate="end">
                {column.label}
              </Text>
              <Text size="xs" c="dimmed" ml="auto">
                {column.events.length}
              </Text>
            </Group>
            <FullCalendarView
              viewName="timeGridDay"
              anchor={props.anchor}
              events={inputsByColumn.get(column.key) ?? holidays}
              holidayByDay={props.holidayByDay}
              editable={props.editable}
              height="auto"
              scrollToStart={false}
              showDayHeaders={false}
              onSelectRange={(r) => props.onSelectRange({ ...r, staffMemberId: column.staffMember?.id ?? null })}
              onEventClick={props.onEventClick}
              onEventMove={props.onEventMove}
              onEventsDrawn={(n) => {
                drawn.current += n;
                props.onEventsDrawn?.(n);
              }}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
};

export default CalendarGrid;
