import type { Fattura, FatturaInput } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoiceQueryKey, invoicesQueryKey } from './invoice-keys.ts';

export type SaveInvoiceInput = FatturaInput & { id?: string | null };

/** POST /documento-contabile (new) or PUT /documento-contabile (with id): the server answers the saved document. */
export const saveInvoice = ({ id, ...input }: SaveInvoiceInput) =>
  id ? http.put<Fattura>('/documento-contabile', { ...input, id }) : http.post<Fattura>('/documento-contabile', input);

export const useSaveInvoice = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveInvoice,
    onSuccess: (doc) => {
      qc.setQueryData(invoiceQueryKey(studioId, doc.id), doc);
      // lists, stats, next numbers and the appointments' links all change with a saved document
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
