import type { SignatureVerification } from '@studiolo/domain/signature';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /signature/verify: the public check of a signed PDF (multipart, field file). */
export const verifySignedPdf = (file: File) => {
  const form = new FormData();
  form.set('file', file, file.name);
  return http.post<SignatureVerification>('/signature/verify', form);
};

export const useVerifySignedPdf = () => useMutation({ mutationFn: verifySignedPdf });
