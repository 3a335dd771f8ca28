import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { events } from './events.ts';
import { patients } from './patients.ts';
import { studios } from './studios.ts';

/** Automatic appointment reminders (issue 29, decision 036). Every table carries studio_id and goes with its studio. */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** One row per studio, made with the defaults on the first read of Impostazioni › Promemoria. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    studioId: uuid('studio_id')
      .primaryKey()
      .references(() => studios.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    leadTime: text('lead_time', { enum: ['HOURS_24', 'HOURS_48', 'DAY_BEFORE'] })
      .notNull()
      .default('HOURS_24'),
    /** "HH:mm", Europe/Rome: the hour of DAY_BEFORE. */
    dayBeforeTime: text('day_before_time').notNull().default('18:00'),
    channel: text('channel', { enum: ['SMS_EMAIL', 'EMAIL'] })
      .notNull()
      .default('SMS_EMAIL'),
    text: text('text').notNull(),
    lowBalanceThreshold: integer('low_balance_threshold').notNull().default(20),
    /** When the low-balance e-mail went (null: not since the balance was last above the threshold). */
    lowBalanceNotifiedAt: timestamptz('low_balance_notified_at'),
    /** The studio's calendar version the planner last planned from (null: never). */
    plannedVersion: bigint('planned_version', { mode: 'bigint' }),
    plannedAt: timestamptz('planned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reminder_settings_lead_time', sql`${t.leadTime} in ('HOURS_24', 'HOURS_48', 'DAY_BEFORE')`),
    check('reminder_settings_channel', sql`${t.channel} in ('SMS_EMAIL', 'EMAIL')`),
    check('reminder_settings_threshold', sql`${t.lowBalanceThreshold} >= 0`),
  ],
);

/**
 * One reminder of one appointment occurrence at one start time. occurrence_key names the occurrence (an appointment's
 * id, or a series' id and the occurrence's original start, as the calendar names it); send_key adds the start, so a
 * moved appointment gets a new row (the old one CANCELLED) and a pg-boss job of its own. States: SCHEDULED, SENDING
 * (recorded, credit taken, the adapter called or about to be: never sent again), SENT, DELIVERED, NOT_SENT (reason),
 * CANCELLED (the occurrence went or moved before its time).
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    occurrenceKey: text('occurrence_key').notNull(),
    sendKey: text('send_key').notNull(),
    pazienteId: uuid('paziente_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    startAt: timestamptz('start_at').notNull(),
    sendAt: timestamptz('send_at').notNull(),
    state: text('state', { enum: ['SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'NOT_SENT', 'CANCELLED'] }).notNull(),
    reason: text('reason'),
    channel: text('channel', { enum: ['SMS', 'EMAIL'] }),
    segments: integer('segments'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamptz('sent_at'),
    /**
     * The claim that took the send (SENDING): a fresh id per claim. Only the holder of the current claim hands the
     * message to the provider (compare-and-set with providerCallAt), so a claim taken over after a crash is sent once.
     */
    claimId: uuid('claim_id'),
    /** When the message was handed to the provider: past this, a crash may have sent it, so it is never sent again. */
    providerCallAt: timestamptz('provider_call_at'),
    /** SHA-256 of the patient's confirm/cancel link token (an HMAC of the row's id), set when the reminder leaves. */
    linkTokenHash: text('link_token_hash'),
    /** When the patient last confirmed through the link. */
    confirmedAt: timestamptz('confirmed_at'),
    /**
     * The appointment's start the patient confirmed: the confirmation holds only while the appointment is still there;
     * moved by the studio afterwards, it can be confirmed again (decision 046).
     */
    confirmedStart: timestamptz('confirmed_start'),
    /** When the patient cancelled the occurrence through the link (once). */
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_send_key_uq').on(t.studioId, t.sendKey),
    index('appointment_reminders_occurrence_idx').on(t.studioId, t.occurrenceKey),
    index('appointment_reminders_due_idx').on(t.state, t.sendAt),
    uniqueIndex('appointment_reminders_link_token_uq').on(t.linkTokenHash),
    // the provider's delivery report names only its message id (decision 036, "Consegnato")
    index('appointment_reminders_provider_message_idx').on(t.providerMessageId),
    check(
      'appointment_reminders_state',
      sql`${t.state} in ('SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'NOT_SENT', 'CANCELLED')`,
    ),
  ],
);
