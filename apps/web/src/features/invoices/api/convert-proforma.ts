import type { Fattura } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoiceQueryKey, invoicesQueryKey } from './invoice-keys.ts';

/** POST /documento-contabile/fattura/createFromProforma/{id}: the invoice of a pro-forma (next number, today). */
export const convertProforma = (proformaId: string) =>
  http.post<Fattura>(`/documento-contabile/fattura/createFromProforma/${proformaId}`);

export const useConvertProforma = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: convertProforma,
    onSuccess: (doc) => {
      qc.setQueryData(invoiceQueryKey(studioId, doc.id), doc);
      // the pro-forma is now accepted and its appointments moved to the invoice
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
