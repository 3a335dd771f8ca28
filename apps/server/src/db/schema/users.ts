import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  /** When the user proved they read this address (a mailed link); null until then: nothing goes to patients. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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

/**
 * One signed-in device: the access token carries its id; sign-out revokes it, "Esci da tutti i dispositivi"
 * revokes every one of the user (decision 005). A trigger forgets the user's kept auth context on any change.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** A second-factor challenge handed out at sign-in: it completes one sign-in only. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/**
 * A mailed e-mail confirmation link (only its hash kept). With user_id it confirms an existing account's address;
 * without, it is a pending sign-up and carries what the account is created with when the link is opened.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    nome: text('nome'),
    cognome: text('cognome'),
    invitedByUserId: uuid('invited_by_user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The legal documents' versions accepted on the sign-up form (decision 043); recorded when the account is made. */
    legalAcceptance: jsonb('legal_acceptance').$type<{ versions: Record<string, string>; acceptedAt: string }>(),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_email_idx').on(t.email), index('email_verifications_user_idx').on(t.userId)],
);
