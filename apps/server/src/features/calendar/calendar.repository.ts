import type { Calendar } from '@studiolo/domain/calendar';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  calendarResources,
  calendars,
  events,
  patients,
  products,
  studioMembers,
  studios,
} from '../../db/schema/index.ts';
import { countOwnedIn, inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type EventRow = typeof events.$inferSelect;
export type EventColumns = Omit<typeof events.$inferInsert, 'id' | 'studioId' | 'createdAt' | 'updatedAt'>;
export type CalendarRow = typeof calendars.$inferSelect;
/** The API shape of a calendar (also what linking one to Google answers). */
export const toCalendar = (row: CalendarRow): Calendar => ({
  id: row.id,
  studioId: row.studioId,
  summary: row.summary,
  description: row.description,
  googleCalendarId: row.googleCalendarId,
  googleColor: row.googleColor,
});
/** What an event shows (toEvent): the row without its bookkeeping (timestamps of the row and of the Google copy). */
const {
  createdAt: _c,
  updatedAt: _u,
  googlePushedAt: _p,
  googleEventId: _g,
  ...listedEventColumns
} = getTableColumns(events);
export type ListedEvent = Omit<EventRow, 'createdAt' | 'updatedAt' | 'googlePushedAt' | 'googleEventId'>;
/** An event row with the patient's display data. */
export type EventWithPatient = {
  event: ListedEvent;
  patient: {
    id: string;
    sortName: string;
    tags: string[];
    tipologiaPersona: string;
    nome: string | null;
    cognome: string | null;
    ragioneSociale: string | null;
  } | null;
};

export type EventFilter = {
  calendarIds: string[];
  staffMembersIds: string[];
  colors: string[];
  medicalDeviceIds: string[];
  pazienteIds: string[];
  tagIds: string[];
};

/** An appointment lasts at most 7 days (event.schema.ts), so its start lies within a week before the window. */
const longestEvent = 7 * 86_400_000;

const filterConditions = (f: EventFilter): (SQL | undefined)[] => [
  f.calendarIds.length ? inArray(events.calendarId, f.calendarIds) : undefined,
  f.staffMembersIds.length ? inArray(events.staffMemberId, f.staffMembersIds) : undefined,
  f.colors.length
    ? inArray(
        sql`upper(${events.color})`,
        f.colors.map((c) => c.toUpperCase()),
      )
    : undefined,
  f.medicalDeviceIds.length ? sql`${events.medicalDeviceIds} && ${sql.param(f.medicalDeviceIds)}::uuid[]` : undefined,
  f.pazienteIds.length ? inArray(events.pazienteId, f.pazienteIds) : undefined,
  f.tagIds.length ? sql`${patients.tags} && ${sql.param(f.tagIds)}::text[]` : undefined,
];

const withPatient = (db: DbOrTx) =>
  db
    .select({
      // fewer columns: a busy week maps thousands of rows, a timestamp being the dearest column to map
      event: listedEventColumns,
      patient: {
        id: patients.id,
        sortName: patients.sortName,
        tags: patients.tags,
        tipologiaPersona: patients.tipologiaPersona,
        nome: patients.nome,
        cognome: patients.cognome,
        ragioneSociale: patients.ragioneSociale,
      },
    })
    .from(events)
    .leftJoin(patients, eq(patients.id, events.pazienteId));

/** The tables an event's references name (countOwned). */
const ownedTables = {
  calendars,
  patients,
  staff: studioMembers,
  resources: calendarResources,
  products,
} as const;

export const calendarRepository = {
  /** The studio's e-mail (where backups go). SECURITY: the context's own studio, never an id from the request. */
  studioEmail: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ email: sql<string | null>`${studios.contatti}->>'email'` })
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0]?.email ?? null),

  /**
   * Adds exdates to several series in one statement (bulk delete): one UPDATE per series kept the embedded database,
   * and so /health, waiting for a transaction as long as the series were many (decision 033).
   */
  addExdatesOfMany: async (db: DbOrTx, ctx: StudioContext, bySeries: Map<string, Date[]>) => {
    if (bySeries.size === 0) return;
    const added = JSON.stringify(
      Object.fromEntries([...bySeries].map(([id, ds]) => [id, ds.map((d) => d.toISOString())])),
    );
    await db
      .update(events)
      .set({
        exdates: sql`${events.exdates} || array(select jsonb_array_elements_text(${added}::jsonb -> ${events.id}::text)::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(inStudio(events, ctx, inArray(events.id, [...bySeries.keys()])));
  },

  listCalendars: (db: DbOrTx, ctx: StudioContext) =>
    db.select().from(calendars).where(inStudio(calendars, ctx)).orderBy(asc(calendars.createdAt), asc(calendars.id)),

  findCalendar: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(calendars)
      .where(inStudio(calendars, ctx, eq(calendars.id, id)))
      .then((r) => r[0] ?? null),

  insertCalendar: (db: DbOrTx, ctx: StudioContext, columns: { summary: string; description: string | null }) =>
    db
      .insert(calendars)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as CalendarRow),

  updateCalendar: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    columns: { summary: string; description: string | null },
  ) =>
    db
      .update(calendars)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(calendars, ctx, eq(calendars.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  /**
   * Whether every one of these ids names a row of the studio in the table (reference checks before writing an event):
   * how many distinct ids when all do, -1 when one does not.
   */
  countOwned: async (
    db: DbOrTx,
    ctx: StudioContext,
    table: 'calendars' | 'patients' | 'staff' | 'resources' | 'products',
    ids: string[],
    resourceKind?: string,
  ) => {
    const unique = new Set(ids).size;
    const owned = await countOwnedIn(
      db,
      ctx,
      ownedTables[table],
      ids,
      table === 'resources' && resourceKind ? eq(calendarResources.kind, resourceKind) : undefined,
    );
    return owned === unique ? unique : -1;
  },

  insertEvent: (db: DbOrTx, ctx: StudioContext, columns: EventColumns) =>
    db
      .insert(events)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as EventRow),

  /** Several rows in one INSERT, returned in the order given. */
  insertEvents: (db: DbOrTx, ctx: StudioContext, rows: EventColumns[]) =>
    db
      .insert(events)
      .values(rows.map((columns) => ownedBy(ctx, columns)))
      .returning({ id: events.id })
      .then((r) => r.map((x) => x.id)),

  /** The studio's rows among ids, with their patients, in no particular order. */
  findEvents: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    withPatient(db)
      .where(inStudio(events, ctx, inArray(events.id, ids)))
      .then((r) => r as EventWithPatient[]),

  /** The studio's rows among ids, locked for the transaction, in no particular order. */
  findEventsForUpdate: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    db
      .select()
      .from(events)
      .where(inStudio(events, ctx, inArray(events.id, ids)))
      .for('update'),

  updateEvent: (db: DbOrTx, ctx: StudioContext, id: string, columns: Partial<EventColumns>) =>
    db
      .update(events)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(events, ctx, eq(events.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  findEvent: (db: DbOrTx, ctx: StudioContext, id: string) =>
    withPatient(db)
      .where(inStudio(events, ctx, eq(events.id, id)))
      .then((r) => (r[0] as EventWithPatient | undefined) ?? null),

  /** The rows linked to an accounting document. */
  linkedTo: (db: DbOrTx, ctx: StudioContext, documentId: string) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(inStudio(events, ctx, eq(events.linkedDocumentoContabileId, documentId)))
      .orderBy(asc(events.startAt), asc(events.id))
      .then((r) => r.map((x) => x.id)),

  unlinkFrom: (db: DbOrTx, ctx: StudioContext, documentId: string, keep: readonly string[], setNotPaid: boolean) =>
    db
      .update(events)
      .set({
        linkedDocumentoContabileId: null,
        linkedDocumentoContabileIdDocumento: null,
        ...(setNotPaid ? { isPagato: false } : {}),
        updatedAt: new Date(),
      })
      .where(
        inStudio(
          events,
          ctx,
          eq(events.linkedDocumentoContabileId, documentId),
          keep.length ? notInArray(events.id, [...keep]) : undefined,
        ),
      ),

  relink: (db: DbOrTx, ctx: StudioContext, from: string, to: { id: string; idDocumento: string; markPaid: boolean }) =>
    db
      .update(events)
      .set({
        linkedDocumentoContabileId: to.id,
        linkedDocumentoContabileIdDocumento: to.idDocumento,
        ...(to.markPaid ? { isPagato: true } : {}),
        updatedAt: new Date(),
      })
      .where(inStudio(events, ctx, eq(events.linkedDocumentoContabileId, from))),

  markLinkedPaid: (db: DbOrTx, ctx: StudioContext, documentId: string) =>
    db
      .update(events)
      .set({ isPagato: true, updatedAt: new Date() })
      .where(inStudio(events, ctx, eq(events.linkedDocumentoContabileId, documentId), eq(events.isPagato, false))),

  findEventForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(events)
      .where(inStudio(events, ctx, eq(events.id, id)))
      .for('update')
      .then((r) => r[0] ?? null),

  /** The exceptions of a series (its moved or changed occurrences). */
  exceptionsOf: (db: DbOrTx, ctx: StudioContext, seriesId: string) =>
    db
      .select()
      .from(events)
      .where(inStudio(events, ctx, eq(events.seriesId, seriesId))),

  deleteEvents: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([] as string[])
      : db
          .delete(events)
          .where(inStudio(events, ctx, inArray(events.id, ids)))
          .returning({ id: events.id })
          .then((r) => r.map((x) => x.id)),

  /**
   * What may show in [from, to): appointments and exceptions overlapping it, and series whose span overlaps it
   * (their occurrences are computed by the caller). Two index range scans, one per kind of row.
   */
  window: async (db: DbOrTx, ctx: StudioContext, from: Date, to: Date, filter: EventFilter) => {
    const single = await withPatient(db).where(
      inStudio(
        events,
        ctx,
        isNull(events.rrule),
        gt(events.startAt, new Date(from.getTime() - longestEvent)),
        lt(events.startAt, to),
        gt(events.endAt, from),
        ...filterConditions(filter),
      ),
    );
    const series = await withPatient(db).where(
      inStudio(
        events,
        ctx,
        isNotNull(events.rrule),
        gt(events.untilAt, from),
        lt(events.startAt, to),
        ...filterConditions(filter),
      ),
    );
    return { single: single as EventWithPatient[], series: series as EventWithPatient[] };
  },

  /** Every appointment and series of a patient (GET /events/paziente/{id}). */
  ofPatient: (db: DbOrTx, ctx: StudioContext, pazienteId: string) =>
    withPatient(db)
      .where(inStudio(events, ctx, eq(events.pazienteId, pazienteId)))
      .orderBy(asc(events.startAt))
      .then((r) => r as EventWithPatient[]),

  /** Unpaid, unbilled appointments and series with a patient that started before `before`. */
  unpaidBefore: (db: DbOrTx, ctx: StudioContext, before: Date) =>
    withPatient(db)
      .where(
        inStudio(
          events,
          ctx,
          isNotNull(events.pazienteId),
          lt(events.startAt, before),
          or(isNotNull(events.rrule), and(eq(events.isPagato, false), isNull(events.linkedDocumentoContabileId))),
        ),
      )
      .then((r) => r as EventWithPatient[]),
};
