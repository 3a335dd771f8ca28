import type { Patient, PatientInput } from '@studiolo/domain/patients';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** POST /pazienti (answer "Paziente creato"). */
export const createPatient = (input: PatientInput) => http.post<Patient>('/pazienti', input);

export const useCreatePatient = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: createPatient, onSuccess: () => invalidate() });
};
