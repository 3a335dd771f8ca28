import type { Studio } from '@studiolo/domain/studio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const getStudio = () => http.get<Studio>('/studio');

export const studioQueryKey = (studioId: string | null) => [studioId, 'studio'] as const;

export const studioQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: studioQueryKey(studioId), queryFn: getStudio, staleTime: 5 * 60_000 });

/** The current studio (waits for the user, whose first studio is the current one). */
export const useStudio = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...studioQueryOptions(studioId), enabled: Boolean(studioId) });
};
