import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointmentReminders,
  bookings,
  calendarVersions,
  events,
  patients,
  reminderSettings,
  smsMessages,
  studios,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/**
 * Appointment reminders' tables (decision 036). Studio routes pass their context; the planner and the send job, which
 * run without a request, pass a scope of the studio they read from their own rows (reminderScope).
 */
export type ReminderScope = Pick<StudioContext, 'studioId'>;
const scoped = (scope: ReminderScope) => scope as StudioContext;

/** SECURITY: only from a studio id this server read from its own rows (a reminder, the settings of a studio). */
export const reminderScope = (studioId: string): ReminderScope => ({ studioId });

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type ReminderSettingsColumns = Partial<
  Omit<typeof reminderSettings.$inferInsert, 'studioId' | 'createdAt' | 'updatedAt'>
>;
export type ReminderRow = typeof appointmentReminders.$inferSelect;
export type ReminderInsert = Omit<
  typeof appointmentReminders.$inferInsert,
  'id' | 'studioId' | 'createdAt' | 'updatedAt'
>;
export type ReminderPatch = Partial<Omit<ReminderInsert, 'sendKey' | 'occurrenceKey'>>;

/** States after which an occurrence gets no other reminder (sent, being sent, or refused for a reason). */
const decidedStates = ['SENDING', 'SENT', 'DELIVERED', 'NOT_SENT'] as const;

