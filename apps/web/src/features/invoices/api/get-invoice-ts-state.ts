import type { StatoTs } from '@studiolo/domain/sistema-ts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceQueryKey } from './invoice-keys.ts';

/**
 * GET /sistema-ts/documento/{id}, read for its state only: what issuing a credit note will do to the Sistema TS
 * depends on whether the invoice's expense is already there (issue 26). Asked when the question is asked.
 */
export const useInvoiceTsState = (id: string, enabled: boolean) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...invoiceQueryKey(studioId, id), 'sistema-ts'],
    queryFn: () =>
      http
        .get<{ stato: StatoTs | 'CANCELLATO' }>(`/sistema-ts/documento/${encodeURIComponent(id)}`)
        .then((d) => d.stato),
    enabled: Boolean(studioId) && enabled,
    staleTime: 0,
  });
};
