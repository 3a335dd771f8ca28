import type { FatturaInput } from '@studiolo/domain/invoices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SdiErrore } from '../../../components/sdi-errors.tsx';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export type SdiPreview = {
  canaleInvio: 'SDI' | 'SISTEMA_TS';
  canaleMotivo: string;
  fileName: string | null;
  xml: string | null;
  errori: SdiErrore[];
};

/** POST /documento-contabile/sdi-preview: where the form's document goes, its XML and what the SDI would refuse. */
export const getSdiPreview = (payload: FatturaInput, id: string | null) =>
  http.post<SdiPreview>('/documento-contabile/sdi-preview', payload, { query: { id }, silent: true });

export const useSdiPreview = (payload: FatturaInput | null, id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [studioId, 'einvoicing', 'preview', id, payload],
    queryFn: () => getSdiPreview(payload as FatturaInput, id),
    enabled: Boolean(studioId && payload),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
};
