import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** PUT /pazienti/{id}/promemoria: the patient's opt-out of appointment reminders (decision 036). */
export const setPatientRemindersOptOut = (input: { id: string; remindersOptOut: boolean }) =>
  http.put<{ pazienteId: string; remindersOptOut: boolean }>(`/pazienti/${encodeURIComponent(input.id)}/promemoria`, {
    remindersOptOut: input.remindersOptOut,
  });

export const useSetPatientRemindersOptOut = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: setPatientRemindersOptOut, onSuccess: () => invalidate() });
};
