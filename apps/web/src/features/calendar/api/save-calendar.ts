import type { Calendar } from '@studiolo/domain/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { calendarsQueryKey } from './calendar-keys.ts';

export type CalendarInput = { summary: string; description?: string | null };

/** POST /calendars */
export const createCalendar = (input: CalendarInput) => http.post<Calendar>('/calendars', input);
/** PUT /calendars/{id} */
export const updateCalendar = ({ id, ...input }: CalendarInput & { id: string }) =>
  http.put<Calendar>(`/calendars/${id}`, input);

const useCalendarMutation = <I>(fn: (input: I) => Promise<Calendar>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: calendarsQueryKey(studioId) }),
  });
};

export const useCreateCalendar = () => useCalendarMutation(createCalendar);
export const useUpdateCalendar = () => useCalendarMutation(updateCalendar);
