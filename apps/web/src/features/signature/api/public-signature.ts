import type { PublicSignature, SignerInput } from '@studiolo/domain/signature';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const publicSignatureQueryKey = (linkId: string) => ['public-signature', linkId] as const;
const publicKey = publicSignatureQueryKey;

/** GET /signature/public/{linkId}: what the patient's page shows. */
export const getPublicSignature = (linkId: string) =>
  http.get<PublicSignature>(`/signature/public/${encodeURIComponent(linkId)}`, { silent: true });

export const usePublicSignature = (linkId: string | null) =>
  useQuery({
    queryKey: publicKey(linkId ?? ''),
    queryFn: () => getPublicSignature(linkId ?? ''),
    enabled: Boolean(linkId),
    retry: false,
  });

/** The PDF a document shows on the page (the signed one after signing). */
export const publicDocumentUrl = (linkId: string, documentId: string) =>
  `/app/api/signature/public/${encodeURIComponent(linkId)}/documents/${documentId}`;

/** POST /signature/public/{id}/otp: a fresh code by SMS. */
export const useRequestOtp = (linkId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post<{ message: string; otpSentAt: string }>(`/signature/public/${encodeURIComponent(linkId)}/otp`),
    onSettled: () => client.invalidateQueries({ queryKey: publicKey(linkId) }),
  });
};

export type SignInput = { otp: string; paziente: SignerInput; signature: Blob; idDocument?: File | null };

/** POST /signature/public/{id}/sign, multipart (paziente, otp, device, signPageUrl, signature, idDocument). */
export const useSign = (linkId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInput) => {
      const form = new FormData();
      form.set('otp', input.otp);
      form.set('paziente', JSON.stringify(input.paziente));
      form.set('device', `${navigator.platform || ''} ${window.screen.width}x${window.screen.height}`.trim());
      form.set('signPageUrl', window.location.href);
      form.set('signature', input.signature, 'firma.png');
      if (input.idDocument) form.set('idDocument', input.idDocument, input.idDocument.name);
      return http.post<{ message: string }>(`/signature/public/${encodeURIComponent(linkId)}/sign`, form);
    },
    onSettled: () => client.invalidateQueries({ queryKey: publicKey(linkId) }),
  });
};
