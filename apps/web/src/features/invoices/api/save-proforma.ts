import type { Proforma, ProformaInput } from '@studiolo/domain/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from '../../calendar/api/calendar-keys.ts';
import { invoicesQueryKey, proformaQueryKey } from './invoice-keys.ts';

export type SaveProformaInput = ProformaInput & { id?: string | null };

/** POST /proforma (new) or PUT /proforma (with id). */
export const saveProforma = ({ id, ...input }: SaveProformaInput) =>
  id ? http.put<Proforma>('/proforma', { ...input, id }) : http.post<Proforma>('/proforma', input);

export const useSaveProforma = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveProforma,
    onSuccess: (doc) => {
      qc.setQueryData(proformaQueryKey(studioId, doc.id), doc);
      void qc.invalidateQueries({ queryKey: invoicesQueryKey(studioId) });
      void qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) });
    },
  });
};
