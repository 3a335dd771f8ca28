import type { DeleteEventOption } from '@studiolo/domain/calendar';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidateEvents } from './save-event.ts';

/** DELETE /events/{id}: an appointment. */
export const deleteEvent = (id: string) => http.delete<null>(`/events/${encodeURIComponent(id)}`);
/** DELETE /events/recur/{id}?deleteEventOption=: one occurrence, it and the following ones, or the whole series. */
export const deleteRecurringEvent = ({ id, option }: { id: string; option: DeleteEventOption }) =>
  http.delete<null>(`/events/recur/${encodeURIComponent(id)}`, { query: { deleteEventOption: option } });

export const useDeleteEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, option }: { id: string; option: DeleteEventOption | null }) =>
      option ? deleteRecurringEvent({ id, option }) : deleteEvent(id),
    onSettled: invalidate,
  });
};
