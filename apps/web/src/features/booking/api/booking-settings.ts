import type {
  BookingServiceInput,
  BookingSettings,
  BookingSettingsAnswer,
  BookingStaffInput,
} from '@studiolo/domain/booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** Impostazioni › Prenotazioni online (decision 035). */
export const bookingSettingsQueryKey = (studioId: string | null) => [studioId, 'booking-settings'] as const;

/** GET /settings/booking (made with defaults on first read). */
export const getBookingSettings = () => http.get<BookingSettingsAnswer>('/settings/booking');

export const useBookingSettings = () => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: bookingSettingsQueryKey(studioId),
    queryFn: getBookingSettings,
    enabled: Boolean(studioId),
  });
};

/** PUT /settings/booking (409 on a slug another studio uses). */
export const saveBookingSettings = (settings: BookingSettings) => http.put<unknown>('/settings/booking', settings);
/** PUT /settings/booking/services/:productId */
export const saveBookingService = ({ productId, input }: { productId: string; input: BookingServiceInput }) =>
  http.put<unknown>(`/settings/booking/services/${productId}`, input);
/** PUT /settings/booking/staff/:memberId (replaces the member's hours and exceptions). */
export const saveBookingStaff = ({ memberId, input }: { memberId: string; input: BookingStaffInput }) =>
  http.put<unknown>(`/settings/booking/staff/${memberId}`, input);

const useBookingSettingsMutation = <I>(fn: (input: I) => Promise<unknown>) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingSettingsQueryKey(studioId) }),
  });
};

export const useSaveBookingSettings = () => useBookingSettingsMutation(saveBookingSettings);
export const useSaveBookingService = () => useBookingSettingsMutation(saveBookingService);
export const useSaveBookingStaff = () => useBookingSettingsMutation(saveBookingStaff);

export type BookingQrFormat = 'png' | 'svg';
/** GET /settings/booking/qr.png | qr.svg: the public link as a QR code (signed in, so fetched as a blob). */
export const getBookingQr = (format: BookingQrFormat) => requestFile(`/settings/booking/qr.${format}`);