export const remindersRepository = {
  findSettings: (db: DbOrTx, scope: ReminderScope) =>
    db
      .select()
      .from(reminderSettings)
      .where(inStudio(reminderSettings, scoped(scope)))
      .then((r) => r[0] ?? null),

  /** The studio's settings row locked until the transaction ends (planners of one studio run in turn). */
  lockSettings: (db: DbOrTx, scope: ReminderScope) =>
    db
      .select()
      .from(reminderSettings)
      .where(inStudio(reminderSettings, scoped(scope)))
      .for('update')
      .then((r) => r[0] ?? null),

  insertDefaultSettings: (db: DbOrTx, scope: ReminderScope, text: string) =>
    db
      .insert(reminderSettings)
      .values(ownedBy(scoped(scope), { text }))
      .onConflictDoNothing({ target: reminderSettings.studioId }),

  updateSettings: (db: DbOrTx, scope: ReminderScope, columns: ReminderSettingsColumns) =>
    db
      .update(reminderSettings)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(reminderSettings, scoped(scope)))
      .returning()
      .then((r) => r[0] ?? null),

  /** The studio's calendar version (moved by triggers in every transaction that writes its events). */
  calendarVersion: (db: DbOrTx, scope: ReminderScope) =>
    db
      .select({ version: calendarVersions.version })
      .from(calendarVersions)
      .where(inStudio(calendarVersions, scoped(scope)))
      .then((r) => r[0]?.version ?? 0n),

  /**
   * unsafe: across studios, for the background pass. Studios whose reminders need planning: switched on, and their
   * calendar moved since the last plan or the last plan
   * is older than `staleBefore` (the window moves with the clock).
   */
  unsafeStudiosToPlan: (db: DbOrTx, staleBefore: Date, limit: number) =>
    db
      .select({ studioId: reminderSettings.studioId })
      .from(reminderSettings)
      .leftJoin(calendarVersions, eq(calendarVersions.studioId, reminderSettings.studioId))
      .where(
        sql`${reminderSettings.enabled} and (${reminderSettings.plannedAt} is null or ${reminderSettings.plannedAt} < ${staleBefore} or ${reminderSettings.plannedVersion} is distinct from coalesce(${calendarVersions.version}, 0))`,
      )
      .orderBy(asc(reminderSettings.plannedAt))
      .limit(limit)
      .then((r) => r.map((x) => x.studioId)),

  /**
   * unsafe: across studios. Reminders due and still SCHEDULED, or claimed before `now` and never handed to the
   * provider (the safety net for a job lost between commit and send, or a process that died after its claim).
   */
  unsafeDue: (db: DbOrTx, now: Date, limit: number) =>
    db
      .select({
        id: appointmentReminders.id,
        sendKey: appointmentReminders.sendKey,
        sendAt: appointmentReminders.sendAt,
      })
      .from(appointmentReminders)
      .where(
        or(
          and(eq(appointmentReminders.state, 'SCHEDULED'), lte(appointmentReminders.sendAt, now)),
          and(
            eq(appointmentReminders.state, 'SENDING'),
            isNull(appointmentReminders.providerCallAt),
            lte(appointmentReminders.sentAt, now),
          ),
        ),
      )
      .orderBy(asc(appointmentReminders.sendAt))
      .limit(limit),

  /**
   * unsafe: by id, from the job that holds the claim. Marks the provider call when `claimId` is still the row's claim
   * and no call was marked: true for exactly one caller.
   */
  unsafeMarkProviderCall: (db: DbOrTx, id: string, claimId: string, at: Date) =>
    db
      .update(appointmentReminders)
      .set({ providerCallAt: at })
      .where(
        and(
          eq(appointmentReminders.id, id),
          eq(appointmentReminders.claimId, claimId),
          isNull(appointmentReminders.providerCallAt),
        ),
      )
      .returning({ id: appointmentReminders.id })
      .then((r) => r.length === 1),

  scheduled: (db: DbOrTx, scope: ReminderScope) =>
    db
      .select()
      .from(appointmentReminders)
      .where(inStudio(appointmentReminders, scoped(scope), eq(appointmentReminders.state, 'SCHEDULED'))),

  /** The occurrences among `keys` that already have a reminder sent, being sent or refused. */
  decidedOccurrences: async (db: DbOrTx, scope: ReminderScope, keys: string[]) => {
    if (keys.length === 0) return new Set<string>();
    const rows = await db
      .select({ key: appointmentReminders.occurrenceKey })
      .from(appointmentReminders)
      .where(
        inStudio(
          appointmentReminders,
          scoped(scope),
          inArray(appointmentReminders.occurrenceKey, keys),
          inArray(appointmentReminders.state, [...decidedStates]),
        ),
      );
    return new Set(rows.map((r) => r.key));
  },

  /**
   * A new SCHEDULED reminder, or one CANCELLED before at the same key scheduled again (an appointment moved back).
   * @returns the row when it is (again) SCHEDULED by this call, else null.
   */
  upsertScheduled: (db: DbOrTx, scope: ReminderScope, row: ReminderInsert) =>
    db
      .insert(appointmentReminders)
      .values(ownedBy(scoped(scope), row))
      .onConflictDoUpdate({
        target: [appointmentReminders.studioId, appointmentReminders.sendKey],
        set: { state: 'SCHEDULED', reason: null, sendAt: row.sendAt, updatedAt: new Date() },
        setWhere: sql`${appointmentReminders.state} = 'CANCELLED'`,
      })
      .returning()
      .then((r) => r[0] ?? null),

  update: (db: DbOrTx, scope: ReminderScope, ids: string[], patch: ReminderPatch) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .update(appointmentReminders)
          .set({ ...patch, updatedAt: new Date() })
          .where(inStudio(appointmentReminders, scoped(scope), inArray(appointmentReminders.id, ids)))
          .returning({ id: appointmentReminders.id }),

  /** unsafe: a reminder by id alone, locked (the send job carries only the id and checks its studio after). */
  unsafeLockById: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.id, id))
      .for('update')
      .then((r) => r[0] ?? null),

  ofOccurrence: (db: DbOrTx, scope: ReminderScope, occurrenceKey: string) =>
    db
      .select()
      .from(appointmentReminders)
      .where(inStudio(appointmentReminders, scoped(scope), eq(appointmentReminders.occurrenceKey, occurrenceKey)))
      .orderBy(desc(appointmentReminders.createdAt)),

  patient: (db: DbOrTx, scope: ReminderScope, id: string) =>
    db
      .select({
        id: patients.id,
        nome: patients.nome,
        cognome: patients.cognome,
        ragioneSociale: patients.ragioneSociale,
        tipologiaPersona: patients.tipologiaPersona,
        cellulare: patients.cellulare,
        email: patients.email,
        remindersOptOut: patients.remindersOptOut,
      })
      .from(patients)
      .where(inStudio(patients, scoped(scope), eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  setPatientOptOut: (db: DbOrTx, scope: ReminderScope, id: string, optOut: boolean) =>
    db
      .update(patients)
      .set({ remindersOptOut: optOut })
      .where(inStudio(patients, scoped(scope), eq(patients.id, id)))
      .returning({ id: patients.id, remindersOptOut: patients.remindersOptOut })
      .then((r) => r[0] ?? null),

  /**
   * unsafe: the studio's row by id, for a job outside a request (its name, address and e-mail for the text and the
   * low-balance e-mail).
   */
  unsafeStudio: (db: DbOrTx, studioId: string) =>
    db
      .select()
      .from(studios)
      .where(eq(studios.id, studioId))
      .then((r) => r[0] ?? null),

  /** An appointment row of the studio (the calendar dialog asks by the calendar's event id). */
  eventRow: (db: DbOrTx, scope: ReminderScope, id: string) =>
    db
      .select({ id: events.id, seriesId: events.seriesId, originalStart: events.originalStart })
      .from(events)
      .where(inStudio(events, scoped(scope), eq(events.id, id)))
      .then((r) => r[0] ?? null),

  insertSms: (db: DbOrTx, row: typeof smsMessages.$inferInsert) => db.insert(smsMessages).values(row),

  // ------------------------------------------------------------ the patient's link (decision 036)

  /**
   * unsafe: by the hash of the patient's link token (256 bits only the patient's message carries; unique index); the
   * row names its studio, and every later step is scoped by it.
   */
  unsafeByLinkTokenHash: (db: DbOrTx, hash: string) =>
    db
      .select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.linkTokenHash, hash))
      .then((r) => r[0] ?? null),

  lockById: (db: DbOrTx, scope: ReminderScope, id: string) =>
    db
      .select()
      .from(appointmentReminders)
      .where(inStudio(appointmentReminders, scoped(scope), eq(appointmentReminders.id, id)))
      .for('update')
      .then((r) => r[0] ?? null),

  /** The exception row that stands for a series' occurrence (moved or changed alone), if any. */
  exceptionOf: (db: DbOrTx, scope: ReminderScope, seriesId: string, originalStart: Date) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(inStudio(events, scoped(scope), eq(events.seriesId, seriesId), eq(events.originalStart, originalStart)))
      .then((r) => r[0]?.id ?? null),

  /** The online booking an appointment was made by (decision 035), if any. */
  bookingOfEvent: (db: DbOrTx, scope: ReminderScope, eventId: string) =>
    db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(inStudio(bookings, scoped(scope), eq(bookings.eventId, eventId)))
      .then((r) => r[0] ?? null),
};
