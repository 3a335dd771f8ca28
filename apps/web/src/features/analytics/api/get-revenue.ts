import type { Revenue } from '@studiolo/domain/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import type { IsoRange } from '../period.ts';
import { analyticsQueryKey } from './analytics-keys.ts';

/** GET /analytics/revenue: the period's invoiced by service and by patient tag (decision 024). */
export const getRevenue = (range: IsoRange, tags: readonly string[]) =>
  http.get<Revenue>('/analytics/revenue', { query: { ...range, tags } });

export const revenueQueryOptions = (studioId: string | null, range: IsoRange, tags: readonly string[]) =>
  queryOptions({
    queryKey: [...analyticsQueryKey(studioId), 'revenue', range.startDate, range.endDate, [...tags]],
    queryFn: () => getRevenue(range, tags),
  });

export const useRevenue = (range: IsoRange | null, tags: readonly string[]) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...revenueQueryOptions(studioId, range ?? { startDate: '', endDate: '' }, tags),
    enabled: Boolean(studioId && range),
  });
};
