import type { DiaryEntry, DiaryInput } from '@studiolo/domain/clinical';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { diaryQueryKey } from './clinical-keys.ts';

/** GET /pazienti/{id}/diari: newest first. */
export const getDiary = (pazienteId: string) => http.get<DiaryEntry[]>(`/pazienti/${pazienteId}/diari`);

export const useDiary = (pazienteId: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: diaryQueryKey(studioId, pazienteId),
    queryFn: () => getDiary(pazienteId),
    enabled: Boolean(studioId),
  });
};

export type SaveDiaryInput = DiaryInput & { id?: string };

/** POST /diari, or PUT /diari/{id} with an id. */
export const saveDiaryEntry = ({ id, pazienteId, ...data }: SaveDiaryInput) =>
  id ? http.put<DiaryEntry>(`/diari/${id}`, data) : http.post<DiaryEntry>('/diari', { pazienteId, ...data });

/** DELETE /diari/{id} */
export const deleteDiaryEntry = (id: string) => http.delete<null>(`/diari/${id}`);

export const useSaveDiaryEntry = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveDiaryEntry,
    onSuccess: (saved) => qc.invalidateQueries({ queryKey: diaryQueryKey(studioId, saved.pazienteId) }),
  });
};

export const useDeleteDiaryEntry = (pazienteId: string) => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteDiaryEntry,
    onSuccess: () => qc.invalidateQueries({ queryKey: diaryQueryKey(studioId, pazienteId) }),
  });
};
