import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/**
 * A studio's account at the payment provider (decision 037): its customer, its subscription and the plan it pays
 * for. The studio's stripe_sub_status and stripe_sub_end_date (spec part 2 §3) are kept from the same events.
 * `subStateAt` is the creation time of the provider event whose subscription state was applied last: an older event
 * arriving late (webhooks come in any order) never overwrites a newer state.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    studioId: uuid('studio_id')
      .primaryKey()
      .references(() => studios.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    plan: text('plan'),
    subStateAt: timestamp('sub_state_at', { withTimezone: true }),
    /** When the first subscription invoice was paid (the referral programme's trigger, once). */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('billing_accounts_customer_uq').on(t.customerId)],
);

/** Every provider event applied, by its id: a replayed event (same id) is answered and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    studioId: uuid('studio_id').references(() => studios.id, { onDelete: 'cascade' }),
    eventCreated: timestamp('event_created', { withTimezone: true }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_event_uq').on(t.eventId), index('payment_events_studio_idx').on(t.studioId)],
);
