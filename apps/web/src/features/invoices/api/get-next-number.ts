import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { type InvoiceRegister, nextNumberQueryKey } from './invoice-keys.ts';

export type NextNumberQuery = {
  /** DD-MM-YYYY: the register's year is this date's (default today). */
  startDate?: string | null;
  /** Invoices only; '' is the main numbering. */
  sezionale?: string | null;
};

/** GET /documento-contabile/next-documento-id or /proforma/next-documento-id: the number a new document would take. */
export const getNextNumber = (register: InvoiceRegister, query: NextNumberQuery) =>
  http.get<{ numeroDocumento: number }>(`/${register}/next-documento-id`, {
    query: register === 'proforma' ? { startDate: query.startDate } : query,
  });

export const nextNumberQueryOptions = (studioId: string | null, register: InvoiceRegister, query: NextNumberQuery) =>
  queryOptions({
    queryKey: [...nextNumberQueryKey(studioId, register), query] as const,
    queryFn: () => getNextNumber(register, query),
    // a number is only a suggestion: another tab may take it, so it is asked again each time the form opens
    staleTime: 0,
  });

/** The next number for a new document; nothing is asked while `enabled` is false (an existing document). */
export const useNextNumber = (register: InvoiceRegister, query: NextNumberQuery, enabled = true) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...nextNumberQueryOptions(studioId, register, query), enabled: Boolean(studioId) && enabled });
};
