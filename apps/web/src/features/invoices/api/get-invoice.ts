import type { Fattura } from '@studiolo/domain/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceQueryKey } from './invoice-keys.ts';

/** GET /documento-contabile/{id}: an invoice or credit note with its customer, studio and totals. */
export const getInvoice = (id: string) => http.get<Fattura>(`/documento-contabile/${id}`);

export const invoiceQueryOptions = (studioId: string | null, id: string) =>
  queryOptions({ queryKey: invoiceQueryKey(studioId, id), queryFn: () => getInvoice(id) });

export const useInvoice = (id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...invoiceQueryOptions(studioId, id ?? ''), enabled: Boolean(studioId && id) });
};
