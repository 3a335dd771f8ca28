import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** A person who signs in. Not studio-owned: membership links users to studios. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nome: text('nome').notNull(),
  cognome: text('cognome').notNull(),
  /** ROLE_ADMIN, ROLE_DEV or ROLE_CONTENT_MANAGER for the product's own people; null for everyone else. */
  platformRole: text('platform_role'),
  totpSecret: text('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The 30-second step of the last code accepted: a code is never accepted twice (RFC 6238 §5.2). */
  totpLastStep: integer('totp_last_step'),
  /** Raised on password change: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  currentStudioId: uuid('current_studio_id'),
  invitedByUserId: uuid('invited_by_user_id'),
  subscriptionPlan: text('subscription_plan').notNull().default('TRIAL'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use, expiring password-reset links; only the hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
