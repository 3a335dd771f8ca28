import type { CalendarEvent } from '@studiolo/domain/calendar';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateEvents } from './save-event.ts';

/** PUT /events/paid {eventId, isPagato}: one appointment or one occurrence (which becomes an exception). */
export const setEventPaid = (body: { eventId: string; isPagato: boolean }) =>
  http.put<CalendarEvent>('/events/paid', body);

export const useSetEventPaid = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: setEventPaid, onSettled: invalidate });
};
