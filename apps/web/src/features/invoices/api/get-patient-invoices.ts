import type { FatturaPage } from '@studiolo/domain/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceListsQueryKey } from './invoice-keys.ts';

export type PatientInvoicesQuery = { page: number; size: number; direction: 'ASC' | 'DESC' };

/** GET /documento-contabile/paziente/{id}: the patient's invoices and credit notes (spec part 2 §2 customer table). */
export const getPatientInvoices = (pazienteId: string, query: PatientInvoicesQuery) =>
  http.get<FatturaPage>(`/documento-contabile/paziente/${pazienteId}`, { query });

export const patientInvoicesQueryOptions = (studioId: string | null, pazienteId: string, query: PatientInvoicesQuery) =>
  queryOptions({
    queryKey: [...invoiceListsQueryKey(studioId), 'paziente', pazienteId, query],
    queryFn: () => getPatientInvoices(pazienteId, query),
    placeholderData: keepPreviousData,
  });

export const usePatientInvoices = (pazienteId: string, query: PatientInvoicesQuery) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...patientInvoicesQueryOptions(studioId, pazienteId, query), enabled: Boolean(studioId) });
};
