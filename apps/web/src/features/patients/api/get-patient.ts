import type { Patient } from '@studiolo/domain/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientsQueryKey } from './patients-keys.ts';

/** GET /pazienti/{id}. */
export const getPatient = (id: string) => http.get<Patient>(`/pazienti/${id}`);

export const patientQueryKey = (studioId: string | null, id: string) =>
  [...patientsQueryKey(studioId), 'one', id] as const;

export const patientQueryOptions = (studioId: string | null, id: string) =>
  queryOptions({ queryKey: patientQueryKey(studioId, id), queryFn: () => getPatient(id) });

export const usePatient = (id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...patientQueryOptions(studioId, id ?? ''), enabled: Boolean(studioId && id) });
};
