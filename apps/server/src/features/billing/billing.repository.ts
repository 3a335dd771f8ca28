import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingAccounts, paymentEvents, studioMembers, studios, users } from '../../db/schema/index.ts';
import { inStudio } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** What the webhook changes on the studio and its account (decision 037). */
export type SubscriptionChange = {
  stripeSubStatus: string;
  stripeSubEndDate: Date | null;
  subscriptionId: string;
  plan: string | null;
  subStateAt: Date;
};

export const billingRepository = {
  /** The studio's account and subscription state, for the routes (scoped by the request's studio). */
  findForStudio: async (db: DbOrTx, ctx: StudioContext) => {
    const [account] = await db.select().from(billingAccounts).where(inStudio(billingAccounts, ctx)).limit(1);
    const [studio] = await db
      .select({ stripeSubStatus: studios.stripeSubStatus, stripeSubEndDate: studios.stripeSubEndDate })
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .limit(1);
    return { account: account ?? null, studio: studio ?? null };
  },

  /** The plan of the studio's owner (users.subscription_plan, spec part 2 §3 User subscription.plan). */
  ownerPlan: async (db: DbOrTx, ctx: StudioContext) => {
    const [row] = await db
      .select({ plan: users.subscriptionPlan })
      .from(studioMembers)
      .innerJoin(users, eq(users.id, studioMembers.userId))
      .where(inStudio(studioMembers, ctx, eq(studioMembers.role, 'ROLE_USER')))
      .limit(1);
    return row?.plan ?? null;
  },

  /** Staff members besides the owner (invited or joined): the plan's seats. */
  countStaff: async (db: DbOrTx, ctx: StudioContext) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(studioMembers)
      .where(inStudio(studioMembers, ctx, sql`${studioMembers.role} <> 'ROLE_USER'`));
    return row?.n ?? 0;
  },

  /**
   * unsafe: the verified webhook only, which names the studio in the provider's signed event. Records an event id;
   * false when it was there already (a replay).
   */
  unsafeRecordEvent: async (
    db: DbOrTx,
    e: { eventId: string; type: string; studioId: string | null; eventCreated: Date },
  ) => {
    const rows = await db
      .insert(paymentEvents)
      .values(e)
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  },

  /** unsafe: the verified webhook only (the studio named by the provider's signed event); locks the account row. */
  unsafeAccountForUpdate: async (db: DbOrTx, studioId: string) => {
    await db.insert(billingAccounts).values({ studioId }).onConflictDoNothing({ target: billingAccounts.studioId });
    const [row] = await db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.studioId, studioId))
      .for('update')
      .limit(1);
    return row as BillingAccountRow;
  },

  /** unsafe: the verified webhook only: the studio whose customer the provider names. */
  unsafeStudioOfCustomer: async (db: DbOrTx, customerId: string) => {
    const [row] = await db
      .select({ studioId: billingAccounts.studioId })
      .from(billingAccounts)
      .where(eq(billingAccounts.customerId, customerId))
      .limit(1);
    return row?.studioId ?? null;
  },

  /** unsafe: the verified webhook only: the customer of a studio it credits (the referral's other side). */
  unsafeCustomerOf: async (db: DbOrTx, studioId: string) => {
    const [row] = await db
      .select({ customerId: billingAccounts.customerId })
      .from(billingAccounts)
      .where(eq(billingAccounts.studioId, studioId))
      .limit(1);
    return row?.customerId ?? null;
  },

  /** unsafe: the verified webhook only: whether the studio it names exists. */
  unsafeStudioExists: async (db: DbOrTx, studioId: string) => {
    const [row] = await db.select({ id: studios.id }).from(studios).where(eq(studios.id, studioId)).limit(1);
    return Boolean(row);
  },

  /** unsafe: the verified webhook only: binds the provider's customer to the studio. */
  unsafeSetCustomer: (db: DbOrTx, studioId: string, customerId: string) =>
    db.update(billingAccounts).set({ customerId, updatedAt: new Date() }).where(eq(billingAccounts.studioId, studioId)),

  /** unsafe: the verified webhook only: the subscription's state on the account, the studio and its owner. */
  unsafeApplySubscription: async (db: DbOrTx, studioId: string, c: SubscriptionChange) => {
    await db
      .update(billingAccounts)
      .set({
        subscriptionId: c.subscriptionId,
        subStateAt: c.subStateAt,
        ...(c.plan ? { plan: c.plan } : {}),
        updatedAt: new Date(),
      })
      .where(eq(billingAccounts.studioId, studioId));
    await db
      .update(studios)
      .set({ stripeSubStatus: c.stripeSubStatus, stripeSubEndDate: c.stripeSubEndDate, updatedAt: new Date() })
      .where(eq(studios.id, studioId));
    if (c.plan) {
      const owners = db
        .select({ id: studioMembers.userId })
        .from(studioMembers)
        .where(and(eq(studioMembers.studioId, studioId), eq(studioMembers.role, 'ROLE_USER')));
      await db
        .update(users)
        .set({ subscriptionPlan: c.plan, updatedAt: new Date() })
        .where(sql`${users.id} in (${owners})`);
    }
  },

  /** unsafe: the verified webhook only: the first paid subscription invoice, once. */
  unsafeMarkFirstPaid: async (db: DbOrTx, studioId: string, at: Date) => {
    const rows = await db
      .update(billingAccounts)
      .set({ firstPaidAt: at, updatedAt: new Date() })
      .where(and(eq(billingAccounts.studioId, studioId), sql`${billingAccounts.firstPaidAt} is null`))
      .returning({ studioId: billingAccounts.studioId });
    return rows.length > 0;
  },
};
