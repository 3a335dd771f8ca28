import type { OutcomeInput, OutcomeRecord } from '@studiolo/domain/clinical';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { outcomesQueryKey } from './clinical-keys.ts';

/** GET /pazienti/{id}/misure-esito: oldest first, the chart's order. */
export const getOutcomes = (pazienteId: string) => http.get<OutcomeRecord[]>(`/pazienti/${pazienteId}/misure-esito`);

export const useOutcomes = (pazienteId: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: outcomesQueryKey(studioId, pazienteId),
    queryFn: () => getOutcomes(pazienteId),
    enabled: Boolean(studioId),
  });
};

/** POST /misure-esito: the server scores the answers. */
export const createOutcome = (input: OutcomeInput) => http.post<OutcomeRecord>('/misure-esito', input);
/** DELETE /misure-esito/{id} */
export const deleteOutcome = (id: string) => http.delete<null>(`/misure-esito/${id}`);

export const useCreateOutcome = (pazienteId: string) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: createOutcome,
    onSuccess: () => qc.invalidateQueries({ queryKey: outcomesQueryKey(studioId, pazienteId) }),
  });
};

export const useDeleteOutcome = (pazienteId: string) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteOutcome,
    onSuccess: () => qc.invalidateQueries({ queryKey: outcomesQueryKey(studioId, pazienteId) }),
  });
};
