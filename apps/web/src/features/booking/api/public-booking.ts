import {
  type BookingConfirmInput,
  type BookingRequestAnswer,
  type BookingRequestInput,
  type BookingSlot,
  type BookingSlotsAnswer,
  type BookingSlotsQuery,
  bookingConflictDataSchema,
  type PublicBooking,
  type PublicBookingPage,
} from '@studiolo/domain/booking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, http, isHttpError } from '../../../lib/http.ts';

/**
 * The public booking page's calls (decision 035, no account). POST /appointments/paziente/book… and …/cancel go
 * through lib/http.ts, which adds X-Turnstile-Token to them when the bot check is configured (spec part 2 §7).
 */

const publicKey = ['public-booking'] as const;

/** Errors the page shows in place (a wrong code, a slot taken meanwhile): no toast on top of them. */
const shownInPlace = (statuses: readonly number[]) => (e: unknown) => {
  if (isHttpError(e) && statuses.includes(e.status)) e.notified = true;
  throw e;
};

/** GET /booking/:slug (404 when the studio turned booking off or the link is unknown: the same answer). */
export const getPublicBookingPage = (slug: string) =>
  http.get<PublicBookingPage>(`/booking/${encodeURIComponent(slug)}`, { silent: true }).catch(shownInPlace([404]));

export const publicBookingPageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...publicKey, slug], queryFn: () => getPublicBookingPage(slug), staleTime: 5 * 60_000 });

export const usePublicBookingPage = (slug: string) => useQuery(publicBookingPageQueryOptions(slug));

/** GET /booking/:slug/slots (at most 31 days a request). */
export const getBookingSlots = (slug: string, query: BookingSlotsQuery) =>
  http.get<BookingSlotsAnswer>(`/booking/${encodeURIComponent(slug)}/slots`, { query });

/** The key of a window's slots (the page's hook, and the server that draws the page: decision 047). */
export const bookingSlotsQueryKey = (slug: string, query: BookingSlotsQuery) =>
  [...publicKey, slug, 'slots', query.productId, query.staffMemberId ?? null, query.from, query.to] as const;

export const useBookingSlots = (slug: string, query: BookingSlotsQuery | null) =>
  useQuery({
    queryKey: query ? bookingSlotsQueryKey(slug, query) : [...publicKey, slug, 'slots', 'none'],
    queryFn: () => getBookingSlots(slug, query as BookingSlotsQuery),
    enabled: query !== null,
    // a page that shows slots shows those free now: ask again when the patient comes back to it
    staleTime: 30_000,
  });

/** POST /appointments/paziente/book/code → 202, the code goes by e-mail. */
export const requestBookingCode = (input: BookingRequestInput) =>
  http
    .post<BookingRequestAnswer>('/appointments/paziente/book/code', input, { silent: true })
    .catch(shownInPlace([400, 404, 409]));

export const useRequestBookingCode = () => useMutation({ mutationFn: requestBookingCode });

/** POST /appointments/paziente/book { requestId, code } → 201 PublicBooking; 400 wrong code; 409 slot taken. */
export const confirmBooking = (input: BookingConfirmInput) =>
  http
    .post<PublicBooking>('/appointments/paziente/book', input, { silent: true })
    .catch(shownInPlace([400, 404, 409, 410]));

export const useConfirmBooking = (slug: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmBooking,
    // made or lost, the slots shown before are no longer true
    onSettled: () => qc.invalidateQueries({ queryKey: [...publicKey, slug, 'slots'] }),
  });
};

/** The next free slots a 409 carries (the envelope's data), or null when it carries none. */
export const nextSlotsOf = (error: unknown): BookingSlot[] | null => {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const parsed = bookingConflictDataSchema.safeParse(error.data);
  return parsed.success ? parsed.data.nextSlots : null;
};

/** GET /appointments/paziente/booking?token= */
export const getPatientBooking = (token: string) =>
  http
    .get<PublicBooking>('/appointments/paziente/booking', { query: { token }, silent: true })
    .catch(shownInPlace([400, 404]));

export const patientBookingQueryKey = (token: string | null) => [...publicKey, 'booking', token] as const;

export const usePatientBooking = (token: string | null) =>
  useQuery({
    queryKey: patientBookingQueryKey(token),
    queryFn: () => getPatientBooking(token as string),
    enabled: Boolean(token),
  });

/** POST /appointments/paziente/cancel { token } → PublicBooking (409 after the limit). */
export const cancelPatientBooking = (token: string) =>
  http.post<PublicBooking>('/appointments/paziente/cancel', { token }, { silent: true });

export const useCancelPatientBooking = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelPatientBooking,
    onSuccess: (booking, token) => qc.setQueryData(patientBookingQueryKey(token), booking),
  });
};
