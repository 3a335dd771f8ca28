import type { StripePrice } from '@studiolo/domain/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /stripe-products: the plans' prices. */
export const getPlanPrices = () => http.get<StripePrice[]>('/stripe-products');
/** GET /stripe-products/sms: the SMS packs (price, unitAmountDecimal, metadata.qty). */
export const getSmsPrices = () => http.get<StripePrice[]>('/stripe-products/sms');

export const planPricesQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'prices', 'plans'], queryFn: getPlanPrices, staleTime: 10 * 60_000 });
export const smsPricesQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'prices', 'sms'], queryFn: getSmsPrices, staleTime: 10 * 60_000 });

export const usePlanPrices = () => useQuery(planPricesQueryOptions());
export const useSmsPrices = () => useQuery(smsPricesQueryOptions());
