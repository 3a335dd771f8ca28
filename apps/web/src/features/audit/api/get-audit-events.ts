import type { AuditEvent } from '@studiolo/domain/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** How many events the log shows (the server allows 1–500). */
export const auditDefaultLimit = 100;

/** GET /audit: the studio's activity log, newest first. */
export const getAuditEvents = (limit = auditDefaultLimit) => http.get<AuditEvent[]>('/audit', { query: { limit } });

export const auditQueryKey = (studioId: string | null, limit: number) => [studioId, 'audit', limit] as const;

export const auditEventsQueryOptions = (studioId: string | null, limit = auditDefaultLimit) =>
  queryOptions({ queryKey: auditQueryKey(studioId, limit), queryFn: () => getAuditEvents(limit) });

export const useAuditEvents = (limit = auditDefaultLimit) => {
  const studioId = useCurrentStudioId();
  // Always fresh when the tab opens: the log is read right after the change it should show.
  return useQuery({ ...auditEventsQueryOptions(studioId, limit), enabled: Boolean(studioId), staleTime: 0 });
};
