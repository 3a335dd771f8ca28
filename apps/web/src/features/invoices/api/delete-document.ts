import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoiceQueryKey, invoicesQueryKey, proformaQueryKey } from './invoice-keys.ts';

export type DeleteDocumentInput =
  | { kind: 'fattura'; id: string; setLinkedEventsAsNotPaid: boolean }
  | { kind: 'proforma'; id: string };

/** DELETE /documento-contabile/{id}?setLinkedEventsAsNotPaid= (only the last number) or DELETE /proforma/{id}. */
export const deleteDocument = (input: DeleteDocumentInput) =>
  input.kind === 'fattura'
    ? http.delete<null>(`/documento-contabile/${input.id}`, {
        query: { setLinkedEventsAsNotPaid: input.setLinkedEventsAsNotPaid },
      })
    : http.delete<null>(`/proforma/${input.id}`);

export const useDeleteDocument = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_r, input) => {
      qc.removeQueries({
        queryKey: input.kind === 'fattura' ? invoiceQueryKey(studioId, input.id) : proformaQueryKey(studioId, input.id),
      });
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
