import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/**
 * SMS reminder credit (issue 29, decision 036 "Credit"). The balance is the sum of a studio's movements: a purchase
 * adds (the payment webhook, key = the payment's id), a reminder takes one credit per segment (key = the reminder's
 * send key), an adjustment is the platform's correction. The idempotency key is unique per studio, so a movement
 * applied twice (a replayed webhook, a retried job) is written once.
 */
export const smsCreditReasons = ['purchase', 'reminder', 'adjustment'] as const;
export type SmsCreditReason = (typeof smsCreditReasons)[number];

export const smsCreditMovements = pgTable(
  'sms_credit_movements',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** Credits, signed: positive adds, negative takes; never zero. */
    qty: integer('qty').notNull(),
    reason: text('reason', { enum: smsCreditReasons }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_credit_movements_key_uq').on(t.studioId, t.idempotencyKey),
    index('sms_credit_movements_studio_idx').on(t.studioId, t.createdAt),
    check('sms_credit_movements_qty', sql`${t.qty} <> 0`),
    check('sms_credit_movements_reason', sql`${t.reason} in ('purchase', 'reminder', 'adjustment')`),
  ],
);

/** The metered functionalities of spec part 2 §3 "Consumption meter". */
export const consumptionFunctionalities = ['SMS_APPOINTMENT_REMINDER'] as const;

/**
 * A studio's consumption meter (spec part 2 §3): made on the first read, one per functionality. Its qty is not stored
 * here: it is the ledger's balance. `enabled` is the box's switch (SMS reminders on or off).
 */
export const consumptionMeters = pgTable(
  'consumption_meters',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    functionality: text('functionality', { enum: consumptionFunctionalities }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consumption_meters_studio_functionality_uq').on(t.studioId, t.functionality),
    check('consumption_meters_functionality', sql`${t.functionality} in ('SMS_APPOINTMENT_REMINDER')`),
  ],
);
