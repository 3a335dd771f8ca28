import type { CassaPrevidenzialeType } from '@studiolo/domain/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { cassePrevidenzialiQueryKey } from './invoice-keys.ts';

/** GET /casse-previdenziali: the social-security fund types (a fixed table). */
export const getCassePrevidenziali = () => http.get<CassaPrevidenzialeType[]>('/casse-previdenziali');

export const cassePrevidenzialiQueryOptions = (studioId: string | null) =>
  queryOptions({
    queryKey: cassePrevidenzialiQueryKey(studioId),
    queryFn: getCassePrevidenziali,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCassePrevidenziali = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...cassePrevidenzialiQueryOptions(studioId), enabled: Boolean(studioId) });
};
