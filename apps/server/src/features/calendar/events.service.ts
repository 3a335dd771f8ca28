import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReservationStatus } from '@studiolo/domain/booking';
import {
  type CalendarEvent,
  type EventData,
  type EventsQuery,
  type EventUpdate,
  eventColorOf,
  externalEventIdMarker,
  fromRomeWall,
  calendarMessages as m,
  occurrencesBetween,
  type Series,
  seriesLastEnd,
  shiftedByWall,
  splitSeries,
  wallShift,
} from '@studiolo/domain/calendar';
import { patientDisplayName } from '@studiolo/domain/patients';
import { centsToEuros } from '@studiolo/domain/shared';
import type { DbOrTx } from '../../db/client.ts';
import { studioVersions } from '../../db/studio-versions.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type AuditActor, recordAudit, recordAudits } from '../audit/audit.repository.ts';
import {
  type EventColumns,
  type EventFilter,
  type EventRow,
  type EventWithPatient,
  type ListedEvent,
  calendarRepository as repo,
} from './calendar.repository.ts';
import { externalEventsBetween, getExternalEvent } from './google-calendar.service.ts';

/** The end of a series that never ends (the latest instant PostgreSQL and JavaScript both hold, far enough). */
const infinity = new Date('9999-12-31T23:59:59.999Z');

