import type { Patient, PatientInput } from '@studiolo/domain/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientQueryKey } from './get-patient.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** PUT /pazienti: the whole patient, with its id in the body (spec part 1 §7). */
export const updatePatient = (input: PatientInput & { id: string }) => http.put<Patient>('/pazienti', input);

export const useUpdatePatient = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: (patient) => {
      qc.setQueryData(patientQueryKey(studioId, patient.id), patient);
      void invalidate();
    },
  });
};
