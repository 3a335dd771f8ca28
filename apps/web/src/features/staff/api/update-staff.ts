import type { StaffRole } from '@studiolo/domain/shared';
import type { StaffMember } from '@studiolo/domain/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { staffQueryKey } from './get-staff.ts';

export type StaffUpdateInput = { name: string; lastname: string; role?: StaffRole; avatarColor?: string | null };

/** PUT /staff/{id} */
export const updateStaff = ({ id, ...input }: StaffUpdateInput & { id: string }) =>
  http.put<StaffMember>(`/staff/${id}`, input);

export const useUpdateStaff = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => qc.invalidateQueries({ queryKey: staffQueryKey(studioId) }),
  });
};
