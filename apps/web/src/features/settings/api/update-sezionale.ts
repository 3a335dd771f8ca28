import type { Sezionale } from '@studiolo/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { settingsQueryKey } from './get-settings.ts';

/** PUT /settings/fatturazione/sezionali {name, active, documentTypes} (spec part 2 §7). */
export const updateSezionale = (input: Sezionale) => http.put<unknown>('/settings/fatturazione/sezionali', input);

export const useUpdateSezionale = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: updateSezionale,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsQueryKey(studioId) }),
  });
};
