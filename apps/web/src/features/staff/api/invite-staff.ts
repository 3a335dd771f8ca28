import type { StaffInviteInput, StaffMember } from '@studiolo/domain/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { staffQueryKey } from './get-staff.ts';

/** POST /staff: invites a member by e-mail. */
export const inviteStaff = (input: StaffInviteInput) => http.post<StaffMember>('/staff', input);

export const useInviteStaff = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey(studioId) }),
  });
};
