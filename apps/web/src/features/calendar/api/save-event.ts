import type { CalendarEvent, EventInput, UpdateEventOption } from '@studiolo/domain/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { eventsQueryKey } from './calendar-keys.ts';

/** The body of POST /events as the web sends it (dates as ISO instants). */
export type EventBody = Omit<EventInput, 'start' | 'end'> & { start: string; end: string };
export type EventUpdateBody = EventBody & { id: string; updateEventOption?: UpdateEventOption | null };

/** POST /events */
export const createEvent = (body: EventBody) => http.post<CalendarEvent>('/events', body);
/** PUT /events: an occurrence id needs updateEventOption (SINGLE or AFTER), decision 013. */
export const updateEvent = (body: EventUpdateBody) => http.put<CalendarEvent>('/events', body);

/** After any change of an event every window is stale (a series reaches many). */
export const useInvalidateEvents = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return () => qc.invalidateQueries({ queryKey: eventsQueryKey(studioId) });
};

export const useCreateEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: createEvent, onSettled: invalidate });
};

export const useUpdateEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: updateEvent, onSettled: invalidate });
};
