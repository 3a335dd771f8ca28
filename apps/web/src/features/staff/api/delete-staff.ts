import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { staffQueryKey } from './get-staff.ts';

/** DELETE /staff/{id}: removes a member (or withdraws an invitation). */
export const deleteStaff = (id: string) => http.delete<null>(`/staff/${id}`);

export const useDeleteStaff = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey(studioId) }),
  });
};
