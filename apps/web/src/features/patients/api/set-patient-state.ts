import type { Patient, PatientState } from '@studiolo/domain/patients';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** PUT /pazienti/stato: ACTIVE or UNACTIVE. */
export const setPatientState = (input: { id: string; state: PatientState }) =>
  http.put<Patient>('/pazienti/stato', input);

export const useSetPatientState = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: setPatientState, onSuccess: () => invalidate() });
};
