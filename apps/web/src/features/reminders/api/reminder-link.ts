import type { ReminderAppointment } from '@studiolo/domain/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../../lib/http.ts';

/** The patient's page of a reminder's link (decision 036, no account): the appointment, Conferma, Annulla. */

export const reminderLinkQueryKey = (token: string | null) => ['reminder-link', token] as const;
const key = reminderLinkQueryKey;

/** The page shows the server's answer in place (forged, expired, already done): no toast on top of it. */
const shownInPlace = (e: unknown) => {
  if (isHttpError(e) && e.status >= 400 && e.status < 500) e.notified = true;
  throw e;
};

/** GET /appointments/paziente/promemoria?token= */
export const getReminderAppointment = (token: string) =>
  http
    .get<ReminderAppointment>('/appointments/paziente/promemoria', { query: { token }, silent: true })
    .catch(shownInPlace);

export const useReminderAppointment = (token: string | null) =>
  useQuery({
    queryKey: key(token),
    queryFn: () => getReminderAppointment(token as string),
    enabled: Boolean(token),
    retry: false,
  });

/** POST /appointments/paziente/promemoria/conferma | annulla { token } → the appointment as it is now. */
export const actOnReminderAppointment = (action: 'conferma' | 'annulla', token: string) =>
  http
    .post<ReminderAppointment>(`/appointments/paziente/promemoria/${action}`, { token }, { silent: true })
    .catch(shownInPlace);

export const useReminderAction = (token: string | null) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'conferma' | 'annulla') => actOnReminderAppointment(action, token as string),
    onSuccess: (answer) => qc.setQueryData(key(token), answer),
  });
};
