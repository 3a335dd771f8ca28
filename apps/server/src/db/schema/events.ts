import { reservationStatuses } from '@studiolo/domain/booking';
import { defaultTipoSpesa, tipiSpesaRiga } from '@studiolo/domain/sistema-ts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { calendars } from './calendars.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { patients } from './patients.ts';
import { calendarResources } from './settings.ts';
import { studioMembers, studios } from './studios.ts';

/** A service the studio offers (spec part 1 §3 Product): choosing it fills an appointment's duration and price. */
export const products = pgTable(
  'products',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    grossPriceCents: integer('gross_price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    codiceIvaId: integer('codice_iva_id'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** The Sistema TS expense type its invoice lines start with (decision 023). */
    tipoSpesa: text('tipo_spesa', { enum: tipiSpesaRiga }).notNull().default(defaultTipoSpesa),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('products_studio_idx').on(t.studioId, t.name)],
);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** A 64-bit transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * An appointment, or a recurring series (rrule set; its occurrences are computed, see packages/domain recurrence),
 * or an exception: one occurrence of a series moved or changed (series_id and original_start set; the series lists
 * original_start among its exdates).
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id').references(() => calendars.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    originalStart: timestamptz('original_start'),
    summary: text('summary').notNull(),
    startAt: timestamptz('start_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    /** end_at for an appointment; the last occurrence's end for a series, 'infinity' when it never ends. */
    untilAt: timestamptz('until_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    rrule: text('rrule'),
    exdates: timestamptz('exdates').array().notNull().default(sql`'{}'::timestamptz[]`),
    color: text('color').notNull(),
    googleCalendarId: text('google_calendar_id'),
    googleEventId: text('google_event_id'),
    googleEventOwner: text('google_event_owner'),
    /** The updated_at this row had when it was last written to Google: a newer updated_at means "push again". */
    googlePushedAt: timestamptz('google_pushed_at'),
    pazienteId: uuid('paziente_id').references(() => patients.id, { onDelete: 'cascade' }),
    staffMemberId: uuid('staff_member_id').references(() => studioMembers.id, { onDelete: 'set null' }),
    clinicRoomId: uuid('clinic_room_id').references(() => calendarResources.id, { onDelete: 'set null' }),
    serviceLocationId: uuid('service_location_id').references(() => calendarResources.id, { onDelete: 'set null' }),
    medicalDeviceIds: uuid('medical_device_ids').array().notNull().default(sql`'{}'::uuid[]`),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents'),
    isPagato: boolean('is_pagato').notNull().default(false),
    note: text('note'),
    linkedDocumentoContabileId: text('linked_documento_contabile_id'),
    linkedDocumentoContabileIdDocumento: text('linked_documento_contabile_id_documento'),
    /** An appointment booked online (decision 035): its reservation status; null for those the studio made. */
    reservationStatus: text('reservation_status', { enum: reservationStatuses }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // appointments of a window: start_at within [from - 7 days, to) (an appointment lasts at most 7 days)
    index('events_studio_start_idx').on(t.studioId, t.startAt),
    // series overlapping a window: the few rows with an rrule, by their end
    // start_at too: the series overlapping a window are found in the index alone (until_at > from and start_at < to)
    index('events_series_until_idx').on(t.studioId, t.untilAt, t.startAt).where(sql`${t.rrule} is not null`),
    index('events_paziente_idx').on(t.pazienteId, t.startAt),
    index('events_series_idx').on(t.seriesId),
    // the appointments of an accounting document
    index('events_linked_documento_idx')
      .on(t.linkedDocumentoContabileId)
      .where(sql`${t.linkedDocumentoContabileId} is not null`),
    check(
      'events_reservation_status',
      sql`${t.reservationStatus} is null or ${t.reservationStatus} in ('CUSTOMER_BOOKED', 'STUDIO_PENDING_CONFIRMATION', 'STUDIO_CONFIRMED', 'STUDIO_CANCELLED', 'CUSTOMER_CANCELLED')`,
    ),
  ],
);

/**
 * The version of what a studio's calendar shows, moved by triggers in the writing transaction whenever its events or
 * its mirrored Google events change, whatever wrote (migration 0009): a server keeps GET /events answers ready and
 * sends one only while the version it was built at is still the current one (decision 016).
 */
export const calendarVersions = pgTable('calendar_versions', {
  studioId: uuid('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'bigint' }).notNull(),
  /** The transaction that last moved the version: a transaction moves it once, however many statements it runs. */
  bumpedIn: xid8('bumped_in'),
});

/**
 * A private iCalendar subscription of one calendar: phones subscribe to a URL carrying the token (kept hashed).
 * It belongs to the member who made it (issue 25 item 3): it goes with their membership, a change of their role
 * deletes it (trigger of migration 0025), and every request of the feed checks the author may still publish.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    authorMemberId: uuid('author_member_id')
      .notNull()
      .references(() => studioMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_calendar_uq').on(t.calendarId),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    index('calendar_feeds_author_idx').on(t.authorMemberId),
  ],
);

/** What the studio's feeds show of an appointment (packages/domain calendar-feed.schema.ts; default: time only). */
export const calendarFeedSettings = pgTable('calendar_feed_settings', {
  studioId: uuid('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
});
