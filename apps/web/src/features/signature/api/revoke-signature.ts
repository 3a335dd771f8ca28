import type { SignatureRequest } from '@studiolo/domain/signature';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { signaturesQueryKey } from './signature-keys.ts';

/** POST /signature/revoke/{id}. */
export const revokeSignature = (id: string) => http.post<SignatureRequest>(`/signature/revoke/${id}`);

export const useRevokeSignature = () => {
  const client = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: revokeSignature,
    onSuccess: () => client.invalidateQueries({ queryKey: signaturesQueryKey(studioId) }),
  });
};

/** GET /signature/{id}/signedPdf and /dossier: the files to save. */
export const downloadSignedPdf = (id: string) => requestFile(`/signature/${id}/signedPdf`);
export const downloadDossier = (id: string) => requestFile(`/signature/${id}/dossier`);
