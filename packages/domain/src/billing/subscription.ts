import { subscriptionPlans } from '../auth/auth.schema.ts';
import type { stripeSubStatuses } from '../studio/studio.schema.ts';

export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export type SubscriptionStatus = (typeof stripeSubStatuses)[number];
export { subscriptionPlans };

/** The plans a studio can buy (TRIAL is the free start, EARLY_ADOPTERS a plan of the first customers). */
export const purchasablePlans = ['BASIC', 'PRO', 'UNLIMITED'] as const satisfies readonly SubscriptionPlan[];
export type PurchasablePlan = (typeof purchasablePlans)[number];

/** spec part 2 §2: EARLY_ADOPTERS shows as UNLIMITED, TRIAL shows as BASIC, the others unchanged. */
export const planDisplayName = (plan: SubscriptionPlan): PurchasablePlan => {
  if (plan === 'EARLY_ADOPTERS') return 'UNLIMITED';
  if (plan === 'TRIAL') return 'BASIC';
  return plan;
};

/**
 * After the end date, how long a subscription still counts as paid: the provider renews at the period's end and its
 * events may arrive some minutes later, and it retries a failed card over days (decision 037).
 */
export const overdueGraceHours = 24;

export type SubscriptionState = {
  status: SubscriptionStatus | null;
  /** ISO instant (stripeSubEndDate) or null when the studio never subscribed. */
  endDate: string | Date | null;
};

/**
 * spec part 2 §4 "Subscription overdue": an end date exists and either the status is not trialing or active, or the
 * end date (plus the grace above) is past. No end date means the studio never subscribed: never overdue.
 */
export const isSubscriptionOverdue = (s: SubscriptionState, now: Date): boolean => {
  if (s.endDate === null) return false;
  const end = s.endDate instanceof Date ? s.endDate : new Date(s.endDate);
  if (Number.isNaN(end.getTime())) return false;
  if (s.status !== 'trialing' && s.status !== 'active') return true;
  return end.getTime() + overdueGraceHours * 3_600_000 < now.getTime();
};
