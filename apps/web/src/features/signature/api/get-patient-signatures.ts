import type { SignaturePage } from '@studiolo/domain/signature';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { signaturesQueryKey } from './signature-keys.ts';

/** GET /signature/paziente/{id}: the patient's signature requests, newest first here, 25 a page. */
export const getPatientSignatures = (pazienteId: string, page = 0) =>
  http.get<SignaturePage>(`/signature/paziente/${pazienteId}`, { query: { page, size: 25, direction: 'DESC' } });

export const usePatientSignatures = (pazienteId: string | null, page = 0) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...signaturesQueryKey(studioId), 'patient', pazienteId, page],
    queryFn: () => getPatientSignatures(pazienteId ?? '', page),
    enabled: Boolean(studioId && pazienteId),
  });
};
