import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http.ts';

export type GenerateFormTemplatesInput = {
  templateIds: string[];
  /** A patient to fill the tokens with; none prints the empty form. */
  pazienteId?: string;
};

/**
 * POST /form-template/{id}/pdf for one template, POST /form-template/pdf for several (a ZIP of one PDF each):
 * the file with the name the server gives it.
 */
export const generateFormTemplates = ({ templateIds, pazienteId }: GenerateFormTemplatesInput) => {
  const body = pazienteId ? { pazienteId } : {};
  return templateIds.length === 1
    ? requestFile(`/form-template/${templateIds[0]}/pdf`, { method: 'POST', body })
    : requestFile('/form-template/pdf', { method: 'POST', body: { ...body, templateIds } });
};

export const useGenerateFormTemplates = () => useMutation({ mutationFn: generateFormTemplates });
