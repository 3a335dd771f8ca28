import { effectivePlan, type PlanFeature, planIncludes, type SubscriptionSummary } from '@studiolo/domain/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** GET /stripe-integration/subscription: the studio's plan, its state and whether it is overdue. */
export const getSubscription = () => http.get<SubscriptionSummary>('/stripe-integration/subscription');

export const subscriptionQueryKey = (studioId: string | null) => [studioId, 'billing', 'subscription'] as const;

export const subscriptionQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: subscriptionQueryKey(studioId), queryFn: getSubscription, staleTime: 5 * 60_000 });

export const useSubscription = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...subscriptionQueryOptions(studioId), enabled: Boolean(studioId) });
};

/**
 * A tab's featureEnabled (decision 037): whether the studio's plan, as it stands now (BASIC once overdue), includes
 * the feature. True while the answer is loading, so a tab does not flicker away; the server checks anyway.
 */
export const usePlanFeature = (feature: PlanFeature): boolean => {
  const { data } = useSubscription();
  if (!data) return true;
  return planIncludes(
    effectivePlan(data.plan, { status: data.stripeSubStatus, endDate: data.stripeSubEndDate }, new Date()),
    feature,
  );
};
