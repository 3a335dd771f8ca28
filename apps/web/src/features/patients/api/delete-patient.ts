import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** DELETE /pazienti/{id}; refused (409, with the reason) when the patient has legal records. */
export const deletePatient = (id: string) => http.delete<null>(`/pazienti/${id}`);

export const useDeletePatient = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: deletePatient, onSuccess: () => invalidate() });
};
