import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { referralCredits, referrals, studioMembers, users } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type ReferralRow = typeof referrals.$inferSelect & { inviteeSignedUp: boolean };
export type ReferralCreditRow = typeof referralCredits.$inferSelect;

/** The invitee made an account through this inviter's link (users.invited_by_user_id, recorded at sign-up). */
const inviteeSignedUp = sql<boolean>`exists (select 1 from ${users} u where u.email = ${referrals.inviteeEmail} and u.invited_by_user_id = ${referrals.inviterUserId})`;

export const referralsRepository = {
  list: (db: DbOrTx, ctx: StudioContext): Promise<ReferralRow[]> =>
    db
      .select({
        id: referrals.id,
        studioId: referrals.studioId,
        inviterUserId: referrals.inviterUserId,
        inviteeEmail: referrals.inviteeEmail,
        invitationReason: referrals.invitationReason,
        completedAt: referrals.completedAt,
        inviteeStudioId: referrals.inviteeStudioId,
        createdAt: referrals.createdAt,
        inviteeSignedUp,
      })
      .from(referrals)
      .where(inStudio(referrals, ctx))
      // spec part 2 §2: registered invitees first
      .orderBy(sql`${referrals.completedAt} is null`, desc(referrals.createdAt), asc(referrals.id))
      // bounded: invitations are limited per day, the list by this (decision 038)
      .limit(1000),

  /** Inserts the invitation; null when the studio already invited the address (the unique index). */
  insert: (db: DbOrTx, ctx: StudioContext, row: { inviteeEmail: string; invitationReason: string | null }) =>
    db
      .insert(referrals)
      .values(ownedBy(ctx, { ...row, inviterUserId: ctx.userId }))
      .onConflictDoNothing()
      .returning()
      .then((r) => r[0] ?? null),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(referrals)
      .where(inStudio(referrals, ctx, eq(referrals.id, id)))
      .then((r) => r[0] ?? null),

  deletePending: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(referrals)
      .where(inStudio(referrals, ctx, eq(referrals.id, id), isNull(referrals.completedAt)))
      .returning({ id: referrals.id })
      .then((r) => r[0] ?? null),

  /** unsafe: a look-up across every account (is the address registered?); the answer is a yes or no only. */
  unsafeEmailRegistered: (db: DbOrTx, email: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
      .then((r) => r.length > 0),

  userName: (db: DbOrTx, userId: string) =>
    db
      .select({ nome: users.nome, cognome: users.cognome, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: called by the payment webhook, outside any request's studio: the owners (ROLE_USER) of the paying studio
   * with the user who invited them, oldest membership first.
   */
  unsafeInvitedOwnersOf: (db: DbOrTx, studioId: string) =>
    db
      .select({ userId: users.id, email: users.email, invitedByUserId: users.invitedByUserId })
      .from(studioMembers)
      .innerJoin(users, eq(users.id, studioMembers.userId))
      .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.role, 'ROLE_USER')))
      .orderBy(asc(studioMembers.createdAt)),

  /** unsafe: the payment webhook's, outside any request's studio: the studio the inviter owns, where the invitation and its credit belong. */
  unsafeOwnedStudioOf: (db: DbOrTx, userId: string) =>
    db
      .select({ studioId: studioMembers.studioId })
      .from(studioMembers)
      .where(and(eq(studioMembers.userId, userId), eq(studioMembers.role, 'ROLE_USER')))
      .orderBy(asc(studioMembers.createdAt))
      .limit(1)
      .then((r) => r[0]?.studioId ?? null),

  /** unsafe: the payment webhook's, outside any request's studio: the referral a paying studio already completed, if any. */
  unsafeCompletedBy: (db: DbOrTx, inviteeStudioId: string) =>
    db
      .select()
      .from(referrals)
      .where(eq(referrals.inviteeStudioId, inviteeStudioId))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: the payment webhook's, outside any request's studio: completes the inviter's invitation of this address, creating it when the invitee came through the
   * shared link alone. Only an uncompleted row is taken (the row lock makes a concurrent second call find it completed).
   */
  unsafeComplete: async (
    db: DbOrTx,
    row: { studioId: string; inviterUserId: string; inviteeEmail: string; inviteeStudioId: string; now: Date },
  ) => {
    await db
      .insert(referrals)
      .values({ studioId: row.studioId, inviterUserId: row.inviterUserId, inviteeEmail: row.inviteeEmail })
      .onConflictDoNothing();
    return db
      .update(referrals)
      .set({ completedAt: row.now, inviteeStudioId: row.inviteeStudioId })
      .where(
        and(
          eq(referrals.studioId, row.studioId),
          eq(referrals.inviteeEmail, row.inviteeEmail),
          isNull(referrals.completedAt),
        ),
      )
      .returning()
      .then((r) => r[0] ?? null);
  },

  insertCredits: (db: DbOrTx, rows: (typeof referralCredits.$inferInsert)[]) =>
    db.insert(referralCredits).values(rows).onConflictDoNothing().returning(),

  creditsOf: (db: DbOrTx, referralId: string) =>
    db.select().from(referralCredits).where(eq(referralCredits.referralId, referralId)),

  /** unsafe: billing's, outside a request's studio: the studio's credits not yet on its provider balance. */
  unsafeUnappliedCreditsOf: (db: DbOrTx, studioId: string) =>
    db
      .select()
      .from(referralCredits)
      .where(and(eq(referralCredits.studioId, studioId), isNull(referralCredits.providerAppliedAt)))
      .limit(100),

  /** The referral credit the studio has earned, as inviter or invitee, in cents. */
  creditCentsOf: async (db: DbOrTx, ctx: StudioContext) => {
    const [row] = await db
      .select({ cents: sql<number>`coalesce(sum(${referralCredits.amountCents}), 0)::int` })
      .from(referralCredits)
      .where(inStudio(referralCredits, ctx));
    return row?.cents ?? 0;
  },

  markCreditApplied: (db: DbOrTx, creditId: string, at: Date) =>
    db.update(referralCredits).set({ providerAppliedAt: at }).where(eq(referralCredits.id, creditId)),
};
