import type { Proforma } from '@studiolo/domain/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { proformaQueryKey } from './invoice-keys.ts';

/** GET /proforma/{id}. */
export const getProforma = (id: string) => http.get<Proforma>(`/proforma/${id}`);

export const proformaQueryOptions = (studioId: string | null, id: string) =>
  queryOptions({ queryKey: proformaQueryKey(studioId, id), queryFn: () => getProforma(id) });

export const useProforma = (id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...proformaQueryOptions(studioId, id ?? ''), enabled: Boolean(studioId && id) });
};
