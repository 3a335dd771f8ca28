import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointmentImportRows,
  appointmentImports,
  appointmentReminders,
  calendars,
  clinicalDiaryEntries,
  events,
  patients,
  products,
  studioMembers,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type AppointmentImportRow = typeof appointmentImports.$inferSelect;
export type AppointmentImportPlanRow = typeof appointmentImportRows.$inferSelect;
export type NewAppointmentImportPlanRow = Omit<typeof appointmentImportRows.$inferInsert, 'studioId'>;
type EventInsert = Omit<typeof events.$inferInsert, 'studioId'>;

const byId = (ctx: StudioContext, id: string) => inStudio(appointmentImports, ctx, eq(appointmentImports.id, id));
const ofImport = (ctx: StudioContext, importId: string, ...more: SQL[]) =>
  inStudio(appointmentImportRows, ctx, eq(appointmentImportRows.importId, importId), ...more);

/** Roles that do not see patients: never the default staff member of an import (decision 045). */
const notPractitioners = ['ROLE_STAFF_CONTABILE', 'ROLE_CONTENT_MANAGER'];

export const appointmentImportsRepository = {
  insert: (db: DbOrTx, ctx: StudioContext, row: Omit<typeof appointmentImports.$inferInsert, 'studioId'>) =>
    db
      .insert(appointmentImports)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as AppointmentImportRow),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(appointmentImports)
      .where(byId(ctx, id))
      .then((r) => r[0] ?? null),

  findForUpdate: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(appointmentImports)
      .where(byId(ctx, id))
      .for('update')
      .then((r) => r[0] ?? null),

  update: (db: DbOrTx, ctx: StudioContext, id: string, set: Partial<typeof appointmentImports.$inferInsert>) =>
    db
      .update(appointmentImports)
      .set({ ...set, updatedAt: new Date() })
      .where(byId(ctx, id))
      .returning()
      .then((r) => r[0] ?? null),

  addProgress: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    add: { written: number; imported: number; skipped: number },
  ) =>
    db
      .update(appointmentImports)
      .set({
        written: sql`${appointmentImports.written} + ${add.written}`,
        imported: sql`${appointmentImports.imported} + ${add.imported}`,
        skipped: sql`${appointmentImports.skipped} + ${add.skipped}`,
        updatedAt: new Date(),
      })
      .where(byId(ctx, id)),

  /** unsafe: start-up only, no studio context (see patientImportsRepository.unsafeStaleStarted). */
  unsafeStaleStarted: (db: DbOrTx, before: Date) =>
    db
      .select({ id: appointmentImports.id, studioId: appointmentImports.studioId })
      .from(appointmentImports)
      .where(and(inArray(appointmentImports.status, ['QUEUED', 'RUNNING']), lt(appointmentImports.updatedAt, before)))
      .limit(100),

  /**
   * unsafe: the periodic sweep, no studio context: imports left in preview (never started) and untouched since
   * `before` are deleted; the trigger of migration 0041 hands their files to the storage sweep. @returns how many.
   */
  unsafeDeleteUnstarted: (db: DbOrTx, before: Date) =>
    db
      .delete(appointmentImports)
      .where(and(eq(appointmentImports.status, 'PREVIEW'), lt(appointmentImports.updatedAt, before)))
      .returning({ id: appointmentImports.id })
      .then((r) => r.length),

  /** The studio's patients as rows are matched against them (names, code, birth date: no clinical data). */
  patientRefs: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        id: patients.id,
        codiceFiscale: patients.codiceFiscale,
        cognome: patients.cognome,
        nome: patients.nome,
        ragioneSociale: patients.ragioneSociale,
        dataNascita: patients.dataNascita,
      })
      .from(patients)
      .where(inStudio(patients, ctx)),

  serviceRefs: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        id: products.id,
        name: products.name,
        durationMinutes: products.durationMinutes,
        grossPriceCents: products.grossPriceCents,
      })
      .from(products)
      .where(inStudio(products, ctx))
      // active services first: an inactive one of the same name is matched only when no active one has it
      .orderBy(sql`${products.status} = 'ACTIVE' desc`, asc(products.name)),

  staffRefs: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        id: studioMembers.id,
        name: studioMembers.name,
        lastname: studioMembers.lastname,
        email: studioMembers.email,
        role: studioMembers.role,
      })
      .from(studioMembers)
      .where(inStudio(studioMembers, ctx))
      .then((rows) => rows.map((r) => ({ ...r, practitioner: !notPractitioners.includes(r.role) }))),

  /** The studio's calendars, oldest first (the first is the default). */
  calendarIds: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ id: calendars.id })
      .from(calendars)
      .where(inStudio(calendars, ctx))
      .orderBy(asc(calendars.createdAt), asc(calendars.id))
      .then((r) => r.map((c) => c.id)),

  /**
   * The studio's single appointments (not series: see decision 045) starting in [from, to), as duplicates and
   * overlaps are found against them.
   */
  appointmentsBetween: (db: DbOrTx, ctx: StudioContext, from: Date, to: Date) =>
    db
      .select({
        id: events.id,
        pazienteId: events.pazienteId,
        staffMemberId: events.staffMemberId,
        start: events.startAt,
        end: events.endAt,
      })
      .from(events)
      .where(inStudio(events, ctx, isNull(events.rrule), gte(events.startAt, from), lt(events.startAt, to))),

  insertPlan: (db: DbOrTx, ctx: StudioContext, rows: NewAppointmentImportPlanRow[]) =>
    rows.length === 0 ? Promise.resolve() : db.insert(appointmentImportRows).values(rows.map((r) => ownedBy(ctx, r))),

  nextPending: (db: DbOrTx, ctx: StudioContext, importId: string, limit: number) =>
    db
      .select()
      .from(appointmentImportRows)
      .where(ofImport(ctx, importId, eq(appointmentImportRows.status, 'PENDING')))
      .orderBy(asc(appointmentImportRows.rowNumber))
      .limit(limit)
      .for('update'),

  setRowOutcome: (
    db: DbOrTx,
    ctx: StudioContext,
    importId: string,
    rowNumbers: number[],
    set: Partial<Pick<AppointmentImportPlanRow, 'status' | 'reason' | 'writtenAt' | 'input'>>,
  ) =>
    rowNumbers.length === 0
      ? Promise.resolve()
      : db
          .update(appointmentImportRows)
          .set(set)
          .where(ofImport(ctx, importId, inArray(appointmentImportRows.rowNumber, rowNumbers)))
          .then(() => undefined),

  rowsOf: (db: DbOrTx, ctx: StudioContext, importId: string) =>
    db
      .select({
        rowNumber: appointmentImportRows.rowNumber,
        action: appointmentImportRows.action,
        status: appointmentImportRows.status,
        name: appointmentImportRows.name,
        reason: appointmentImportRows.reason,
        eventId: appointmentImportRows.eventId,
        writtenAt: appointmentImportRows.writtenAt,
      })
      .from(appointmentImportRows)
      .where(ofImport(ctx, importId))
      .orderBy(asc(appointmentImportRows.rowNumber)),

  /** Of these patients, those still in the studio (one may have been deleted since the plan). */
  existingPatientIds: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve(new Set<string>())
      : db
          .select({ id: patients.id })
          .from(patients)
          .where(inStudio(patients, ctx, inArray(patients.id, ids)))
          .then((r) => new Set(r.map((p) => p.id))),

  /** Of these staff members and services, those still in the studio. */
  existingRefs: async (db: DbOrTx, ctx: StudioContext, staffIds: string[], productIds: string[]) => ({
    staff: new Set(
      staffIds.length === 0
        ? []
        : (
            await db
              .select({ id: studioMembers.id })
              .from(studioMembers)
              .where(inStudio(studioMembers, ctx, inArray(studioMembers.id, staffIds)))
          ).map((r) => r.id),
    ),
    products: new Set(
      productIds.length === 0
        ? []
        : (
            await db
              .select({ id: products.id })
              .from(products)
              .where(inStudio(products, ctx, inArray(products.id, productIds)))
          ).map((r) => r.id),
    ),
  }),

  calendarExists: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ id: calendars.id })
      .from(calendars)
      .where(inStudio(calendars, ctx, eq(calendars.id, id)))
      .then((r) => r.length > 0),

  insertEvents: (db: DbOrTx, ctx: StudioContext, rows: EventInsert[]) =>
    db
      .insert(events)
      .values(rows.map((r) => ownedBy(ctx, r)))
      .returning({ id: events.id, updatedAt: events.updatedAt }),

  /** The imported events as undo weighs them (locked until its transaction ends). */
  eventsForUndo: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: events.id,
            updatedAt: events.updatedAt,
            linkedDocumentoContabileId: events.linkedDocumentoContabileId,
          })
          .from(events)
          .where(inStudio(events, ctx, inArray(events.id, ids)))
          .for('update'),

  /** Of these events, those a clinical diary entry names, and those a reminder was sent for (the patient heard of it). */
  linkedEvents: async (db: DbOrTx, ctx: StudioContext, ids: string[]) => {
    const linked = new Set<string>();
    const reminded = new Set<string>();
    if (ids.length === 0) return { linked, reminded };
    const diary = await db
      .selectDistinct({ id: clinicalDiaryEntries.eventId })
      .from(clinicalDiaryEntries)
      .where(inStudio(clinicalDiaryEntries, ctx, inArray(clinicalDiaryEntries.eventId, ids)));
    for (const r of diary) if (r.id) linked.add(r.id);
    const sent = await db
      .selectDistinct({ id: appointmentReminders.eventId })
      .from(appointmentReminders)
      .where(
        inStudio(
          appointmentReminders,
          ctx,
          isNotNull(appointmentReminders.eventId),
          inArray(appointmentReminders.eventId, ids),
          or(
            eq(appointmentReminders.state, 'SENDING'),
            eq(appointmentReminders.state, 'SENT'),
            eq(appointmentReminders.state, 'DELIVERED'),
          ),
        ),
      );
    for (const r of sent) if (r.id) reminded.add(r.id);
    return { linked, reminded };
  },

  deleteEvents: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .delete(events)
          .where(inStudio(events, ctx, inArray(events.id, ids)))
          .returning({ id: events.id }),
};
