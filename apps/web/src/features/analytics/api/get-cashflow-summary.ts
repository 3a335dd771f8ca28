import type { CashflowSummary } from '@studiolo/domain/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import type { IsoRange } from '../period.ts';
import { analyticsQueryKey } from './analytics-keys.ts';

/** GET /analytics/cashflow/summary, dates YYYY-MM-DD (spec part 2 §7). */
export const getCashflowSummary = (range: IsoRange, tags: readonly string[] = []) =>
  http.get<CashflowSummary>('/analytics/cashflow/summary', { query: { ...range, tags } });

export const cashflowSummaryQueryOptions = (studioId: string | null, range: IsoRange, tags: readonly string[] = []) =>
  queryOptions({
    queryKey: [...analyticsQueryKey(studioId), 'summary', range.startDate, range.endDate, [...tags]],
    queryFn: () => getCashflowSummary(range, tags),
  });

export const useCashflowSummary = (range: IsoRange | null, tags: readonly string[] = []) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...cashflowSummaryQueryOptions(studioId, range ?? { startDate: '', endDate: '' }, tags),
    enabled: Boolean(studioId && range),
  });
};
