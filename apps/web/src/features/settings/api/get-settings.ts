import type { Settings } from '@studiolo/domain/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const getSettings = () => http.get<Settings>('/settings');

export const settingsQueryKey = (studioId: string | null) => [studioId, 'settings'] as const;

export const settingsQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: settingsQueryKey(studioId), queryFn: getSettings });

export const useSettings = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...settingsQueryOptions(studioId), enabled: Boolean(studioId) });
};
