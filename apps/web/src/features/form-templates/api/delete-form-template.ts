import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { formTemplateQueryKey, formTemplatesQueryKey } from './form-template-keys.ts';

/** DELETE /form-template/{id} (only the studio's own templates). */
export const deleteFormTemplate = (id: string) => http.delete<null>(`/form-template/${id}`);

export const useDeleteFormTemplate = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: deleteFormTemplate,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: formTemplateQueryKey(studioId, id) });
      void qc.invalidateQueries({ queryKey: formTemplatesQueryKey(studioId) });
    },
  });
};
