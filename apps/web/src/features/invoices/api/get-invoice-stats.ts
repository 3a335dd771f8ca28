import type { Stats } from '@studiolo/domain/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceStatsQueryKey } from './invoice-keys.ts';

/** GET /documento-contabile/fattura/stats?year: the year's figures (spec part 2 §3 Stats). */
export const getInvoiceStats = (year: number) =>
  http.get<Record<string, Stats>>('/documento-contabile/fattura/stats', { query: { year } });

export const invoiceStatsQueryOptions = (studioId: string | null, year: number) =>
  queryOptions({
    queryKey: [...invoiceStatsQueryKey(studioId), 'year', year],
    queryFn: async () => (await getInvoiceStats(year))[String(year)] ?? null,
  });

export const useInvoiceStats = (year: number) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...invoiceStatsQueryOptions(studioId, year), enabled: Boolean(studioId) });
};
