import type { Patient } from '@studiolo/domain/patients';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useInvalidatePatients } from './use-invalidate-patients.ts';

/** PATCH /pazienti/{id}/tags: adds one tag (spec part 1 §7: body {pazienteId, tag}). */
export const addPatientTag = ({ id, tag }: { id: string; tag: string }) =>
  http.patch<Patient>(`/pazienti/${id}/tags`, { pazienteId: id, tag });

/** DELETE /pazienti/{id}/tags?tag=…: removes one tag. */
export const removePatientTag = ({ id, tag }: { id: string; tag: string }) =>
  http.delete<Patient>(`/pazienti/${id}/tags`, { query: { tag } });

export const useAddPatientTag = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: addPatientTag, onSuccess: () => invalidate() });
};

export const useRemovePatientTag = () => {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: removePatientTag, onSuccess: () => invalidate() });
};
