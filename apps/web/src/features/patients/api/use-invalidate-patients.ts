import { useQueryClient } from '@tanstack/react-query';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientsQueryKey } from './patients-keys.ts';

/** After a change: lists, tag counts and records of the studio's patients are fetched again. */
export const useInvalidatePatients = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return () => qc.invalidateQueries({ queryKey: patientsQueryKey(studioId) });
};