/** Occurrence ids: the series id and the occurrence's original start, e.g. "…uuid…_20261123T090000Z". */
const occurrenceIdOf = (seriesId: string, originalStart: Date) =>
  `${seriesId}_${originalStart
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;

const parseEventId = (id: string): { rowId: string; occurrence: Date | null } => {
  // spec part 1 §3: the external calendar's events are read-only here
  if (id.startsWith(externalEventIdMarker)) throw new AppError('VALIDATION', m.externalReadOnly);
  const match = /^([0-9a-f-]{36})(?:_(\d{8}T\d{6}Z))?$/i.exec(id);
  if (!match) throw notFound();
  const stamp = match[2];
  if (!stamp) return { rowId: match[1] as string, occurrence: null };
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  const occurrence = new Date(iso);
  if (Number.isNaN(occurrence.getTime())) throw notFound();
  return { rowId: match[1] as string, occurrence };
};

const seriesOf = (row: ListedEvent): Series => ({
  start: row.startAt,
  end: row.endAt,
  rrule: row.rrule as string,
  exdates: row.exdates,
});

const toEvent = (
  { event: e, patient }: EventWithPatient,
  occurrence?: { start: Date; end: Date; originalStart: Date },
): CalendarEvent => {
  const color = eventColorOf(e.color);
  const nomeCompleto = patient ? patientDisplayName(patient as Parameters<typeof patientDisplayName>[0]) : null;
  return {
    id: occurrence ? occurrenceIdOf(e.id, occurrence.originalStart) : e.id,
    seriesId: occurrence ? e.id : e.seriesId,
    originalStart: (occurrence?.originalStart ?? e.originalStart)?.toISOString() ?? null,
    studioId: e.studioId,
    calendarId: e.calendarId,
    summary: e.summary,
    start: (occurrence?.start ?? e.startAt).toISOString(),
    end: (occurrence?.end ?? e.endAt).toISOString(),
    allDay: e.allDay,
    rrule: e.rrule,
    color: color.hex,
    googleColorId: color.googleColorId,
    googleCalendarId: e.googleCalendarId,
    googleEventOwner: e.googleEventOwner,
    pazienteId: e.pazienteId,
    pazienteName: nomeCompleto,
    paziente: patient && nomeCompleto !== null ? { id: patient.id, nomeCompleto, tags: patient.tags } : null,
    staffMemberId: e.staffMemberId,
    clinicRoomId: e.clinicRoomId,
    serviceLocationId: e.serviceLocationId,
    medicalDeviceIds: e.medicalDeviceIds,
    productId: e.productId,
    price: e.priceCents === null ? null : centsToEuros(e.priceCents),
    isPagato: e.isPagato,
    note: e.note,
    linkedDocumentoContabileId: e.linkedDocumentoContabileId,
    linkedDocumentoContabileIdDocumento: e.linkedDocumentoContabileIdDocumento,
    reservationStatus: e.reservationStatus,
  };
};

/** SECURITY: every id an event points at must belong to the studio (the foreign keys alone would accept another's). */
const checkReferences = async (db: DbOrTx, ctx: StudioContext, e: EventData) => {
  const owned = async (
    field: string,
    table: Parameters<typeof repo.countOwned>[2],
    ids: (string | null | undefined)[],
    kind?: string,
  ) => {
    const present = ids.filter((x): x is string => Boolean(x));
    if ((await repo.countOwned(db, ctx, table, present, kind)) < 0) throw invalidField(field, 'Elemento non trovato');
  };
  await owned('calendarId', 'calendars', [e.calendarId]);
  await owned('pazienteId', 'patients', [e.pazienteId]);
  await owned('staffMemberId', 'staff', [e.staffMemberId]);
  await owned('clinicRoomId', 'resources', [e.clinicRoomId], 'rooms');
  await owned('serviceLocationId', 'resources', [e.serviceLocationId], 'service-locations');
  await owned('medicalDeviceIds', 'resources', e.medicalDeviceIds, 'medical-devices');
  await owned('productId', 'products', [e.productId]);
};

/** The stored columns of an event's data (a series when it has a rule). */
const columnsOf = (e: EventData): EventColumns => {
  const untilAt = e.rrule ? (seriesLastEnd({ start: e.start, end: e.end, rrule: e.rrule }) ?? infinity) : e.end;
  return {
    calendarId: e.calendarId,
    summary: e.summary,
    startAt: e.start,
    endAt: e.end,
    untilAt,
    allDay: e.allDay,
    rrule: e.rrule,
    color: eventColorOf(e.color).hex,
    pazienteId: e.pazienteId ?? null,
    staffMemberId: e.staffMemberId ?? null,
    clinicRoomId: e.clinicRoomId ?? null,
    serviceLocationId: e.serviceLocationId ?? null,
    medicalDeviceIds: e.medicalDeviceIds,
    productId: e.productId ?? null,
    priceCents: e.price ?? null,
    isPagato: e.isPagato,
    note: e.note,
  };
};

const audit = (db: DbOrTx, ctx: AuditActor, action: string, entityId: string, detail?: string) =>
  recordAudit(db, ctx, { action, entityType: 'event', entityId, ...(detail ? { detail } : {}) });

/** Start order, then id: ISO instants compare as plain strings (a locale-aware compare is far slower on a busy week). */
const byStartThenId = (a: CalendarEvent, b: CalendarEvent) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The window of an API range: from the start day's midnight in Rome to the midnight after the end day. */
export const romeDayRange = (start: string, end: string) => {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(fromRomeWall(Date.UTC(sy, sm - 1, sd))),
    to: new Date(fromRomeWall(Date.UTC(ey, em - 1, ed + 1))),
  };
};

/** The events a window shows: appointments, exceptions and every occurrence of the series, in start order. */
export const eventsBetween = async (db: DbOrTx, ctx: StudioContext, from: Date, to: Date, filter: EventFilter) => {
  const { single, series } = await repo.window(db, ctx, from, to, filter);
  const result = single.map((row) => toEvent(row));
  for (const row of series)
    for (const occurrence of occurrencesBetween(seriesOf(row.event), from, to)) result.push(toEvent(row, occurrence));
  return result.sort(byStartThenId);
};

const month = 31 * 86_400_000;

/**
 * eventsBetween a month at a time, with a turn of the event loop between months: PGlite runs each query
 * synchronously, so a year of a busy studio in one go kept /health waiting (decision 033). The first month takes
 * what overlaps the window, each later one what starts in it; every month is in start order and starts after the
 * events of the one before, so the whole is in start order too.
 */
const eventsBetweenByMonth = async (db: DbOrTx, ctx: StudioContext, from: Date, to: Date, filter: EventFilter) => {
  const result: CalendarEvent[] = [];
  for (let chunk = from.getTime(); chunk < to.getTime(); chunk += month) {
    if (chunk > from.getTime()) await nextTurn();
    const part = await eventsBetween(db, ctx, new Date(chunk), new Date(Math.min(chunk + month, to.getTime())), filter);
    for (const e of part) if (chunk === from.getTime() || Date.parse(e.start) >= chunk) result.push(e);
  }
  return result;
};

/**
 * GET /events: the studio's appointments (all calendars when calendarIds is empty, none when only Google calendars
 * are asked) and the mirrored events of the Google calendars in gcalendarIds (decision 014).
 */
export const listEvents = async (deps: AppDeps, ctx: StudioContext, q: EventsQuery) => {
  const { from, to } = romeDayRange(q.start, q.end);
  const onlyGoogle = q.gcalendarIds.length > 0 && q.calendarIds.length === 0;
  const own = onlyGoogle ? [] : await eventsBetweenByMonth(deps.db, ctx, from, to, q);
  const external = await externalEventsBetween(deps, ctx, from, to, q);
  if (external.length === 0) return own;
  return [...own, ...external].sort(byStartThenId);
};

/** The cache key of a GET /events query: its studio, range and filters (lists as sets, in any order). */
const answerKey = (ctx: StudioContext, q: EventsQuery) => {
  const { studioId: _asked, start, end, ...lists } = q;
  const filters = Object.entries(lists).map(([name, values]) => `${name}=${[...values].sort().join(',')}`);
  return [ctx.studioId, start, end, ...filters.sort()].join('&');
};

/**
 * GET /events as it goes on the wire. A studio's staff keep asking for the same few weeks, so the answer is built
 * once per version of what it shows and kept ready, gzipped too (decision 016). The version is read before the
 * events: an answer can only be newer than the version it is kept at, never older.
 */
export const listEventsAnswer = async (deps: AppDeps, ctx: StudioContext, q: EventsQuery) => {
  const version = await studioVersions(deps.db, ctx);
  return deps.eventsAnswers.get(answerKey(ctx, q), version, async () => ok(await listEvents(deps, ctx, q)));
};

export const getEvent = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  if (id.startsWith(externalEventIdMarker)) return getExternalEvent(deps, ctx, id);
  const { rowId, occurrence } = parseEventId(id);
  const row = await repo.findEvent(deps.db, ctx, rowId);
  if (!row) throw notFound();
  if (!occurrence) return toEvent(row);
  if (!row.event.rrule) throw notFound();
  const found = occurrencesBetween(seriesOf(row.event), occurrence, new Date(occurrence.getTime() + 1)).find(
    (o) => o.start.getTime() === occurrence.getTime(),
  );
  if (!found) throw notFound();
  return toEvent(row, found);
};

export const eventsOfPatient = async (deps: AppDeps, ctx: StudioContext, pazienteId: string) => {
  if ((await repo.countOwned(deps.db, ctx, 'patients', [pazienteId])) < 0) throw notFound();
  const rows = await repo.ofPatient(deps.db, ctx, pazienteId);
  const result: CalendarEvent[] = [];
  for (const row of rows) {
    if (!row.event.rrule) result.push(toEvent(row));
    else {
      // a series shows its occurrences up to its end, or two years after today when it never ends
      const until =
        row.event.untilAt.getTime() < infinity.getTime() ? row.event.untilAt : new Date(Date.now() + 730 * 86_400_000);
      for (const o of occurrencesBetween(seriesOf(row.event), row.event.startAt, until)) result.push(toEvent(row, o));
    }
  }
  return result.sort(byStartThenId);
};

const readEvent = async (db: DbOrTx, ctx: StudioContext, id: string) => {
  const row = await repo.findEvent(db, ctx, id);
  if (!row) throw notFound();
  return toEvent(row);
};

export const createEvent = (deps: AppDeps, ctx: StudioContext, input: EventData) =>
  deps.db.transaction((tx) => createEventIn(tx, ctx, input));

/**
 * POST /events inside the caller's transaction: the same checks, row and audit. Online booking (decision 035) makes
 * its appointment this way, in the transaction that holds the slot's locks, with its reservation status and as the
 * audit actor it names (a patient has no user id).
 */
export const createEventIn = async (
  tx: DbOrTx,
  ctx: StudioContext,
  input: EventData,
  opts: { reservationStatus?: ReservationStatus; actor?: AuditActor } = {},
) => {
  await checkReferences(tx, ctx, input);
  const row = await repo.insertEvent(tx, ctx, {
    ...columnsOf(input),
    ...(opts.reservationStatus ? { reservationStatus: opts.reservationStatus } : {}),
  });
  await recordAudit(tx, opts.actor ?? ctx, { action: 'event.create', entityType: 'event', entityId: row.id });
  return readEvent(tx, ctx, row.id);
};

/**
 * DELETE /events/{id} of a single appointment inside the caller's transaction (a cancelled online booking deletes its
 * event, decision 035). @returns whether there was one to delete.
 */
export const deleteAppointmentIn = async (tx: DbOrTx, ctx: StudioContext, rowId: string, actor?: AuditActor) => {
  const deleted = await repo.deleteEvents(tx, ctx, [rowId]);
  if (deleted.length === 0) return false;
  await recordAudit(tx, actor ?? ctx, { action: 'event.delete', entityType: 'event', entityId: rowId });
  return true;
};

/**
 * PUT /events. An appointment or an exception changes in place; a whole series (its own id) changes with its
 * exdates and exceptions moved by the same wall-clock shift; one occurrence changes alone (SINGLE: an exception
 * replaces it) or with the following ones (AFTER: the series is split there).
 */
export const updateEvent = (deps: AppDeps, ctx: StudioContext, input: EventUpdate) =>
  deps.db.transaction(async (tx) => {
    if (input.id.startsWith(externalEventIdMarker)) throw new AppError('VALIDATION', m.externalReadOnly);
    const { rowId, occurrence } = parseEventId(input.id);
    const row = await repo.findEventForUpdate(tx, ctx, rowId);
    if (!row) throw notFound();
    await checkReferences(tx, ctx, input);
    const data = columnsOf(input);

    // an exception edited with its following occurrences stands for its occurrence in the series
    if (!occurrence && row.seriesId && row.originalStart && input.updateEventOption === 'AFTER') {
      const series = await repo.findEventForUpdate(tx, ctx, row.seriesId);
      if (!series?.rrule) throw notFound();
      return updateFollowing(tx, ctx, series, row.originalStart, input, data);
    }

    if (!occurrence) {
      if (row.rrule && data.rrule) {
        const shift = wallShift(row.startAt, data.startAt);
        data.exdates = row.exdates.map((d) => shiftedByWall(d, shift));
        for (const ex of await repo.exceptionsOf(tx, ctx, row.id))
          await repo.updateEvent(tx, ctx, ex.id, {
            originalStart: ex.originalStart ? shiftedByWall(ex.originalStart, shift) : null,
          });
      }
      if (row.seriesId) data.rrule = null; // an exception stays one occurrence
      const updated = await repo.updateEvent(tx, ctx, row.id, data);
      if (!updated) throw notFound();
      await audit(tx, ctx, 'event.update', row.id);
      return readEvent(tx, ctx, row.id);
    }

    if (!row.rrule) throw notFound();
    const series = seriesOf(row);
    const exists = occurrencesBetween({ ...series, exdates: [] }, occurrence, new Date(occurrence.getTime() + 1)).some(
      (o) => o.start.getTime() === occurrence.getTime(),
    );
    if (!exists) throw notFound();
    if (!input.updateEventOption) throw invalidField('updateEventOption', m.scopeRequired);

    if (input.updateEventOption === 'SINGLE') {
      await repo.updateEvent(tx, ctx, row.id, { exdates: [...row.exdates, occurrence] });
      const exception = await repo.insertEvent(tx, ctx, {
        ...data,
        rrule: null,
        untilAt: data.endAt,
        seriesId: row.id,
        originalStart: occurrence,
      });
      await audit(tx, ctx, 'event.update', row.id, 'SINGLE');
      return readEvent(tx, ctx, exception.id);
    }

    return updateFollowing(tx, ctx, row, occurrence, input, data);
  });

/**
 * AFTER: the series is split at the occurrence; the head keeps what comes before, the tail is a new series from the
 * changed occurrence on. Exdates and exceptions after it move with the tail by the same wall-clock shift; the
 * exception being edited (when the user edits an exception) is replaced by the tail's first occurrence.
 */
const updateFollowing = async (
  tx: DbOrTx,
  ctx: StudioContext,
  row: EventRow,
  occurrence: Date,
  input: EventUpdate,
  data: EventColumns,
) => {
  const series = seriesOf(row);
  const { headRrule, tailRrule } = splitSeries(series, occurrence);
  const rule = input.rrule ? data.rrule : tailRrule;
  const shift = wallShift(occurrence, data.startAt);
  const tailColumns: EventColumns = {
    ...data,
    rrule: rule,
    untilAt: rule ? (seriesLastEnd({ start: data.startAt, end: data.endAt, rrule: rule }) ?? infinity) : data.endAt,
    exdates: row.exdates.filter((d) => d > occurrence).map((d) => shiftedByWall(d, shift)),
  };
  const tail = await repo.insertEvent(tx, ctx, tailColumns);
  for (const ex of await repo.exceptionsOf(tx, ctx, row.id)) {
    if (!ex.originalStart || ex.originalStart < occurrence) continue;
    if (ex.originalStart.getTime() === occurrence.getTime()) await repo.deleteEvents(tx, ctx, [ex.id]);
    else
      await repo.updateEvent(tx, ctx, ex.id, {
        seriesId: tail.id,
        originalStart: shiftedByWall(ex.originalStart, shift),
      });
  }
  if (headRrule === null) await repo.deleteEvents(tx, ctx, [row.id]);
  else
    await repo.updateEvent(tx, ctx, row.id, {
      rrule: headRrule,
      untilAt: seriesLastEnd({ start: row.startAt, end: row.endAt, rrule: headRrule }) ?? infinity,
      exdates: row.exdates.filter((d) => d < occurrence),
    });
  await audit(tx, ctx, 'event.update', row.id, 'AFTER');
  const first = occurrencesBetween(
    { start: tail.startAt, end: tail.endAt, rrule: tail.rrule ?? 'FREQ=DAILY;COUNT=1', exdates: [] },
    tail.startAt,
    new Date(tail.startAt.getTime() + 1),
  )[0];
  const stored = await repo.findEvent(tx, ctx, tail.id);
  if (!stored) throw notFound();
  return tail.rrule && first ? toEvent(stored, first) : toEvent(stored);
};

/** DELETE /events/{id}: an appointment, an exception (its occurrence stays removed), or a whole series. */
export const deleteEvent = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const { rowId, occurrence } = parseEventId(id);
    if (occurrence) return deleteOccurrences(tx, ctx, id, 'SINGLE');
    const row = await repo.findEventForUpdate(tx, ctx, rowId);
    if (!row) throw notFound();
    await repo.deleteEvents(tx, ctx, [row.id]);
    await audit(tx, ctx, 'event.delete', row.id);
  });

/** DELETE /events/recur/{id}: one occurrence (SINGLE), it and the following (AFTER), or the whole series (ALL). */
export const deleteRecurring = (deps: AppDeps, ctx: StudioContext, id: string, option: 'ALL' | 'SINGLE' | 'AFTER') =>
  deps.db.transaction((tx) => deleteOccurrences(tx, ctx, id, option));

/**
 * One occurrence of a series removed inside the caller's transaction, as DELETE /events/recur/{id} SINGLE does (a
 * patient cancelling it through a reminder's link, decision 036, with the patient as the audit's actor).
 */
export const deleteOccurrenceIn = (tx: DbOrTx, ctx: StudioContext, id: string, actor: AuditActor) =>
  deleteOccurrences(tx, ctx, id, 'SINGLE', actor);

const deleteOccurrences = async (
  tx: DbOrTx,
  ctx: StudioContext,
  id: string,
  option: 'ALL' | 'SINGLE' | 'AFTER',
  actor: AuditActor = ctx,
) => {
  const { rowId, occurrence } = parseEventId(id);
  let row = await repo.findEventForUpdate(tx, ctx, rowId);
  if (!row) throw notFound();
  // an exception stands for its occurrence in its series
  let at = occurrence;
  if (row.seriesId && row.originalStart) {
    at = row.originalStart;
    const exceptionId = row.id;
    row = await repo.findEventForUpdate(tx, ctx, row.seriesId);
    if (!row) throw notFound();
    if (option === 'SINGLE') {
      await repo.deleteEvents(tx, ctx, [exceptionId]);
      await audit(tx, actor, 'event.delete', row.id, 'SINGLE');
      return;
    }
  }
  if (!row.rrule || option === 'ALL' || !at) {
    await repo.deleteEvents(tx, ctx, [row.id]);
    await audit(tx, actor, 'event.delete', row.id, 'ALL');
    return;
  }
  const series = seriesOf(row);
  if (option === 'SINGLE') {
    await repo.updateEvent(tx, ctx, row.id, { exdates: [...row.exdates, at] });
    const exceptions = await repo.exceptionsOf(tx, ctx, row.id);
    await repo.deleteEvents(
      tx,
      ctx,
      exceptions.filter((e) => e.originalStart?.getTime() === at.getTime()).map((e) => e.id),
    );
    await audit(tx, actor, 'event.delete', row.id, 'SINGLE');
    return;
  }
  const { headRrule } = splitSeries(series, at);
  const later = (await repo.exceptionsOf(tx, ctx, row.id)).filter((e) => e.originalStart && e.originalStart >= at);
  await repo.deleteEvents(
    tx,
    ctx,
    later.map((e) => e.id),
  );
  if (headRrule === null) await repo.deleteEvents(tx, ctx, [row.id]);
  else
    await repo.updateEvent(tx, ctx, row.id, {
      rrule: headRrule,
      untilAt: seriesLastEnd({ start: row.startAt, end: row.endAt, rrule: headRrule }) ?? infinity,
      exdates: row.exdates.filter((d) => d < at),
    });
  await audit(tx, actor, 'event.delete', row.id, 'AFTER');
};

/** A row copied from another starts without the other's Google copy (it gets its own at the next sync). */
const noGoogleCopy = { googleEventId: null, googleCalendarId: null, googleEventOwner: null, googlePushedAt: null };

/**
 * Writes columns of one appointment, or of one occurrence of a series, which first becomes an exception of its own.
 * @returns the id of the row written (the exception's for an occurrence).
 */
const changeEventOrOccurrence = async (
  tx: DbOrTx,
  ctx: StudioContext,
  eventId: string,
  columns: Partial<EventColumns>,
): Promise<string> => {
  const { rowId, occurrence } = parseEventId(eventId);
  const row = await repo.findEventForUpdate(tx, ctx, rowId);
  if (!row) throw notFound();
  if (!occurrence) {
    await repo.updateEvent(tx, ctx, row.id, columns);
    return row.id;
  }
  if (!row.rrule) throw notFound();
  const found = occurrencesBetween(seriesOf(row), occurrence, new Date(occurrence.getTime() + 1)).find(
    (o) => o.start.getTime() === occurrence.getTime(),
  );
  if (!found) throw notFound();
  await repo.updateEvent(tx, ctx, row.id, { exdates: [...row.exdates, occurrence] });
  const { id: _id, studioId: _s, createdAt: _c, updatedAt: _u, ...rest } = row;
  const exception = await repo.insertEvent(tx, ctx, {
    ...rest,
    ...noGoogleCopy,
    rrule: null,
    exdates: [],
    startAt: found.start,
    endAt: found.end,
    untilAt: found.end,
    seriesId: row.id,
    originalStart: occurrence,
    ...columns,
  });
  return exception.id;
};

/** PUT /events/paid: marks one appointment (or one occurrence, which becomes an exception) paid or not. */
export const setPaid = (deps: AppDeps, ctx: StudioContext, eventId: string, isPagato: boolean) =>
  deps.db.transaction(async (tx) => {
    const id = await changeEventOrOccurrence(tx, ctx, eventId, { isPagato });
    await audit(tx, ctx, 'event.paid', parseEventId(eventId).rowId);
    return readEvent(tx, ctx, id);
  });

/** An appointment as invoicing sees it: whose it is and which document it is linked to. */
export type LinkableEvent = {
  pazienteId: string | null;
  linkedDocumentoContabileId: string | null;
  linkedIdDocumento: string | null;
};

/**
 * For invoicing (spec part 2 §4): links appointments (or occurrences, which become exceptions) to a document, inside
 * the document's transaction. Each must be of the patient and not linked to another document; marking paid follows
 * a paid invoice.
 * @returns the linked rows' ids.
 */
export const linkEventsToDocument = async (
  tx: DbOrTx,
  ctx: StudioContext,
  doc: { id: string; idDocumento: string; pazienteId: string | null; markPaid: boolean },
  eventIds: readonly string[],
  errors: { notOfPatient: () => Error; linkedElsewhere: (idDocumento: string) => Error },
): Promise<string[]> => {
  const linked: string[] = [];
  for (const eventId of new Set(eventIds)) {
    let rowId: string;
    try {
      rowId = parseEventId(eventId).rowId;
    } catch {
      throw errors.notOfPatient();
    }
    const row = await repo.findEventForUpdate(tx, ctx, rowId);
    if (!row || row.pazienteId === null || row.pazienteId !== doc.pazienteId) throw errors.notOfPatient();
    if (row.linkedDocumentoContabileId && row.linkedDocumentoContabileId !== doc.id)
      throw errors.linkedElsewhere(row.linkedDocumentoContabileIdDocumento ?? row.linkedDocumentoContabileId);
    const id = await changeEventOrOccurrence(tx, ctx, eventId, {
      linkedDocumentoContabileId: doc.id,
      linkedDocumentoContabileIdDocumento: doc.idDocumento,
      ...(doc.markPaid ? { isPagato: true } : {}),
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw errors.notOfPatient();
      throw err;
    });
    linked.push(id);
  }
  return linked;
};

/** The appointments linked to a document. */
export const linkedEventIds = (db: DbOrTx, ctx: StudioContext, documentId: string) =>
  repo.linkedTo(db, ctx, documentId);

/**
 * Unlinks a document's appointments, all or those not kept; with setNotPaid they also go back to unpaid
 * (DELETE /documento-contabile with setLinkedEventsAsNotPaid).
 */
export const unlinkEventsFromDocument = (
  tx: DbOrTx,
  ctx: StudioContext,
  documentId: string,
  opts: { keep?: readonly string[]; setNotPaid?: boolean } = {},
) => repo.unlinkFrom(tx, ctx, documentId, opts.keep ?? [], opts.setNotPaid ?? false);

/** Moves a document's links to another document (a pro-forma's to its invoice), and marks them paid when it is. */
export const moveEventLinks = (
  tx: DbOrTx,
  ctx: StudioContext,
  from: string,
  to: { id: string; idDocumento: string; markPaid: boolean },
) => repo.relink(tx, ctx, from, to);

/** Marks a document's appointments paid (an invoice marked paid). */
export const setDocumentEventsPaid = (tx: DbOrTx, ctx: StudioContext, documentId: string) =>
  repo.markLinkedPaid(tx, ctx, documentId);

/**
 * POST /events/duplicate: each event copied at its new time, as a single appointment, in one transaction of four
 * statements whatever the number of copies (one per copy kept /health waiting on the embedded database, decision 033).
 */
export const duplicateEvents = (deps: AppDeps, ctx: StudioContext, copies: { id: string; start: Date; end: Date }[]) =>
  deps.db.transaction(async (tx) => {
    if (copies.length === 0) return [];
    const rowIds = copies.map((copy) => parseEventId(copy.id).rowId);
    const sources = new Map((await repo.findEventsForUpdate(tx, ctx, [...new Set(rowIds)])).map((r) => [r.id, r]));
    const insertedIds = await repo.insertEvents(
      tx,
      ctx,
      copies.map((copy, i) => {
        const row = sources.get(rowIds[i] as string);
        if (!row) throw notFound();
        const { id: _id, studioId: _s, createdAt: _c, updatedAt: _u, ...rest } = row;
        return {
          ...rest,
          rrule: null,
          exdates: [],
          seriesId: null,
          originalStart: null,
          startAt: copy.start,
          endAt: copy.end,
          untilAt: copy.end,
          isPagato: false,
          linkedDocumentoContabileId: null,
          linkedDocumentoContabileIdDocumento: null,
          // a copy is the studio's own appointment, not an online booking (decision 035)
          reservationStatus: null,
          ...noGoogleCopy,
        };
      }),
    );
    await recordAudits(
      tx,
      ctx,
      insertedIds.map((entityId) => ({ action: 'event.duplicate', entityType: 'event', entityId })),
    );
    const created = new Map((await repo.findEvents(tx, ctx, insertedIds)).map((r) => [r.event.id, r]));
    return insertedIds.map((id) => toEvent(created.get(id) as EventWithPatient));
  });

type ToPayRow = {
  paziente: { id: string; nomeCompleto: string };
  appuntamentiDaSaldare: number;
  importoDaSaldare: number;
  ultimoAppuntamento: string;
};

/**
 * GET /events/appointments-to-pay: per patient, the past appointments neither paid nor linked to an accounting
 * document (occurrences of a series count one by one), with their amount, sorted as asked (most to settle first).
 */
export const appointmentsToPay = async (
  deps: AppDeps,
  ctx: StudioContext,
  q: {
    page: number;
    size: number;
    sortBy: 'appuntamentiDaSaldare' | 'importoDaSaldare' | 'ultimoAppuntamento' | 'paziente';
  },
) => {
  const now = deps.now();
  const rows = await repo.unpaidBefore(deps.db, ctx, now);
  const byPatient = new Map<string, { row: ToPayRow; cents: number }>();
  const count = (r: EventWithPatient, start: Date) => {
    if (!r.patient) return;
    const entry = byPatient.get(r.patient.id) ?? {
      row: {
        paziente: {
          id: r.patient.id,
          nomeCompleto: patientDisplayName(r.patient as Parameters<typeof patientDisplayName>[0]),
        },
        appuntamentiDaSaldare: 0,
        importoDaSaldare: 0,
        ultimoAppuntamento: start.toISOString(),
      },
      cents: 0,
    };
    entry.row.appuntamentiDaSaldare += 1;
    entry.cents += r.event.priceCents ?? 0;
    if (start.toISOString() > entry.row.ultimoAppuntamento) entry.row.ultimoAppuntamento = start.toISOString();
    byPatient.set(r.patient.id, entry);
  };
  for (const r of rows) {
    if (!r.event.rrule) count(r, r.event.startAt);
    else if (!r.event.isPagato && !r.event.linkedDocumentoContabileId)
      for (const o of occurrencesBetween(seriesOf(r.event), r.event.startAt, now)) if (o.start < now) count(r, o.start);
  }
  const all = [...byPatient.values()].map(({ row, cents }) => ({ ...row, importoDaSaldare: centsToEuros(cents) }));
  const order: Record<typeof q.sortBy, (a: ToPayRow, b: ToPayRow) => number> = {
    appuntamentiDaSaldare: (a, b) => b.appuntamentiDaSaldare - a.appuntamentiDaSaldare,
    importoDaSaldare: (a, b) => b.importoDaSaldare - a.importoDaSaldare,
    ultimoAppuntamento: (a, b) => b.ultimoAppuntamento.localeCompare(a.ultimoAppuntamento),
    paziente: () => 0,
  };
  all.sort((a, b) => order[q.sortBy](a, b) || a.paziente.nomeCompleto.localeCompare(b.paziente.nomeCompleto, 'it'));
  return {
    content: all.slice(q.page * q.size, (q.page + 1) * q.size),
    totalElements: all.length,
    totalPages: Math.ceil(all.length / q.size),
    page: q.page,
    size: q.size,
  };
};
