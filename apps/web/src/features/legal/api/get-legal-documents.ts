import type { LegalPublicInfo } from '@studiolo/domain/legal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /legal/documents (public): the versions in force and this install's sub-processors. */
export const getLegalDocuments = () => http.get<LegalPublicInfo>('/legal/documents');

export const legalDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ['legal', 'documents'], queryFn: getLegalDocuments, staleTime: 10 * 60_000 });

export const useLegalDocuments = () => useQuery(legalDocumentsQueryOptions());
