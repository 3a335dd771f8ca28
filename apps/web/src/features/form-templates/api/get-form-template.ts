import type { FormTemplate } from '@studiolo/domain/forms';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { formTemplateQueryKey } from './form-template-keys.ts';

/** GET /form-template/{id}: one of the studio's templates, or one another studio shares (read-only). */
export const getFormTemplate = (id: string) => http.get<FormTemplate>(`/form-template/${id}`);

export const useFormTemplate = (id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: formTemplateQueryKey(studioId, id ?? ''),
    queryFn: () => getFormTemplate(id ?? ''),
    enabled: Boolean(studioId && id),
  });
};
