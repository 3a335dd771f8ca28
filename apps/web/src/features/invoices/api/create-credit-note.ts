import type { Fattura } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { invoiceQueryKey, invoicesQueryKey } from './invoice-keys.ts';

/** POST /documento-contabile/nota-di-credito/from-fattura/{id}: a full credit note of the invoice (next number, today). */
export const createCreditNote = (invoiceId: string) =>
  http.post<Fattura>(`/documento-contabile/nota-di-credito/from-fattura/${invoiceId}`);

export const useCreateCreditNote = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: createCreditNote,
    onSuccess: (doc) => {
      qc.setQueryData(invoiceQueryKey(studioId, doc.id), doc);
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
    },
  });
};
