import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** PUT /events/sync-cal: the server answers ALERT while Google Calendar is not configured (shown as a warning). */
export const syncExternalCalendars = () => http.put<{ configured: boolean; synced: number }>('/events/sync-cal');

export const useSyncExternalCalendars = () => useMutation({ mutationFn: syncExternalCalendars });
