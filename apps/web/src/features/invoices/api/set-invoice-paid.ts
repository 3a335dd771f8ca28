import type { Fattura, MetodoPagamento } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoiceQueryKey, invoicesQueryKey } from './invoice-keys.ts';

export type SetInvoicePaidInput =
  | { fatturaId: string; isPagata: true; dataIncasso: string; metodoPagamento: MetodoPagamento }
  | { fatturaId: string; isPagata: false };

/** PUT /documento-contabile/{fatturaId}/pagata (spec part 2 §4): paid with method and collection date, or unpaid. */
export const setInvoicePaid = (input: SetInvoicePaidInput) =>
  http.put<Fattura>(`/documento-contabile/${input.fatturaId}/pagata`, input);

export const useSetInvoicePaid = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: setInvoicePaid,
    onSuccess: (doc) => {
      qc.setQueryData(invoiceQueryKey(studioId, doc.id), doc);
      // lists and stats change, and a paid invoice marks its appointments paid
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
