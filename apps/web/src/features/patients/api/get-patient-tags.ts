import type { PatientTagCount } from '@studiolo/domain/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientsQueryKey } from './patients-keys.ts';

/** GET /pazienti/tags: the studio's tags with how many patients carry each. */
export const getPatientTags = () => http.get<PatientTagCount[]>('/pazienti/tags');

export const patientTagsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: [...patientsQueryKey(studioId), 'tags'] as const, queryFn: getPatientTags });

export const usePatientTags = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...patientTagsQueryOptions(studioId), enabled: Boolean(studioId) });
};
