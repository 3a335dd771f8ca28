import type { FormTemplate, FormTemplateInput } from '@studiolo/domain/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { formTemplateQueryKey, formTemplatesQueryKey } from './form-template-keys.ts';

export type SaveFormTemplateInput = FormTemplateInput & { id?: string };

/** POST /form-template (new, or a duplicate) or PUT /form-template (with id). */
export const saveFormTemplate = ({ id, ...input }: SaveFormTemplateInput) =>
  id ? http.put<FormTemplate>('/form-template', { id, ...input }) : http.post<FormTemplate>('/form-template', input);

export const useSaveFormTemplate = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: saveFormTemplate,
    onSuccess: (saved) => {
      qc.setQueryData(formTemplateQueryKey(studioId, saved.id), saved);
      void qc.invalidateQueries({ queryKey: formTemplatesQueryKey(studioId) });
    },
  });
};
