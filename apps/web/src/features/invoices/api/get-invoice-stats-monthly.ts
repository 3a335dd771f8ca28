import type { Stats } from '@studiolo/domain/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceStatsQueryKey } from './invoice-keys.ts';

export type MonthlyStats = Stats & { netCashFlow: number };

/** GET /documento-contabile/fattura/stats-monthly with the first and last day of a month, DD-MM-YYYY. */
export const getInvoiceStatsMonthly = (startDate: string, endDate: string) =>
  http.get<MonthlyStats>('/documento-contabile/fattura/stats-monthly', { query: { startDate, endDate } });

export const invoiceStatsMonthlyQueryOptions = (studioId: string | null, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...invoiceStatsQueryKey(studioId), 'monthly', startDate, endDate],
    queryFn: () => getInvoiceStatsMonthly(startDate, endDate),
  });

export const useInvoiceStatsMonthly = (startDate: string, endDate: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...invoiceStatsMonthlyQueryOptions(studioId, startDate, endDate), enabled: Boolean(studioId) });
};
