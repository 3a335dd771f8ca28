import type { Calendar } from '@studiolo/domain/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarsQueryKey } from './calendar-keys.ts';

export type CalendarsAnswer = { calendars: Calendar[]; googleCalendars: Calendar[] };

/** GET /calendars: the studio's calendars (and the external ones, none until Google is configured). */
export const getCalendars = () => http.get<CalendarsAnswer>('/calendars');

export const calendarsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: calendarsQueryKey(studioId), queryFn: getCalendars, staleTime: 5 * 60_000 });

export const useCalendars = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...calendarsQueryOptions(studioId), enabled: Boolean(studioId) });
};
