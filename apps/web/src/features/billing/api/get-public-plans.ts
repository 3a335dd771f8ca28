import type { PublicPlan } from '@studiolo/domain/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /plans (public): the plans with the prices and highlights /billing shows (a type import: no zod here). */
export const getPublicPlans = () => http.get<PublicPlan[]>('/plans');

export const publicPlansQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'plans', 'public'], queryFn: getPublicPlans, staleTime: 10 * 60_000 });

export const usePublicPlans = () => useQuery(publicPlansQueryOptions());
