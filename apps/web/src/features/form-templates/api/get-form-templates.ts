import type { FormTemplatesAll } from '@studiolo/domain/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { formTemplatesQueryKey } from './form-template-keys.ts';

/** GET /form-template/all: the studio's own templates and those other studios share (spec part 1 §7). */
export const getFormTemplates = () => http.get<FormTemplatesAll>('/form-template/all');

export const formTemplatesQueryOptions = (studioId: string | null) =>
  queryOptions({
    queryKey: [...formTemplatesQueryKey(studioId), 'all'],
    queryFn: getFormTemplates,
    enabled: Boolean(studioId),
  });

export const useFormTemplates = () => useQuery(formTemplatesQueryOptions(useCurrentStudioId()));
