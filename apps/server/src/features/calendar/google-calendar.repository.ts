import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  calendars,
  events,
  googleCalendarLinks,
  googleCalendars,
  googleEventDeletions,
  googleEvents,
  patients,
  studioMembers,
  users,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type GoogleLinkRow = typeof googleCalendarLinks.$inferSelect;
export type GoogleCalendarRow = typeof googleCalendars.$inferSelect;
export type GoogleEventRow = typeof googleEvents.$inferSelect;
/** A mirrored Google event as its columns, before the studio and calendar are set. */
export type GoogleEventColumns = Omit<
  typeof googleEvents.$inferInsert,
  'id' | 'studioId' | 'calendarRowId' | 'googleCalendarId' | 'createdAt' | 'updatedAt'
>;
export type GoogleCalendarColumns = {
  googleCalendarId: string;
  summary: string;
  description: string | null;
  backgroundColor: string | null;
  accessRole: string;
  primary: boolean;
};

/** The membership behind an OAuth state, across studios: the callback has no session, only the signed state. */
export const unsafeMembershipOf = (db: DbOrTx, userId: string, studioId: string) =>
  // unsafe: public OAuth callback; the ids come from a state this server signed, and the membership is checked here
  db
    .select({ memberId: studioMembers.id, role: studioMembers.role, email: users.email })
    .from(studioMembers)
    .innerJoin(users, eq(users.id, studioMembers.userId))
    .where(and(eq(studioMembers.userId, userId), eq(studioMembers.studioId, studioId)))
    .then((r) => r[0] ?? null);

/**
 * The linked studios whose background sync is due: not synced (or tried) since `dueBefore`, no sync running (or one
 * left stale before `staleBefore`), the oldest first, with the member who linked the account (the sync acts for them).
 */
export const unsafeLinksDueForSync = (db: DbOrTx, dueBefore: Date, staleBefore: Date, limit: number) =>
  // unsafe: the background sync walks every studio's link; each sync then runs in that studio's own context
  db
    .select({
      studioId: googleCalendarLinks.studioId,
      userId: users.id,
      email: users.email,
      memberId: studioMembers.id,
      role: studioMembers.role,
    })
    .from(googleCalendarLinks)
    .innerJoin(users, eq(users.id, googleCalendarLinks.linkedByUserId))
    .innerJoin(
      studioMembers,
      and(eq(studioMembers.userId, users.id), eq(studioMembers.studioId, googleCalendarLinks.studioId)),
    )
    .where(
      and(
        or(isNull(googleCalendarLinks.lastSyncAt), lt(googleCalendarLinks.lastSyncAt, dueBefore)),
        // a failed sync sets the error and updated_at: the link waits a whole interval before the next try
        or(isNull(googleCalendarLinks.lastSyncError), lt(googleCalendarLinks.updatedAt, dueBefore)),
        or(isNull(googleCalendarLinks.syncStartedAt), lt(googleCalendarLinks.syncStartedAt, staleBefore)),
      ),
    )
    .orderBy(sql`${googleCalendarLinks.lastSyncAt} asc nulls first`)
    .limit(limit);

