import type { SignatureCreateInput, SignatureRequest } from '@studiolo/domain/signature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { signaturesQueryKey } from './signature-keys.ts';

/**
 * POST /signature: the server generates the chosen templates for the patient and sends the link by SMS and e-mail
 * (decision 028: template ids, not uploaded files).
 */
export const createSignature = (input: SignatureCreateInput) => http.post<SignatureRequest>('/signature', input);

export const useCreateSignature = () => {
  const client = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: createSignature,
    onSuccess: () => client.invalidateQueries({ queryKey: signaturesQueryKey(studioId) }),
  });
};
