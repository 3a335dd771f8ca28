import type { ReservationStatus, StudioBookingRow } from '@studiolo/domain/booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** The studio's bookings (calendar › Prenotazioni da confermare, decision 035). */
export const studioBookingsKey = (studioId: string | null) => [studioId, 'bookings'] as const;

/** GET /bookings?status= */
export const getStudioBookings = (status?: ReservationStatus) =>
  http.get<StudioBookingRow[]>('/bookings', { query: { status }, silent: true }).catch((e: unknown) => {
    // a background list refetched every minute: a failure leaves the button out instead of a toast each time
    if (isHttpError(e)) e.notified = true;
    throw e;
  });

export const useStudioBookings = (status: ReservationStatus, enabled = true) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...studioBookingsKey(studioId), status],
    queryFn: () => getStudioBookings(status),
    enabled: Boolean(studioId) && enabled,
    // a patient may book while the calendar is open
    refetchInterval: 60_000,
  });
};

/** POST /bookings/:id/confirm */
export const confirmStudioBooking = (id: string) => http.post<unknown>(`/bookings/${id}/confirm`);
/** POST /bookings/:id/cancel { reason } (the reason goes to the patient). */
export const cancelStudioBooking = ({ id, reason }: { id: string; reason: string | null }) =>
  http.post<unknown>(`/bookings/${id}/cancel`, { reason });

const useBookingMutation = <I>(fn: (input: I) => Promise<unknown>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: studioBookingsKey(studioId) });
      // the calendar's events carry the status; a cancellation removes the event
      void qc.invalidateQueries({ queryKey: [studioId, 'calendar'] });
    },
  });
};

export const useConfirmStudioBooking = () => useBookingMutation(confirmStudioBooking);
export const useCancelStudioBooking = () => useBookingMutation(cancelStudioBooking);
