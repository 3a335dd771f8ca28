import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CalendarEvent, DeleteEventOption, UpdateEventOption } from '@studiolo/domain/calendar';
import {
  IconAdjustmentsHorizontal,
  IconCalendarCog,
  IconCheckbox,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconDots,
  IconFileExport,
  IconFileImport,
  IconPlus,
  IconReceipt,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/delete-confirm-dialog.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { useDuplicateEvents } from '../api/duplicate-events.ts';
import { useCalendars } from '../api/get-calendars.ts';
import { useEvents } from '../api/get-events.ts';
import { useCreateEvent, useInvalidateEvents, useUpdateEvent } from '../api/save-event.ts';
import { useSetEventPaid } from '../api/set-event-paid.ts';
import { type AppointmentValues, bodyOfMovedEvent, bodyOfValues, ruleOfValues } from '../appointment-form.ts';
import { type IsoDay, romeInstant, romeTimeOf, shiftWallDays, todayInRome } from '../calendar-dates.ts';
import { holidayInputs, holidaysIn, isInSeries, isOccurrence } from '../calendar-events.ts';
import {
  activeFilterCount,
  applyAppointmentType,
  type CalendarFilters,
  emptyFilters,
  eventsQueryOf,
} from '../calendar-filters.ts';
import {
  type CalendarViewKind,
  calendarViewLabels,
  calendarViews,
  isCalendarView,
  stepAnchor,
  viewTitle,
  visibleRange,
} from '../calendar-view-state.ts';
import type { AppointmentDialogMode } from './appointment-dialog.tsx';
import type { BulkMode } from './bulk-events-dialog.tsx';
import { useCalendarDeps } from './calendar-deps.tsx';
import { CalendarFiltersPanel, filterTexts } from './calendar-filters-panel.tsx';
import { DeleteScopeDialog } from './delete-scope-dialog.tsx';
import type { EventMove } from './full-calendar-view.tsx';
import { RecurringUpdateDialog } from './recurring-update-dialog.tsx';

// FullCalendar and its CSS in their own chunk: the toolbar and filters show while it loads.
const CalendarGrid = lazy(() => import('./calendar-grid.tsx'));
// The appointment and bulk dialogs (their forms, date and time pickers, price field, patient search) are fetched when
// first opened, not before the calendar's first screen (issue 17 item 11); once fetched the appointment dialog stays
// mounted, so it closes with its transition.
const AppointmentDialog = lazy(() =>
  import('./appointment-dialog.tsx').then(({ AppointmentDialog }) => ({ default: AppointmentDialog })),
);
const BulkEventsDialog = lazy(() =>
  import('./bulk-events-dialog.tsx').then(({ BulkEventsDialog }) => ({ default: BulkEventsDialog })),
);

export const calendarTexts = {
  title: 'Calendario',
  today: 'Oggi',
  previous: 'Periodo precedente',
  next: 'Periodo successivo',
  view: 'Vista',
  newAppointment: 'Nuovo appuntamento',
  filters: filterTexts.title,
  actions: 'Altre azioni',
  bulkDelete: 'Elimina eventi…',
  bulkExport: 'Esporta eventi…',
  settleBatch: 'Fatture appuntamenti da saldare…',
  importAppointments: 'Importa appuntamenti…',
  settings: 'Impostazioni calendario',
  select: 'Seleziona',
  selecting: 'Selezione attiva: tocca gli appuntamenti per sceglierli',
  selectedCount: (n: number) => (n === 1 ? '1 selezionato' : `${n} selezionati`),
  duplicateSelected: 'Duplica alla settimana successiva',
  clearSelection: 'Deseleziona tutti',
  endSelection: 'Fine selezione',
  loadFailed: 'Impossibile caricare gli appuntamenti.',
  retry: 'Riprova',
  loading: 'Caricamento degli appuntamenti…',
  noCalendar: 'Tutti i calendari sono nascosti: scegline almeno uno nei filtri.',
  gridLoading: 'Caricamento del calendario…',
} as const;

/** Marks for the browser render figure (e2e/perf/calendar-render.ts): events received, then drawn and painted. */
const markPainted = (count: number) => {
  performance.mark('studiolo:events-drawn', { detail: count });
  requestAnimationFrame(() => setTimeout(() => performance.mark('studiolo:events-painted', { detail: count }), 0));
};

const noEvents: readonly CalendarEvent[] = [];

const defaultView = (isPhone: boolean): CalendarViewKind => (isPhone ? 'day' : 'week');

/**
 * /calendar (spec part 1 §1, §3, §9): the studio's appointments by day, week, month, list or staff member, with the
 * filter panel (a drawer on phones), the appointment dialog, drag and drop, and the bulk delete and export tools.
 * The view and the day are in the address (?view=week&date=2026-11-02), so a reload or a shared link keeps them.
 */
export const CalendarScreen = () => {
  const deps = useCalendarDeps();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const view: CalendarViewKind = isCalendarView(params.get('view'))
    ? (params.get('view') as CalendarViewKind)
    : defaultView(isPhone);
  const dateParam = params.get('date');
  const anchor: IsoDay = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : todayInRome();
  /** Changes the view or the day from the address's current values (two quick clicks step twice). */
  const go = (
    change: (current: { view: CalendarViewKind; date: IsoDay }) => { view?: CalendarViewKind; date?: IsoDay },
  ) =>
    setParams(
      (p) => {
        const current = {
          view: isCalendarView(p.get('view')) ? (p.get('view') as CalendarViewKind) : view,
          date: /^\d{4}-\d{2}-\d{2}$/.test(p.get('date') ?? '') ? (p.get('date') as IsoDay) : anchor,
        };
        const next = { ...current, ...change(current) };
        const q = new URLSearchParams(p);
        q.set('view', next.view);
        q.set('date', next.date);
        return q;
      },
      { replace: true },
    );

  const [filters, setFilters] = useState<CalendarFilters>(emptyFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, CalendarEvent>>(new Map());
  const [dialog, setDialog] = useState<AppointmentDialogMode | null>(null);
  const [bulk, setBulk] = useState<BulkMode | null>(null);
  const [settling, setSettling] = useState(false);
  const [importing, setImporting] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialog && !dialogWanted) setDialogWanted(true);
  // fetched once the first screen is up, so the first click on a slot or an appointment does not wait for it
  useEffect(() => {
    const timer = setTimeout(() => void import('./appointment-dialog.tsx').catch(() => undefined), 2000);
    return () => clearTimeout(timer);
  }, []);
  const [toDelete, setToDelete] = useState<CalendarEvent | null>(null);
  const [scopeRequest, setScopeRequest] = useState<((o: UpdateEventOption | null) => void) | null>(null);

  const calendarsQuery = useCalendars();
  const calendars = calendarsQuery.data?.calendars ?? [];
  const range = useMemo(() => visibleRange(view, anchor), [view, anchor]);
  const query = calendarsQuery.data
    ? eventsQueryOf(
        range,
        filters,
        calendars.map((c) => c.id),
      )
    : null;
  const events = useEvents(query);

  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const setPaid = useSetEventPaid();
  const duplicate = useDuplicateEvents();
  const invalidateEvents = useInvalidateEvents();

  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  // the same array until the answer, the type filter or the selection changes: a new one makes the grid hand
  // FullCalendar its events again (every one parsed and drawn anew), so a dialog opening must not make one (e2e/perf)
  const asked = query !== null;
  const shown = useMemo(
    () => (asked ? applyAppointmentType(events.data ?? noEvents, filters.appointmentType, selectedIds) : noEvents),
    [asked, events.data, filters.appointmentType, selectedIds],
  );
  const holidays = useMemo(() => holidayInputs(range), [range]);
  const holidayByDay = useMemo(() => new Map(holidaysIn(range).map((h) => [h.date, h.name])), [range]);

  /** Asks "Aggiorna evento ricorrente" and waits for the answer (null: abandoned, "Abort update" logged). */
  const askScope = () => new Promise<UpdateEventOption | null>((resolve) => setScopeRequest(() => resolve));

  const firstShownCalendar = calendars.find((c) => !filters.hiddenCalendarIds.includes(c.id)) ?? calendars[0];
  const openNew = (start: Date, end: Date, allDay = false, staffMemberId: string | null = null) => {
    if (!deps.canWrite) return;
    setDialog({
      kind: 'create',
      defaults: { start, end, allDay, calendarId: firstShownCalendar?.id ?? null, staffMemberId },
    });
  };
  const newAtDefaultTime = () => {
    const hourNow = Number(romeTimeOf(new Date()).slice(0, 2));
    const hour = anchor === todayInRome() ? Math.min(Math.max(hourNow + 1, 7), 22) : 9;
    const start = romeInstant(anchor, `${String(hour).padStart(2, '0')}:00`);
    openNew(start, new Date(start.getTime() + 3_600_000), false, null);
  };

  const onSelectRange = (r: { start: Date; end: Date; allDay: boolean; staffMemberId?: string | null }) => {
    // a day of the month view becomes a one-hour appointment at 09:00, not an all-day block
    if (r.allDay && view === 'month') {
      const start = romeInstant(todayInRomeOf(r.start), '09:00');
      openNew(start, new Date(start.getTime() + 3_600_000), false, r.staffMemberId ?? null);
    } else openNew(r.start, r.end, r.allDay, r.staffMemberId ?? null);
  };

  const toggleSelected = (e: CalendarEvent) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(e.id)) next.delete(e.id);
      else next.set(e.id, e);
      return next;
    });

  const onEventClick = (e: CalendarEvent) => {
    if (selecting) toggleSelected(e);
    else setDialog({ kind: 'edit', event: e });
  };

  /** spec part 1 §4, §8: a moved occurrence asks the scope; without one the move is undone ("Abort update"). */
  const onEventMove = async (move: EventMove) => {
    const body = bodyOfMovedEvent(move.event, move.start, move.end, move.allDay);
    let option: UpdateEventOption | null = null;
    if (isOccurrence(move.event)) {
      option = await askScope();
      if (option === null) {
        move.revert();
        return;
      }
    }
    try {
      await updateEvent.mutateAsync({ ...body, id: move.event.id, updateEventOption: option });
    } catch {
      move.revert();
    }
  };

  const submitAppointment = async (values: AppointmentValues, event: CalendarEvent | null) => {
    const body = bodyOfValues(values);
    if (!event) {
      await createEvent.mutateAsync(body);
    } else if (isOccurrence(event)) {
      const option = await askScope();
      if (option === null) throw new Error('Abort update');
      // the series' rule is resent only when changed: unchanged, the server keeps the rest of the series as it is
      const changedRule = ruleOfValues(values) !== event.rrule;
      await updateEvent.mutateAsync({
        ...body,
        id: event.id,
        updateEventOption: option,
        rrule: option === 'AFTER' && changedRule ? body.rrule : null,
      });
    } else {
      await updateEvent.mutateAsync({ ...body, id: event.id });
    }
    setDialog(null);
  };

  const confirmDelete = async (option: DeleteEventOption | null) => {
    if (!toDelete) return;
    try {
      await deleteEvent.mutateAsync({ id: toDelete.id, option });
      setSelected((s) => {
        const next = new Map(s);
        next.delete(toDelete.id);
        return next;
      });
      setToDelete(null);
      setDialog(null);
    } catch {
      // shown by lib/http.ts
    }
  };

  const togglePaid = async (e: CalendarEvent) => {
    try {
      const updated = await setPaid.mutateAsync({ eventId: e.id, isPagato: !e.isPagato });
      setDialog({ kind: 'edit', event: updated });
    } catch {
      // shown by lib/http.ts
    }
  };

  const duplicateNextWeek = async (list: readonly CalendarEvent[]) => {
    try {
      await duplicate.mutateAsync(
        list.map((e) => ({
          id: e.id,
          start: shiftWallDays(e.start, 7).toISOString(),
          end: shiftWallDays(e.end, 7).toISOString(),
        })),
      );
      return true;
    } catch {
      return false;
    }
  };

  const filterCount = activeFilterCount(filters);
  const filtersPanel = (
    <CalendarFiltersPanel calendars={calendars} filters={filters} onChange={setFilters} selectedCount={selected.size} />
  );
  const gridHeight = isPhone ? 'max(460px, calc(100dvh - 230px))' : 'max(520px, calc(100dvh - 210px))';
  const busy = createEvent.isPending || updateEvent.isPending || setPaid.isPending || duplicate.isPending;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {calendarTexts.title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {deps.headerActions}
          {deps.canWrite && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={newAtDefaultTime}
              size={isPhone ? 'xs' : 'sm'}
            >
              {calendarTexts.newAppointment}
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size={isPhone ? 30 : 36} aria-label={calendarTexts.actions}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconCheckbox size={16} />} onClick={() => setSelecting((s) => !s)}>
                {selecting ? calendarTexts.endSelection : calendarTexts.select}
              </Menu.Item>
              {deps.canExport && (
                <Menu.Item leftSection={<IconFileExport size={16} />} onClick={() => setBulk('export')}>
                  {calendarTexts.bulkExport}
                </Menu.Item>
              )}
              {deps.canWrite && deps.ImportAppointmentsDialog && (
                <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
                  {calendarTexts.importAppointments}
                </Menu.Item>
              )}
              {deps.SettleBatchDialog && (
                <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => setSettling(true)}>
                  {calendarTexts.settleBatch}
                </Menu.Item>
              )}
              {deps.canWrite && (
                <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => setBulk('delete')}>
                  {calendarTexts.bulkDelete}
                </Menu.Item>
              )}
              {deps.settingsPath && (
                <>
                  <Menu.Divider />
                  <Menu.Item component={Link} to={deps.settingsPath} leftSection={<IconCalendarCog size={16} />}>
                    {calendarTexts.settings}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Paper withBorder p={{ base: 6, sm: 'xs' }}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon
              variant="subtle"
              aria-label={calendarTexts.previous}
              onClick={() => go((c) => ({ date: stepAnchor(c.view, c.date, -1) }))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" size="compact-sm" onClick={() => go(() => ({ date: todayInRome() }))}>
              {calendarTexts.today}
            </Button>
            <ActionIcon
              variant="subtle"
              aria-label={calendarTexts.next}
              onClick={() => go((c) => ({ date: stepAnchor(c.view, c.date, 1) }))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            <Text
              fw={600}
              size={isPhone ? 'sm' : 'md'}
              ml={4}
              truncate="end"
              data-testid="calendar-title"
              aria-live="polite"
            >
              {viewTitle(view, anchor)}
            </Text>
            {events.isFetching && <Loader size="xs" role="status" aria-label={calendarTexts.loading} />}
          </Group>
          <Group gap="xs" wrap="nowrap" ml={isPhone ? 0 : 'auto'} style={isPhone ? { width: '100%' } : undefined}>
            {isPhone ? (
              <Select
                aria-label={calendarTexts.view}
                size="xs"
                style={{ flex: 1 }}
                data={calendarViews.map((v) => ({ value: v, label: calendarViewLabels[v] }))}
                value={view}
                onChange={(v) => v && go(() => ({ view: v as CalendarViewKind }))}
              />
            ) : (
              <SegmentedControl
                aria-label={calendarTexts.view}
                size="xs"
                data={calendarViews.map((v) => ({ value: v, label: calendarViewLabels[v] }))}
                value={view}
                onChange={(v) => go(() => ({ view: v as CalendarViewKind }))}
              />
            )}
            <Button
              variant={filtersOpen && !isPhone ? 'light' : 'default'}
              size="compact-sm"
              h={isPhone ? 30 : 28}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={
                filterCount > 0 ? (
                  <Badge size="xs" circle>
                    {filterCount}
                  </Badge>
                ) : null
              }
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
            >
              {calendarTexts.filters}
            </Button>
          </Group>
        </Group>
      </Paper>

      {(selecting || selected.size > 0) && (
        <Paper withBorder p="xs" bg="blue.0" role="status">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={500}>
              {selecting && selected.size === 0 ? calendarTexts.selecting : calendarTexts.selectedCount(selected.size)}
            </Text>
            <Group gap="xs" wrap="wrap">
              {selected.size > 0 && deps.canWrite && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconCopy size={14} aria-hidden />}
                  loading={duplicate.isPending}
                  onClick={() => void duplicateNextWeek([...selected.values()])}
                >
                  {calendarTexts.duplicateSelected}
                </Button>
              )}
              {selected.size > 0 && (
                <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Map())}>
                  {calendarTexts.clearSelection}
                </Button>
              )}
              {selecting && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconX size={14} aria-hidden />}
                  onClick={() => setSelecting(false)}
                >
                  {calendarTexts.endSelection}
                </Button>
              )}
            </Group>
          </Group>
        </Paper>
      )}

      {query === null && calendarsQuery.data && (
        <Text c="dimmed" size="sm">
          {calendarTexts.noCalendar}
        </Text>
      )}
      {events.isError && (
        <Group gap="xs">
          <Text c="red" size="sm">
            {calendarTexts.loadFailed}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void events.refetch()}>
            {calendarTexts.retry}
          </Button>
        </Group>
      )}

      <Group align="flex-start" gap="sm" wrap="nowrap">
        {filtersOpen && !isPhone && (
          <Paper
            withBorder
            p="sm"
            w={260}
            style={{ flexShrink: 0, maxHeight: gridHeight, overflowY: 'auto' }}
            component="aside"
            aria-label={calendarTexts.filters}
          >
            {filtersPanel}
          </Paper>
        )}
        <Paper withBorder style={{ flex: 1, minWidth: 0, overflow: 'hidden' }} data-view={view}>
          <Suspense
            fallback={
              <Group h={gridHeight} justify="center">
                <Loader role="status" aria-label={calendarTexts.gridLoading} />
              </Group>
            }
          >
            <CalendarGrid
              view={view}
              anchor={anchor}
              events={shown}
              holidays={holidays}
              holidayByDay={holidayByDay}
              selectedIds={selectedIds}
              staff={deps.staff}
              staffFilter={filters.staffMemberIds}
              editable={deps.canWrite && !selecting}
              isPhone={isPhone}
              height={gridHeight}
              onSelectRange={onSelectRange}
              onEventClick={onEventClick}
              onEventMove={(m) => void onEventMove(m)}
              onEventsDrawn={markPainted}
            />
          </Suspense>
        </Paper>
      </Group>

      <Drawer
        opened={filtersOpen && isPhone}
        onClose={() => setFiltersOpen(false)}
        title={calendarTexts.filters}
        position="right"
        size="85%"
        closeButtonProps={{ 'aria-label': 'Chiudi' }}
      >
        <Box pb="xl">{filtersPanel}</Box>
      </Drawer>

      <Suspense fallback={null}>
        {dialogWanted && (
          <AppointmentDialog
            mode={dialog}
            calendars={calendars}
            onClose={() => setDialog(null)}
            onSubmit={submitAppointment}
            onDelete={(e) => setToDelete(e)}
            onTogglePaid={(e) => void togglePaid(e)}
            onDuplicateNextWeek={(e) => void duplicateNextWeek([e]).then((ok) => ok && setDialog(null))}
            busy={busy}
          />
        )}
      </Suspense>
      <RecurringUpdateDialog
        opened={scopeRequest !== null}
        onResult={(option) => {
          scopeRequest?.(option);
          setScopeRequest(null);
        }}
      />
      <DeleteScopeDialog
        opened={toDelete !== null && isInSeries(toDelete)}
        loading={deleteEvent.isPending}
        onConfirm={(option) => void confirmDelete(option)}
        onCancel={() => setToDelete(null)}
      />
      <DeleteConfirmDialog
        opened={toDelete !== null && !isInSeries(toDelete)}
        loading={deleteEvent.isPending}
        onConfirm={() => void confirmDelete(null)}
        onCancel={() => setToDelete(null)}
      />
      {deps.SettleBatchDialog && settling && <deps.SettleBatchDialog opened onClose={() => setSettling(false)} />}
      {deps.ImportAppointmentsDialog && importing && (
        <deps.ImportAppointmentsDialog opened onClose={() => setImporting(false)} calendars={calendars} />
      )}
      {bulk && (
        <Suspense fallback={null}>
          <BulkEventsDialog
            mode={bulk}
            opened
            onClose={(result) => {
              setBulk(null);
              if (result.success && result.deletedCount !== undefined) void invalidateEvents();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
};

/** The Rome day of a FullCalendar all-day date (midnight in Rome). */
const todayInRomeOf = (d: Date): IsoDay => todayInRome(new Date(d.getTime() + 12 * 3_600_000));
