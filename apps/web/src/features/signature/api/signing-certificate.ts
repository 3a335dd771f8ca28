import type { SigningCertificateState } from '@studiolo/domain/signature';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { signaturesQueryKey } from './signature-keys.ts';

const certificateKey = (studioId: string | null) => [...signaturesQueryKey(studioId), 'certificate'] as const;

/** GET /signature/certificato: the studio's own certificate, and which one seals the signed PDFs now. */
export const useSigningCertificate = () => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: certificateKey(studioId),
    queryFn: () => http.get<SigningCertificateState>('/signature/certificato'),
    enabled: Boolean(studioId),
  });
};

const useSetState = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return (state: SigningCertificateState) => qc.setQueryData(certificateKey(studioId), state);
};

/** POST /signature/certificato (multipart: file, password). */
export const useUploadSigningCertificate = () => {
  const setState = useSetState();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => {
      const form = new FormData();
      form.set('password', password);
      form.set('file', file, file.name);
      return http.post<SigningCertificateState>('/signature/certificato', form);
    },
    onSuccess: setState,
  });
};

/** DELETE /signature/certificato: back to the server's certificate. */
export const useRemoveSigningCertificate = () => {
  const setState = useSetState();
  return useMutation({
    mutationFn: () => http.delete<SigningCertificateState>('/signature/certificato'),
    onSuccess: setState,
  });
};
