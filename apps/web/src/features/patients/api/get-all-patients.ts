import type { Patient } from '@studiolo/domain/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientsQueryKey } from './patients-keys.ts';

/** GET /pazienti: every patient of the studio, in display-name order (for small pickers and reports). */
export const getAllPatients = () => http.get<Patient[]>('/pazienti');

export const allPatientsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: [...patientsQueryKey(studioId), 'all'] as const, queryFn: getAllPatients });

export const useAllPatients = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...allPatientsQueryOptions(studioId), enabled: Boolean(studioId) });
};
