import type { CalendarEvent } from '@studiolo/domain/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { eventsQueryKey } from '../../calendar/api/calendar-keys.ts';

/**
 * GET /events/paziente/{id}: the patient's appointments, for the invoice's appointment picker. Kept under the
 * calendar's key branch so that saving or paying an appointment refreshes it.
 */
export const getPatientEvents = (pazienteId: string) => http.get<CalendarEvent[]>(`/events/paziente/${pazienteId}`);

export const patientEventsQueryOptions = (studioId: string | null, pazienteId: string) =>
  queryOptions({
    queryKey: [...eventsQueryKey(studioId), 'paziente', pazienteId] as const,
    queryFn: () => getPatientEvents(pazienteId),
  });

export const usePatientEvents = (pazienteId: string | null, enabled = true) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...patientEventsQueryOptions(studioId, pazienteId ?? ''),
    enabled: Boolean(studioId && pazienteId) && enabled,
  });
};
