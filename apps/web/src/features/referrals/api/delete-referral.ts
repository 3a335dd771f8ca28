import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { referralsQueryKey } from './get-referrals.ts';

/** DELETE /user-referrals/{id}: cancels a pending invitation. */
export const deleteReferral = (id: string) => http.delete<null>(`/user-referrals/${encodeURIComponent(id)}`);

export const useDeleteReferral = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteReferral,
    onSuccess: () => qc.invalidateQueries({ queryKey: referralsQueryKey(studioId) }),
  });
};
