import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { passwordResetTokens, studioMembers, users } from '../../db/schema/index.ts';
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
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_context'),
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
  findAuthContext: (db: Db, userId: string, studioId: string | null) =>
    authContextStatement(db)
      .execute({ userId, studioId })
      .then((r) => r[0] ?? null),

  /** Records the step of an accepted TOTP code; false when that step (or a later one) was already used. */
  useTotpStep: (db: DbOrTx, userId: string, step: number) =>
    db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id })
      .then((r) => r.length === 1),

  insertResetToken: (db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date) =>
    db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt }),

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
