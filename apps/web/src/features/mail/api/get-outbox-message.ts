import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { type OutboxItem, outboxQueryKey } from './get-outbox.ts';

/** GET /outbox/{id}: the e-mail with its text. */
export type OutboxMessage = OutboxItem & {
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; size: number }[];
};

export const getOutboxMessage = (id: string) => http.get<OutboxMessage>(`/outbox/${id}`);

export const outboxMessageQueryOptions = (studioId: string | null, id: string) =>
  queryOptions({ queryKey: [...outboxQueryKey(studioId), id] as const, queryFn: () => getOutboxMessage(id) });

export const useOutboxMessage = (id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...outboxMessageQueryOptions(studioId, id ?? ''), enabled: Boolean(studioId && id) });
};
