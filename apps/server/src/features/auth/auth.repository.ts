import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  emailVerifications,
  loginChallenges,
  passwordResetTokens,
  studioMembers,
  userSessions,
  users,
} from '../../db/schema/index.ts';
import { studioVersionColumns } from '../../db/studio-versions.ts';

export type UserRow = typeof users.$inferSelect;

/** What the auth plugin reads on every authenticated request. */
const authContextStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      tokenVersion: users.tokenVersion,
      platformRole: users.platformRole,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      sessionId: userSessions.id,
      currentStudioId: users.currentStudioId,
      memberStudioId: studioMembers.studioId,
      memberRole: studioMembers.role,
      memberId: studioMembers.id,
      versions: studioVersionColumns(studioMembers.studioId),
    })
    .from(users)
    .leftJoin(
      studioMembers,
      and(
        eq(studioMembers.userId, users.id),
        eq(studioMembers.studioId, sql`coalesce(${sql.placeholder('studioId')}::uuid, ${users.currentStudioId})`),
      ),
    )
    // SECURITY (issue 25 item 10): the token's session must exist and not be revoked; its expiry is the token's.
    .leftJoin(
      userSessions,
      and(
        eq(userSessions.id, sql`${sql.placeholder('sessionId')}::uuid`),
        eq(userSessions.userId, users.id),
        isNull(userSessions.revokedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_context_v2'),
);

/** Users are not studio-owned: these queries are scoped by the user's own id or e-mail. */
export const authRepository = {
  findUserById: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .then((r) => r[0] ?? null),

  findUserByEmail: (db: DbOrTx, email: string) =>
    db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .then((r) => r[0] ?? null),

  insertUser: (db: DbOrTx, row: typeof users.$inferInsert) =>
    db
      .insert(users)
      .values(row)
      .onConflictDoNothing({ target: users.email })
      .returning()
      .then((r) => r[0] ?? null),

  updateUser: (db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>) =>
    db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .then((r) => r[0] ?? null),

  /** Password change: new hash and a raised token version, which signs out every other session. */
  setPassword: (db: DbOrTx, id: string, passwordHash: string) =>
    db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
      .then((r) => r[0] ?? null),

  /** The user's studios, oldest membership first. */
  listMemberships: (db: DbOrTx, userId: string) =>
    db
      .select({ studioId: studioMembers.studioId, role: studioMembers.role, memberId: studioMembers.id })
      .from(studioMembers)
      .where(eq(studioMembers.userId, userId))
      .orderBy(asc(studioMembers.createdAt)),

  /** Everything GET /user/getUser answers, in one query: the user's columns and their studios, oldest first. */
  findCurrentUserView: (db: DbOrTx, userId: string) =>
    db
      .select({
        id: users.id,
        email: users.email,
        nome: users.nome,
        cognome: users.cognome,
        platformRole: users.platformRole,
        totpEnabled: users.totpEnabled,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
        subscriptionPlan: users.subscriptionPlan,
        currentStudioId: users.currentStudioId,
        memberships: sql<{ studioId: string; role: string }[]>`coalesce(
          json_agg(json_build_object('studioId', ${studioMembers.studioId}, 'role', ${studioMembers.role})
            order by ${studioMembers.createdAt}) filter (where ${studioMembers.id} is not null),
          '[]'::json)`,
      })
      .from(users)
      .leftJoin(studioMembers, eq(studioMembers.userId, users.id))
      .where(eq(users.id, userId))
      .groupBy(users.id)
      .then((r) => r[0] ?? null),

  /** What the auth plugin needs per request, in one query: the user and the chosen studio membership. */
  findAuthContext: (db: Db, userId: string, studioId: string | null, sessionId: string | null) =>
    authContextStatement(db)
      .execute({ userId, studioId, sessionId })
      .then((r) => r[0] ?? null),

  /** Records the step of an accepted TOTP code; false when that step (or a later one) was already used. */
  useTotpStep: (db: DbOrTx, userId: string, step: number) =>
    db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id })
      .then((r) => r.length === 1),

  /** A new reset link; every older one of the user stops working (issue 25 item 7). */
  insertResetToken: async (db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date, now: Date) => {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Ends every reset link of the user still open: the password changed. */
  closeResetTokens: (db: DbOrTx, userId: string, now: Date) =>
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt))),

  insertSession: (db: DbOrTx, userId: string, expiresAt: Date) =>
    db
      .insert(userSessions)
      .values({ userId, expiresAt })
      .returning({ id: userSessions.id })
      .then((r) => r[0]?.id ?? null),

  /** Revokes one session of the user (sign-out); false when it was not open. */
  revokeSession: (db: DbOrTx, userId: string, sessionId: string, now: Date) =>
    db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id })
      .then((r) => r.length === 1),

  /** Revokes every open session of the user (all devices, or a password change); keeps `exceptId` open. */
  revokeSessions: (db: DbOrTx, userId: string, now: Date, exceptId?: string) =>
    db
      .update(userSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(userSessions.userId, userId),
          isNull(userSessions.revokedAt),
          exceptId ? ne(userSessions.id, exceptId) : undefined,
        ),
      ),

  /** Drops the user's sessions and challenges that expired: they can never be used again. */
  pruneExpired: async (db: DbOrTx, userId: string, now: Date) => {
    await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, now)));
    await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), lt(loginChallenges.expiresAt, now)));
  },

  insertChallenge: (db: DbOrTx, userId: string, expiresAt: Date) =>
    db
      .insert(loginChallenges)
      .values({ userId, expiresAt })
      .returning({ id: loginChallenges.id })
      .then((r) => r[0]?.id ?? null),

  /** Is the challenge still open (not used, not expired)? */
  isChallengeOpen: (db: DbOrTx, userId: string, challengeId: string, now: Date) =>
    db
      .select({ id: loginChallenges.id })
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.id, challengeId),
          eq(loginChallenges.userId, userId),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .then((r) => r.length === 1),

  /** Uses the challenge up; false when it was already used or expired (a challenge completes one sign-in). */
  useChallenge: (db: DbOrTx, userId: string, challengeId: string, now: Date) =>
    db
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginChallenges.id, challengeId),
          eq(loginChallenges.userId, userId),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .returning({ id: loginChallenges.id })
      .then((r) => r.length === 1),

  /** A new confirmation link for an address; older links for the same address (or user) stop working. */
  insertEmailVerification: async (db: DbOrTx, row: typeof emailVerifications.$inferInsert) => {
    await db
      .delete(emailVerifications)
      .where(row.userId ? eq(emailVerifications.userId, row.userId) : eq(emailVerifications.email, row.email));
    await db.insert(emailVerifications).values(row);
  },

  /** Drops the pending sign-ups of an address that has an account (they could never create it). */
  dropPendingSignups: (db: DbOrTx, email: string) =>
    db.delete(emailVerifications).where(and(eq(emailVerifications.email, email), isNull(emailVerifications.userId))),

  /** Takes a valid confirmation link (deleting it: it works once); null when unknown or expired. */
  consumeEmailVerification: (db: DbOrTx, tokenHash: string, now: Date) =>
    db
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.tokenHash, tokenHash), gt(emailVerifications.expiresAt, now)))
      .returning()
      .then((r) => r[0] ?? null),

  /** Marks a valid reset token used and returns its user id; null when unknown, used or expired. */
  consumeResetToken: (db: DbOrTx, tokenHash: string, now: Date) =>
    db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
      .then((r) => r[0]?.userId ?? null),
};
