import type { Studio, StudioInput } from '@studiolo/domain/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { studioQueryKey } from './get-studio.ts';

/** PUT /studio: the studio's own data. */
export const updateStudio = (input: StudioInput) => http.put<Studio>('/studio', input);

export const useUpdateStudio = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: updateStudio,
    onSuccess: (studio) => qc.setQueryData(studioQueryKey(studioId), studio),
  });
};
