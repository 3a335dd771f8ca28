import type { StaffMember } from '@studiolo/domain/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const getStaff = () => http.get<StaffMember[]>('/staff');

export const staffQueryKey = (studioId: string | null) => [studioId, 'staff'] as const;

export const staffQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: staffQueryKey(studioId), queryFn: getStaff });

export const useStaff = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...staffQueryOptions(studioId), enabled: Boolean(studioId) });
};
