import type { CalendarEvent } from '@studiolo/domain/calendar';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateEvents } from './save-event.ts';

export type DuplicateRequest = { id: string; start: string; end: string };

/** POST /events/duplicate {events}: single, unpaid copies at the given times. */
export const duplicateEvents = (events: DuplicateRequest[]) =>
  http.post<CalendarEvent[]>('/events/duplicate', { events });

export const useDuplicateEvents = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: duplicateEvents, onSettled: invalidate });
};
