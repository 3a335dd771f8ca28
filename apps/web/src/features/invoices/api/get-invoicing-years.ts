import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceStatsQueryKey } from './invoice-keys.ts';

/** GET /documento-contabile/fattura/invoicing-years: the current year plus the years with invoices, descending. */
export const getInvoicingYears = () =>
  http.get<{ anniConFatture: number[] }>('/documento-contabile/fattura/invoicing-years');

export const invoicingYearsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: [...invoiceStatsQueryKey(studioId), 'years'], queryFn: getInvoicingYears });

export const useInvoicingYears = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...invoicingYearsQueryOptions(studioId), enabled: Boolean(studioId) });
};
