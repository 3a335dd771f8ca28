import type { BillingInvoice } from '@studiolo/domain/billing';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** GET /stripe-integration/invoices: the studio's invoices at the payment provider, newest first. */
export const getBillingInvoices = () => http.get<BillingInvoice[]>('/stripe-integration/invoices');

export const useBillingInvoices = (enabled: boolean) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [studioId, 'billing', 'invoices'],
    queryFn: getBillingInvoices,
    enabled: enabled && Boolean(studioId),
  });
};
