import type { Cashflow, CashflowGranularity } from '@studiolo/domain/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import type { IsoRange } from '../period.ts';
import { analyticsQueryKey } from './analytics-keys.ts';

/** GET /analytics/cashflow, dates YYYY-MM-DD, of the patients with any of the tags if given (spec part 2 §7). */
export const getCashflow = (
  range: IsoRange,
  tags: readonly string[] = [],
  granularity: CashflowGranularity = 'MONTHLY',
) => http.get<Cashflow>('/analytics/cashflow', { query: { ...range, granularity, tags } });

export const cashflowQueryOptions = (studioId: string | null, range: IsoRange, tags: readonly string[] = []) =>
  queryOptions({
    queryKey: [...analyticsQueryKey(studioId), 'cashflow', range.startDate, range.endDate, [...tags]],
    queryFn: () => getCashflow(range, tags),
  });

export const useCashflow = (range: IsoRange | null, tags: readonly string[] = []) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...cashflowQueryOptions(studioId, range ?? { startDate: '', endDate: '' }, tags),
    enabled: Boolean(studioId && range),
  });
};
