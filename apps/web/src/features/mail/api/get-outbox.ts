import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** One e-mail of the studio's outbox (GET /outbox). */
export type OutboxItem = {
  id: string;
  to: string;
  subject: string;
  status: string;
  transport: string;
  error?: string | null;
  createdAt: string;
};

export const getOutbox = () => http.get<OutboxItem[]>('/outbox');

export const outboxQueryKey = (studioId: string | null) => [studioId, 'outbox'] as const;

export const outboxQueryOptions = (studioId: string | null) =>
  queryOptions({ queryKey: outboxQueryKey(studioId), queryFn: getOutbox });

export const useOutbox = () => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...outboxQueryOptions(studioId), enabled: Boolean(studioId) });
};
