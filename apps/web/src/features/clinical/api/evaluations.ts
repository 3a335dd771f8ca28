import type { Evaluation, EvaluationInput } from '@studiolo/domain/clinical';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { evaluationsQueryKey } from './clinical-keys.ts';

/** GET /pazienti/{id}/valutazioni: newest first. */
export const getEvaluations = (pazienteId: string) => http.get<Evaluation[]>(`/pazienti/${pazienteId}/valutazioni`);

export const useEvaluations = (pazienteId: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: evaluationsQueryKey(studioId, pazienteId),
    queryFn: () => getEvaluations(pazienteId),
    enabled: Boolean(studioId),
  });
};

export type SaveEvaluationInput = EvaluationInput & { id?: string };

/** POST /valutazioni, or PUT /valutazioni/{id} with an id. */
export const saveEvaluation = ({ id, pazienteId, ...data }: SaveEvaluationInput) =>
  id
    ? http.put<Evaluation>(`/valutazioni/${id}`, data)
    : http.post<Evaluation>('/valutazioni', { pazienteId, ...data });

/** GET /valutazioni/{id}/pdf, saved under the name the server gives it. */
export const downloadEvaluationPdf = async (id: string) => {
  const file = await requestFile(`/valutazioni/${id}/pdf`);
  saveBlob(file.blob, file.fileName ?? 'valutazione.pdf');
};

export const useDownloadEvaluationPdf = () => useMutation({ mutationFn: downloadEvaluationPdf });

/** DELETE /valutazioni/{id} */
export const deleteEvaluation = (id: string) => http.delete<null>(`/valutazioni/${id}`);

export const useSaveEvaluation = (pazienteId: string) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveEvaluation,
    onSuccess: () => qc.invalidateQueries({ queryKey: evaluationsQueryKey(studioId, pazienteId) }),
  });
};

export const useDeleteEvaluation = (pazienteId: string) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteEvaluation,
    onSuccess: () => qc.invalidateQueries({ queryKey: evaluationsQueryKey(studioId, pazienteId) }),
  });
};
