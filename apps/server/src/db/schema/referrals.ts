import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';
import { users } from './users.ts';

/**
 * An invitation of the referral programme (spec part 2 §3 "Referral"; decision 038). Owned by the inviter's studio.
 * Completed (userInviteeRegistered) when the invitee's studio pays its first subscription.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    inviterUserId: uuid('inviter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    inviteeEmail: text('invitee_email').notNull(),
    invitationReason: text('invitation_reason'),
    /** Set when the invitee's first subscription payment succeeded (both sides credited in the same transaction). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The paying studio of the invitee, once completed. */
    inviteeStudioId: uuid('invitee_studio_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // duplicates: one invitation per address and studio
    uniqueIndex('referrals_studio_email_uq').on(t.studioId, t.inviteeEmail),
    // an invitee's studio completes at most one referral
    uniqueIndex('referrals_invitee_studio_uq').on(t.inviteeStudioId),
    index('referrals_inviter_idx').on(t.inviterUserId),
  ],
);

/**
 * The 50 € credits of a completed referral: one row per side, never two (unique referral and side). Written in the same
 * transaction as the completion; providerAppliedAt is set once the payment provider's customer balance holds it.
 */
export const referralCredits = pgTable(
  'referral_credits',
  {
    id: id(),
    referralId: uuid('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    /** The credited studio (the inviter's or the invitee's). */
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The key sent with the provider call: referral id and side, so a retried call is applied once. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerAppliedAt: timestamp('provider_applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_credits_referral_side_uq').on(t.referralId, t.side),
    check('referral_credits_side_ck', sql`${t.side} in ('inviter', 'invitee')`),
    check('referral_credits_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The global notification shown as a banner to every signed-in user (spec part 2 §3): one row, key 'global'.
 * Platform content, not studio-owned; edited by ROLE_ADMIN or ROLE_CONTENT_MANAGER.
 */
export const globalNotifications = pgTable('global_notifications', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  descriptionTitle: text('description_title').notNull(),
  /** Sanitised HTML (only the allow-list of decision 038 is stored). */
  descriptionBody: text('description_body').notNull(),
  showBanner: boolean('show_banner').notNull().default(false),
  showBtnShareInvito: boolean('show_btn_share_invito').notNull().default(false),
  whatsappShareMsg: text('whatsapp_share_msg').notNull(),
  updatedByUserId: uuid('updated_by_user_id'),
  updatedAt: updatedAt(),
});
