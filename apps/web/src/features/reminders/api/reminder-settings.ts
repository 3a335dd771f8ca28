import type { AppointmentReminder, ReminderSettings, ReminderSettingsAnswer } from '@studiolo/domain/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** Impostazioni › Promemoria (decision 036): the settings, with the SMS credit and switch they go with. */
export const reminderSettingsQueryKey = (studioId: string | null) => [studioId, 'reminder-settings'] as const;

/** GET /settings/reminders (made with the defaults on the first read). */
export const getReminderSettings = () => http.get<ReminderSettingsAnswer>('/settings/reminders');

export const useReminderSettings = () => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: reminderSettingsQueryKey(studioId),
    queryFn: getReminderSettings,
    enabled: Boolean(studioId),
  });
};

/** PUT /settings/reminders */
export const saveReminderSettings = (settings: ReminderSettings) =>
  http.put<ReminderSettingsAnswer>('/settings/reminders', settings);

export const useSaveReminderSettings = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (answer) => qc.setQueryData(reminderSettingsQueryKey(studioId), answer),
  });
};

/** GET /events/{id}/reminders: the reminders of an appointment occurrence (the calendar's event id). */
export const getEventReminders = (eventId: string) =>
  http.get<AppointmentReminder[]>(`/events/${encodeURIComponent(eventId)}/reminders`);

export const useEventReminders = (eventId: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [studioId, 'event-reminders', eventId] as const,
    queryFn: () => getEventReminders(eventId as string),
    enabled: Boolean(studioId && eventId),
  });
};
