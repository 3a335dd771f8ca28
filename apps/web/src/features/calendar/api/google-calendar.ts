import type { Calendar, GoogleCalendarStatus, GoogleConnectAnswer, GoogleSyncAnswer } from '@studiolo/domain/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarQueryKey } from './calendar-keys.ts';

/** GET /google-calendar: configured on the server? linked? which account and calendars (decision 014). */
export const getGoogleCalendarStatus = () => http.get<GoogleCalendarStatus>('/google-calendar');
/** POST /google-calendar/connect: Google's consent page (null, with an ALERT, when the server is not configured). */
export const connectGoogleCalendar = () => http.post<GoogleConnectAnswer>('/google-calendar/connect');
/** DELETE /google-calendar */
export const disconnectGoogleCalendar = () => http.delete<null>('/google-calendar');
/** PUT /events/sync-cal: sends the studio's changes to Google and mirrors the Google calendars. */
export const syncGoogleCalendar = () => http.put<GoogleSyncAnswer>('/events/sync-cal');
/** PUT /calendars/{id}/google: the Google calendar that receives this calendar's appointments (null: none). */
export const setCalendarGoogleTarget = ({
  calendarId,
  googleCalendarId,
}: {
  calendarId: string;
  googleCalendarId: string | null;
}) => http.put<Calendar>(`/calendars/${calendarId}/google`, { googleCalendarId });

const statusKey = (studioId: string | null) => [...calendarQueryKey(studioId), 'google'] as const;

export const googleCalendarStatusQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: statusKey(studioId), queryFn: getGoogleCalendarStatus });

export const useGoogleCalendarStatus = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...googleCalendarStatusQueryOptions(studioId), enabled: Boolean(studioId) });
};

/** Every mutation here can change calendars, events and the status: the whole calendar branch is refetched. */
const useGoogleMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: calendarQueryKey(studioId) }),
  });
};

export const useConnectGoogleCalendar = () => useMutation({ mutationFn: connectGoogleCalendar });
export const useDisconnectGoogleCalendar = () => useGoogleMutation(disconnectGoogleCalendar);
export const useSyncGoogleCalendar = () => useGoogleMutation(syncGoogleCalendar);
export const useSetCalendarGoogleTarget = () => useGoogleMutation(setCalendarGoogleTarget);
