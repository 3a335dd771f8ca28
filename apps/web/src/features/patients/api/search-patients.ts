import type { PatientPage, PatientState } from '@studiolo/domain/patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { patientsQueryKey } from './patients-keys.ts';

/** spec part 1 §7, §9: the list pages by 25, the patient picker by 20. */
export const patientsPageSize = 25;
export const patientPickerPageSize = 20;

export type PatientSearchParams = {
  searchText?: string;
  statoPaziente?: PatientState | null;
  /** The patient must carry every one of them. */
  tags?: readonly string[];
  /** 0-based. */
  page?: number;
  size?: number;
};

/** GET /v2/pazienti: one page of the studio's patients matching the text, state and tags. */
export const searchPatients = (params: PatientSearchParams, signal?: AbortSignal) =>
  http.get<PatientPage>('/v2/pazienti', {
    query: {
      searchText: params.searchText?.trim() || undefined,
      statoPaziente: params.statoPaziente ?? undefined,
      tags: params.tags && params.tags.length > 0 ? params.tags : undefined,
      page: params.page ?? 0,
      size: params.size ?? patientsPageSize,
    },
    ...(signal ? { signal } : {}),
  });

export const patientsPageQueryOptions = (studioId: string | null, params: PatientSearchParams) =>
  queryOptions({
    queryKey: [...patientsQueryKey(studioId), 'page', params] as const,
    queryFn: ({ signal }) => searchPatients(params, signal),
  });

/** One page of patients; the previous page stays on screen while the next one loads. */
export const usePatientsPage = (params: PatientSearchParams, { enabled = true }: { enabled?: boolean } = {}) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    ...patientsPageQueryOptions(studioId, params),
    enabled: Boolean(studioId) && enabled,
    placeholderData: keepPreviousData,
  });
};
