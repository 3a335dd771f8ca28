import type { Studio } from '@studiolo/domain/studio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { studioQueryKey } from './get-studio.ts';

/** PUT /studio/security: what the owner requires of the staff. */
export const updateStudioSecurity = (input: { requireStaffTwoFactor: boolean }) =>
  http.put<Studio>('/studio/security', input);

export const useUpdateStudioSecurity = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: updateStudioSecurity,
    onSuccess: (studio) => {
      if (studio) qc.setQueryData(studioQueryKey(studioId), studio);
      else void qc.invalidateQueries({ queryKey: studioQueryKey(studioId) });
    },
  });
};
