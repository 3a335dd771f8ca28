import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { events, products } from './events.ts';
import { patients } from './patients.ts';
import { studioMembers, studios } from './studios.ts';

/**
 * Online booking by patients (issue 28, decision 035 "Data"). Every table carries studio_id and goes with its studio.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** The five reservation statuses (packages/domain booking.schema.ts reservationStatuses), as SQL for the checks. */
const reservationStatusList = sql.raw(
  `'CUSTOMER_BOOKED', 'STUDIO_PENDING_CONFIRMATION', 'STUDIO_CONFIRMED', 'STUDIO_CANCELLED', 'CUSTOMER_CANCELLED'`,
);

/** One row per studio, made with defaults on the first GET /settings/booking. */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    studioId: uuid('studio_id')
      .primaryKey()
      .references(() => studios.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** The public link /prenota/{slug}: unique across studios, lowercase. */
    slug: text('slug').notNull(),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
    horizonDays: integer('horizon_days').notNull().default(60),
    slotStepMinutes: integer('slot_step_minutes').notNull().default(15),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    cancelLimitHours: integer('cancel_limit_hours').notNull().default(24),
    confirmationMode: text('confirmation_mode', { enum: ['AUTO', 'STUDIO'] })
      .notNull()
      .default('STUDIO'),
    closedOnHolidays: boolean('closed_on_holidays').notNull().default(true),
    pageText: text('page_text'),
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_settings_slug_uq').on(t.slug),
    check('booking_settings_slug_lower', sql`${t.slug} = lower(${t.slug})`),
    check('booking_settings_confirmation_mode', sql`${t.confirmationMode} in ('AUTO', 'STUDIO')`),
  ],
);

/** A product as it can be booked online (the product's own row stays as it is). */
export const bookingServices = pgTable(
  'booking_services',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    bookable: boolean('bookable').notNull().default(false),
    showPrice: boolean('show_price').notNull().default(true),
    durationMinutes: integer('duration_minutes').notNull(),
    staffMemberIds: uuid('staff_member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** One of them must be free (empty: no room needed). */
    clinicRoomIds: uuid('clinic_room_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** All of them must be free. */
    medicalDeviceIds: uuid('medical_device_ids').array().notNull().default(sql`'{}'::uuid[]`),
    updatedAt: updatedAt(),
  },
  (t) => [index('booking_services_studio_idx').on(t.studioId)],
);

/** A weekly working window of a bookable staff member (Europe/Rome wall time, minutes from midnight). */
export const bookingHours = pgTable(
  'booking_hours',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    staffMemberId: uuid('staff_member_id')
      .notNull()
      .references(() => studioMembers.id, { onDelete: 'cascade' }),
    /** 1 = Monday … 7 = Sunday. */
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('booking_hours_staff_idx').on(t.studioId, t.staffMemberId, t.weekday),
    check('booking_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'booking_hours_window',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/** A day off (CLOSED; whole day when the minutes are null) or extra hours (OPEN) of one staff member on one date. */
export const bookingExceptions = pgTable(
  'booking_exceptions',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    staffMemberId: uuid('staff_member_id')
      .notNull()
      .references(() => studioMembers.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['CLOSED', 'OPEN'] }).notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    note: text('note'),
  },
  (t) => [
    index('booking_exceptions_staff_idx').on(t.studioId, t.staffMemberId, t.date),
    check('booking_exceptions_kind', sql`${t.kind} in ('CLOSED', 'OPEN')`),
    check(
      'booking_exceptions_window',
      sql`(${t.startMinute} is null and ${t.endMinute} is null and ${t.kind} = 'CLOSED') or (${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute})`,
    ),
  ],
);

/** A booking waiting for its e-mailed code. It holds no slot; deleted when used or expired (15 minutes). */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_requests_expires_idx').on(t.expiresAt),
    index('booking_requests_studio_created_idx').on(t.studioId, t.createdAt),
  ],
);

/**
 * One booking made by a patient. A cancelled booking deletes its calendar event (event_id set null) and keeps this
 * row with its status; the status history is in the audit log.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    staffMemberId: uuid('staff_member_id').references(() => studioMembers.id, { onDelete: 'set null' }),
    pazienteId: uuid('paziente_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    startAt: timestamptz('start_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    newPatient: boolean('new_patient').notNull().default(false),
    /** The address the patient confirmed with the code: every later e-mail of the booking goes there. */
    patientEmail: text('patient_email'),
    note: text('note'),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    cancelReason: text('cancel_reason'),
    /**
     * Identity held for the studio (issue 39 item 5): the fiscal code typed on the public page when it could not go on
     * a card, why, and the card that already holds it. The booking's own patient card never gets it.
     */
    heldCodiceFiscale: text('held_codice_fiscale'),
    identityCheck: text('identity_check', {
      enum: ['CODICE_FISCALE_IN_ALTRA_SCHEDA', 'CODICE_FISCALE_NON_CORRISPONDE'],
    }),
    identityPatientId: uuid('identity_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_studio_status_start_idx').on(t.studioId, t.status, t.startAt),
    uniqueIndex('bookings_cancel_token_uq').on(t.cancelTokenHash),
    uniqueIndex('bookings_event_uq').on(t.eventId).where(sql`${t.eventId} is not null`),
    index('bookings_paziente_idx').on(t.pazienteId),
    check('bookings_status', sql`${t.status} in (${reservationStatusList})`),
    check(
      'bookings_identity_check',
      sql`${t.identityCheck} is null or ${t.identityCheck} in ('CODICE_FISCALE_IN_ALTRA_SCHEDA', 'CODICE_FISCALE_NON_CORRISPONDE')`,
    ),
    check('bookings_window', sql`${t.startAt} < ${t.endAt}`),
  ],
);
