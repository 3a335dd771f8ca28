import type { Fattura } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoiceQueryKey, invoicesQueryKey } from './invoice-keys.ts';

/** PUT /documento-contabile/linked-calendar-events {id, eventIds}: the appointments of an invoice already sent to the SDI. */
export const linkEvents = (body: { id: string; eventIds: string[] }) =>
  http.put<Fattura>('/documento-contabile/linked-calendar-events', body);

export const useLinkEvents = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: linkEvents,
    onSuccess: (doc) => {
      qc.setQueryData(invoiceQueryKey(studioId, doc.id), doc);
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
