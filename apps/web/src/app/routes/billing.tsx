import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentStudioId } from '../../features/auth/api/get-user.ts';
import { useBillingInvoices } from '../../features/billing/api/get-invoices.ts';
import { usePlanPrices } from '../../features/billing/api/get-prices.ts';
import { useSubscription } from '../../features/billing/api/get-subscription.ts';
import { useOpenPortal, useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { BillingOverview } from '../../features/billing/components/billing-overview.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /billing: the subscription (plans, current plan and state, invoices from the provider, the portal). */
export const BillingPage = () => {
  usePageTitle('Abbonamento');
  const [params] = useSearchParams();
  const studioId = useCurrentStudioId();
  const queryClient = useQueryClient();
  const summary = useSubscription();
  const plans = usePlanPrices();
  const invoices = useBillingInvoices(Boolean(summary.data?.hasCustomer));
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const outcome = params.get('checkout');

  // back from a Checkout: the webhook may have changed the plan meanwhile
  useEffect(() => {
    if (outcome && studioId) void queryClient.invalidateQueries({ queryKey: [studioId, 'billing'] });
  }, [outcome, studioId, queryClient]);

  return (
    <BillingOverview
      summary={summary.data}
      plans={plans.data}
      invoices={summary.data?.hasCustomer ? invoices.data : []}
      checkoutOutcome={outcome}
      onChoose={(priceId) => checkout.mutate({ priceId, returnPath: '/billing' })}
      choosingPriceId={checkout.isPending ? (checkout.variables?.priceId ?? null) : null}
      onPortal={() => portal.mutate()}
      portalPending={portal.isPending}
    />
  );
};
