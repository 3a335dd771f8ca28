import type { FatturaPage } from '@studiolo/domain/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, type QueryValue } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { type InvoiceRegister, invoiceListsQueryKey } from './invoice-keys.ts';

/** spec part 2 §2: page sizes 10, 25, 50, 100, default 25. */
export const invoicePageSizes = [10, 25, 50, 100] as const;
export const defaultInvoicePageSize = 25;

/** The filters of GET /documento-contabile (and the subset /proforma takes); empty values are left out. */
export type DocumentListQuery = {
  page: number;
  size: number;
  direction: 'ASC' | 'DESC';
  startDate?: string | null;
  endDate?: string | null;
  searchText?: string | null;
  tipoDocumento?: string | null;
  isPagata?: 'true' | 'false' | null;
  sezionale?: string | null;
  metodoPagamento?: string | null;
};

/** GET /documento-contabile or GET /proforma: a page of documents with the filters. */
export const getDocuments = (register: InvoiceRegister, query: DocumentListQuery) =>
  http.get<FatturaPage>(`/${register}`, { query: query as Record<string, QueryValue> });

export const documentsQueryOptions = (studioId: string | null, register: InvoiceRegister, query: DocumentListQuery) =>
  queryOptions({
    queryKey: [...invoiceListsQueryKey(studioId, register), query],
    queryFn: () => getDocuments(register, query),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (register: InvoiceRegister, query: DocumentListQuery) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...documentsQueryOptions(studioId, register, query), enabled: Boolean(studioId) });
};