export const googleCalendarRepository = {
  findLink: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(googleCalendarLinks)
      .where(inStudio(googleCalendarLinks, ctx))
      .then((r) => r[0] ?? null),

  /** One link per studio: linking again replaces the account and its token. */
  saveLink: (
    db: DbOrTx,
    ctx: StudioContext,
    columns: { accountEmail: string; refreshTokenSealed: string; linkedAt: Date },
  ) =>
    db
      .insert(googleCalendarLinks)
      .values(ownedBy(ctx, { ...columns, linkedByUserId: ctx.userId }))
      .onConflictDoUpdate({
        target: googleCalendarLinks.studioId,
        set: {
          ...columns,
          linkedByUserId: ctx.userId,
          lastSyncAt: null,
          lastSyncError: null,
          syncStartedAt: null,
          updatedAt: new Date(),
        },
      }),

  deleteLink: (db: DbOrTx, ctx: StudioContext) =>
    db.delete(googleCalendarLinks).where(inStudio(googleCalendarLinks, ctx)),

  /** Takes the sync lease unless another sync holds one younger than `staleBefore`. @returns whether it was taken. */
  takeSyncLease: (db: DbOrTx, ctx: StudioContext, now: Date, staleBefore: Date) =>
    db
      .update(googleCalendarLinks)
      .set({ syncStartedAt: now })
      .where(
        inStudio(
          googleCalendarLinks,
          ctx,
          or(isNull(googleCalendarLinks.syncStartedAt), lt(googleCalendarLinks.syncStartedAt, staleBefore)),
        ),
      )
      .returning({ id: googleCalendarLinks.id })
      .then((r) => r.length === 1),

  /** Releases the lease with the outcome: a success sets the time, a failure its message. */
  endSync: (db: DbOrTx, ctx: StudioContext, outcome: { at: Date; error: string | null }) =>
    db
      .update(googleCalendarLinks)
      .set({
        syncStartedAt: null,
        lastSyncError: outcome.error,
        ...(outcome.error === null ? { lastSyncAt: outcome.at } : {}),
        updatedAt: new Date(),
      })
      .where(inStudio(googleCalendarLinks, ctx)),

  listGoogleCalendars: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(googleCalendars)
      .where(inStudio(googleCalendars, ctx))
      .orderBy(sql`${googleCalendars.primary} desc`, asc(googleCalendars.summary)),

  findGoogleCalendar: (db: DbOrTx, ctx: StudioContext, googleCalendarId: string) =>
    db
      .select()
      .from(googleCalendars)
      .where(inStudio(googleCalendars, ctx, eq(googleCalendars.googleCalendarId, googleCalendarId)))
      .then((r) => r[0] ?? null),

  /**
   * Brings the mirrored list of calendars in line with Google's: new ones added, known ones updated, vanished ones
   * removed (their mirrored events go with them). @returns the Google ids that vanished.
   */
  replaceCalendarList: async (db: DbOrTx, ctx: StudioContext, entries: GoogleCalendarColumns[]) => {
    for (const entry of entries) {
      await db
        .insert(googleCalendars)
        .values(ownedBy(ctx, entry))
        .onConflictDoUpdate({
          target: [googleCalendars.studioId, googleCalendars.googleCalendarId],
          set: {
            summary: entry.summary,
            description: entry.description,
            backgroundColor: entry.backgroundColor,
            accessRole: entry.accessRole,
            primary: entry.primary,
            updatedAt: new Date(),
          },
        });
    }
    const keep = entries.map((e) => e.googleCalendarId);
    return db
      .delete(googleCalendars)
      .where(
        inStudio(googleCalendars, ctx, keep.length ? notInArray(googleCalendars.googleCalendarId, keep) : undefined),
      )
      .returning({ googleCalendarId: googleCalendars.googleCalendarId })
      .then((r) => r.map((x) => x.googleCalendarId));
  },

  /** Forgets every mirrored calendar and event of the studio (the link is gone or points to another account). */
  deleteMirror: (db: DbOrTx, ctx: StudioContext) => db.delete(googleCalendars).where(inStudio(googleCalendars, ctx)),

  setSyncState: (
    db: DbOrTx,
    ctx: StudioContext,
    calendarRowId: string,
    state: { syncToken: string | null; fullSyncedAt?: Date },
  ) =>
    db
      .update(googleCalendars)
      .set({ ...state, updatedAt: new Date() })
      .where(inStudio(googleCalendars, ctx, eq(googleCalendars.id, calendarRowId))),

  /** Full sync: the calendar's mirrored events become exactly these. */
  replaceEvents: async (db: DbOrTx, ctx: StudioContext, calendar: GoogleCalendarRow, rows: GoogleEventColumns[]) => {
    await db.delete(googleEvents).where(inStudio(googleEvents, ctx, eq(googleEvents.calendarRowId, calendar.id)));
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows
        .slice(i, i + 500)
        .map((r) => ownedBy(ctx, { ...r, calendarRowId: calendar.id, googleCalendarId: calendar.googleCalendarId }));
      if (batch.length) await db.insert(googleEvents).values(batch).onConflictDoNothing();
    }
  },

  /** Incremental sync: changed events replace their mirror, cancelled ones (and a cancelled series' instances) go. */
  applyChanges: async (
    db: DbOrTx,
    ctx: StudioContext,
    calendar: GoogleCalendarRow,
    changes: { upserts: GoogleEventColumns[]; cancelledIds: string[] },
  ) => {
    if (changes.cancelledIds.length > 0)
      await db
        .delete(googleEvents)
        .where(
          inStudio(
            googleEvents,
            ctx,
            eq(googleEvents.calendarRowId, calendar.id),
            or(
              inArray(googleEvents.googleEventId, changes.cancelledIds),
              inArray(googleEvents.recurringEventId, changes.cancelledIds),
            ),
          ),
        );
    for (const row of changes.upserts) {
      await db
        .insert(googleEvents)
        .values(ownedBy(ctx, { ...row, calendarRowId: calendar.id, googleCalendarId: calendar.googleCalendarId }))
        .onConflictDoUpdate({
          target: [googleEvents.calendarRowId, googleEvents.googleEventId],
          set: { ...row, updatedAt: new Date() },
        });
    }
  },

  /**
   * Mirrored events of these Google calendars overlapping [from, to), except copies of the studio's own events that
   * still exist (those show once, as the studio's).
   */
  mirroredBetween: (db: DbOrTx, ctx: StudioContext, from: Date, to: Date, googleCalendarIds: string[]) =>
    db
      .select({ event: googleEvents, calendarColor: googleCalendars.backgroundColor })
      .from(googleEvents)
      .innerJoin(googleCalendars, eq(googleCalendars.id, googleEvents.calendarRowId))
      .where(
        inStudio(
          googleEvents,
          ctx,
          inArray(googleEvents.googleCalendarId, googleCalendarIds),
          lt(googleEvents.startAt, to),
          gt(googleEvents.endAt, from),
          sql`not exists (select 1 from ${events} where ${events.id} = ${googleEvents.originEventId} and ${events.studioId} = ${googleEvents.studioId})`,
        ),
      ),

  findMirrored: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ event: googleEvents, calendarColor: googleCalendars.backgroundColor })
      .from(googleEvents)
      .innerJoin(googleCalendars, eq(googleCalendars.id, googleEvents.calendarRowId))
      .where(inStudio(googleEvents, ctx, eq(googleEvents.id, id)))
      .then((r) => r[0] ?? null),

  /** The studio calendar that sends its appointments to this Google calendar, if any. */
  calendarLinkedTo: (db: DbOrTx, ctx: StudioContext, googleCalendarId: string) =>
    db
      .select({ id: calendars.id })
      .from(calendars)
      .where(inStudio(calendars, ctx, eq(calendars.googleCalendarId, googleCalendarId)))
      .then((r) => r[0] ?? null),

  setCalendarLink: (
    db: DbOrTx,
    ctx: StudioContext,
    calendarId: string,
    link: { googleCalendarId: string | null; googleColor: string | null },
  ) =>
    db
      .update(calendars)
      .set({ ...link, updatedAt: new Date() })
      .where(inStudio(calendars, ctx, eq(calendars.id, calendarId)))
      .returning({ id: calendars.id })
      .then((r) => r.length === 1),

  /** Studio calendars stop sending to these Google calendars (they vanished, or the account was unlinked). */
  unlinkCalendars: (db: DbOrTx, ctx: StudioContext, googleCalendarIds: string[] | 'all') =>
    db
      .update(calendars)
      .set({ googleCalendarId: null, googleColor: null, updatedAt: new Date() })
      .where(
        inStudio(
          calendars,
          ctx,
          googleCalendarIds === 'all'
            ? isNotNull(calendars.googleCalendarId)
            : inArray(calendars.googleCalendarId, googleCalendarIds.length ? googleCalendarIds : ['']),
        ),
      ),

  /** After unlinking: the studio's events no longer name Google copies (so deleting them queues nothing). */
  forgetPushedCopies: (db: DbOrTx, ctx: StudioContext) =>
    db
      .update(events)
      .set({ googleEventId: null, googleCalendarId: null, googleEventOwner: null, googlePushedAt: null })
      .where(inStudio(events, ctx, isNotNull(events.googleEventId))),

  pendingDeletions: (db: DbOrTx, ctx: StudioContext, limit: number) =>
    db
      .select()
      .from(googleEventDeletions)
      .where(inStudio(googleEventDeletions, ctx))
      .orderBy(asc(googleEventDeletions.createdAt))
      .limit(limit),

  deleteDeletion: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db.delete(googleEventDeletions).where(inStudio(googleEventDeletions, ctx, eq(googleEventDeletions.id, id))),

  clearDeletions: (db: DbOrTx, ctx: StudioContext) =>
    db.delete(googleEventDeletions).where(inStudio(googleEventDeletions, ctx)),

  /**
   * Studio events whose Google copy is missing or out of date: on a calendar linked to Google and never pushed or
   * changed since (updated_at after google_pushed_at), or pushed to a Google calendar their calendar no longer sends
   * to. New copies only for events ending after `newSince` (old history stays in the studio).
   */
  pushCandidates: (db: DbOrTx, ctx: StudioContext, newSince: Date, limit: number) =>
    db
      .select({
        event: events,
        target: calendars.googleCalendarId,
        patient: {
          tipologiaPersona: patients.tipologiaPersona,
          nome: patients.nome,
          cognome: patients.cognome,
          ragioneSociale: patients.ragioneSociale,
        },
      })
      .from(events)
      .leftJoin(calendars, eq(calendars.id, events.calendarId))
      .leftJoin(patients, eq(patients.id, events.pazienteId))
      .where(
        inStudio(
          events,
          ctx,
          or(isNotNull(calendars.googleCalendarId), isNotNull(events.googleEventId)),
          or(
            isNull(events.googleEventId),
            isNull(events.googlePushedAt),
            gt(events.updatedAt, events.googlePushedAt),
            sql`${events.googleCalendarId} is distinct from ${calendars.googleCalendarId}`,
          ),
          or(isNotNull(events.googleEventId), gt(events.untilAt, newSince)),
        ),
      )
      .orderBy(asc(events.startAt), asc(events.id))
      .limit(limit),

  /** Records where an event's copy is now; `pushedAt` is the updated_at that was pushed (updated_at stays as it is). */
  markPushed: (
    db: DbOrTx,
    ctx: StudioContext,
    eventId: string,
    copy: {
      googleEventId: string | null;
      googleCalendarId: string | null;
      googleEventOwner: string | null;
      pushedAt: Date;
    },
  ) =>
    db
      .update(events)
      .set({
        googleEventId: copy.googleEventId,
        googleCalendarId: copy.googleCalendarId,
        googleEventOwner: copy.googleEventOwner,
        googlePushedAt: copy.pushedAt,
      })
      .where(inStudio(events, ctx, eq(events.id, eventId))),

  /** Keeps the Google copies of what this transaction deletes (bulk delete: the external calendar is untouched). */
  keepGoogleCopiesInThisTransaction: (db: DbOrTx) =>
    db.execute(sql`select set_config('studiolo.keep_google_copies', 'on', true)`),
};
