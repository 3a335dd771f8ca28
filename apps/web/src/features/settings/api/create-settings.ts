import type { Settings } from '@studiolo/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { settingsQueryKey } from './get-settings.ts';

/** POST /settings: creates the studio's settings with their defaults. */
export const createSettings = (input: Partial<Settings> = {}) => http.post<Settings>('/settings', input);

export const useCreateSettings = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({ mutationFn: createSettings, onSuccess: (s) => qc.setQueryData(settingsQueryKey(studioId), s) });
};
