import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';
import { users } from './users.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A studio's link to one Google account (decision 014). At most one per studio. */
export const googleCalendarLinks = pgTable(
  'google_calendar_links',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    accountEmail: text('account_email').notNull(),
    /** AES-256-GCM with a key derived from the auth secret, the studio id as associated data (shared/secret-keys). */
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    linkedByUserId: uuid('linked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamptz('linked_at').notNull().defaultNow(),
    lastSyncAt: timestamptz('last_sync_at'),
    /** The last sync's failure in Italian, cleared by a sync that succeeds. */
    lastSyncError: text('last_sync_error'),
    /** A sync in progress holds this lease: a second one at the same time is refused rather than pushing twice. */
    syncStartedAt: timestamptz('sync_started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('google_calendar_links_studio_uq').on(t.studioId)],
);

/** The linked account's calendars as Google lists them, with each one's incremental-sync state. */
export const googleCalendars = pgTable(
  'google_calendars',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    googleCalendarId: text('google_calendar_id').notNull(),
    summary: text('summary').notNull(),
    description: text('description'),
    backgroundColor: text('background_color'),
    accessRole: text('access_role').notNull(),
    primary: boolean('primary').notNull().default(false),
    /** Google's nextSyncToken of the last pull; null until the first full sync. */
    syncToken: text('sync_token'),
    /** The last full sync (window around today): redone monthly so the window moves with time. */
    fullSyncedAt: timestamptz('full_synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('google_calendars_studio_calendar_uq').on(t.studioId, t.googleCalendarId)],
);

/**
 * The local mirror of Google events (read-only in the app; ids `gcal-<id>` on the wire). A table of its own, so
 * nothing that deletes appointments (bulk delete included) can touch it.
 */
export const googleEvents = pgTable(
  'google_events',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    calendarRowId: uuid('calendar_row_id')
      .notNull()
      .references(() => googleCalendars.id, { onDelete: 'cascade' }),
    googleCalendarId: text('google_calendar_id').notNull(),
    googleEventId: text('google_event_id').notNull(),
    /** For an instance of a recurring Google event: the series' id (deleting the series removes its instances). */
    recurringEventId: text('recurring_event_id'),
    /**
     * The studio event this Google event is a copy of (pushed by the app): while that event exists, the copy is not
     * shown twice. Only taken from events whose marks name this very studio.
     */
    originEventId: uuid('origin_event_id'),
    summary: text('summary').notNull(),
    description: text('description'),
    startAt: timestamptz('start_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    colorId: text('color_id'),
    organizerEmail: text('organizer_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('google_events_calendar_event_uq').on(t.calendarRowId, t.googleEventId),
    index('google_events_studio_start_idx').on(t.studioId, t.startAt),
    index('google_events_recurring_idx').on(t.calendarRowId, t.recurringEventId),
  ],
);

/**
 * Deletions to propagate to Google, written by a trigger on `events` in the same transaction as the delete
 * (cascades from a deleted series, patient or calendar included; migration 0004). No foreign key to studios: the
 * trigger also fires while a studio itself is being deleted, and the next sync of a studio without a link drops them.
 */
export const googleEventDeletions = pgTable(
  'google_event_deletions',
  {
    id: id(),
    studioId: uuid('studio_id').notNull(),
    googleCalendarId: text('google_calendar_id').notNull(),
    googleEventId: text('google_event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('google_event_deletions_studio_idx').on(t.studioId, t.createdAt)],
);
