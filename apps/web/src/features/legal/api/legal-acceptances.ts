import type { LegalDocumentId, LegalStatus } from '@studiolo/domain/legal';
import { currentLegalVersion } from '@studiolo/domain/legal';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

const key = ['legal', 'acceptances'] as const;

/** GET /legal/acceptances: what the signed-in user accepted and which documents in force they still have to. */
export const getLegalStatus = () => http.get<LegalStatus>('/legal/acceptances');

export const legalStatusQueryOptions = () => queryOptions({ queryKey: key, queryFn: getLegalStatus });

export const useLegalStatus = () => useQuery(legalStatusQueryOptions());

/** POST /legal/acceptances: accepts the given documents in their version in force. */
export const acceptLegalDocuments = (ids: readonly LegalDocumentId[]) =>
  http.post<LegalStatus>('/legal/acceptances', {
    documents: ids.map((id) => ({ id, version: currentLegalVersion(id).version })),
  });

export const useAcceptLegalDocuments = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptLegalDocuments,
    onSuccess: (status) => queryClient.setQueryData(key, status),
  });
};
