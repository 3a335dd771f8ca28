import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SdiErrore } from '../../../components/sdi-errors.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export type ReceivedInvoice = {
  id: string;
  fornitore: string;
  fornitorePartitaIva: string | null;
  tipoDocumento: string;
  numero: string;
  data: string;
  dataScadenza: string | null;
  imponibile: number;
  iva: number;
  totale: number;
  avvisi: SdiErrore[];
  firma: { firmatario: string | null; verificata: boolean } | null;
  origine: 'UPLOAD' | 'SDI';
  fileName: string;
};
export type ReceivedPage = { content: ReceivedInvoice[]; totalElements: number; page: number; size: number };
export type ImportOutcome = {
  fileName: string;
  esito: 'IMPORTATA' | 'GIA_IMPORTATA' | 'ERRORE';
  messaggio: string | null;
  documenti: { id: string; fornitore: string; numero: string; data: string; totale: number; avvisi: number }[];
};

export const receivedQueryKey = (studioId: string | null) => [studioId, 'einvoicing', 'received'] as const;

/** GET /documento-contabile-passivo: the received invoices, newest first. */
export const useReceivedInvoices = (query: { page: number; size: number }, enabled: boolean) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...receivedQueryKey(studioId), query],
    queryFn: () => http.get<ReceivedPage>('/documento-contabile-passivo', { query }),
    enabled: Boolean(studioId) && enabled,
    placeholderData: keepPreviousData,
  });
};

/** POST /documento-contabile-passivo/upload: each file on its own (one refused does not stop the others). */
export const useUploadReceived = () => {
  const queryClient = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const f of files) body.append('files', f, f.name);
      return http.post<ImportOutcome[]>('/documento-contabile-passivo/upload', body);
    },
    // the list and the overview's costs
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [studioId] }),
  });
};

export const downloadReceivedXml = async (id: string) => {
  const file = await requestFile(`/documento-contabile-passivo/${id}/download-xml`);
  saveBlob(file.blob, file.fileName ?? 'fattura-ricevuta.xml');
};

/** POST /settings/documento-contabile-passivo/enable|disable. */
export const setPassiveInvoicing = (enabled: boolean) =>
  http.post(`/settings/documento-contabile-passivo/${enabled ? 'enable' : 'disable'}`);
