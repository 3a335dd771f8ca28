import type { AuditEvent } from '@studiolo/domain/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

/** How many events the log shows (the server allows 1–500). */
export const auditDefaultLimit = 100;

/** Which events: all, the clinical record's accesses only, or those of one patient's record. */
export type AuditFilter = { clinical?: boolean; pazienteId?: string };

/** GET /audit: the studio's activity log, newest first. */
export const getAuditEvents = (limit = auditDefaultLimit, filter: AuditFilter = {}) =>
  http.get<AuditEvent[]>('/audit', {
    query: {
      limit,
      ...(filter.clinical ? { clinical: 'true' } : {}),
      ...(filter.pazienteId ? { pazienteId: filter.pazienteId } : {}),
    },
  });

export const auditQueryKey = (studioId: string | null, limit: number, filter: AuditFilter = {}) =>
  [studioId, 'audit', limit, filter.clinical ?? false, filter.pazienteId ?? null] as const;

export const auditEventsQueryOptions = (studioId: string | null, limit = auditDefaultLimit, filter: AuditFilter = {}) =>
  queryOptions({ queryKey: auditQueryKey(studioId, limit, filter), queryFn: () => getAuditEvents(limit, filter) });

export const useAuditEvents = (limit = auditDefaultLimit, filter: AuditFilter = {}) => {
  const studioId = useCurrentStudioId();
  // Always fresh when the tab opens: the log is read right after the change it should show.
  return useQuery({ ...auditEventsQueryOptions(studioId, limit, filter), enabled: Boolean(studioId), staleTime: 0 });
};
