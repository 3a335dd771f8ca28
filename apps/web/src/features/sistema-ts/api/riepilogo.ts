import type { InviaTsResult, RiepilogoTs, TsDocumentoDettaglio } from '@studiolo/domain/sistema-ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const riepilogoTsKey = (studioId: string | null) => [studioId, 'sistema-ts', 'riepilogo'] as const;

/** GET /sistema-ts/riepilogo?anno=: asked again every 2 s while an expense awaits its outcome. */
export const useRiepilogoTs = (anno: number) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...riepilogoTsKey(studioId), anno],
    queryFn: () => http.get<RiepilogoTs>('/sistema-ts/riepilogo', { query: { anno: String(anno) } }),
    enabled: Boolean(studioId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.documenti.some((d) => d.stato === 'INVIATO') ? 2_000 : false),
  });
};

/** POST /sistema-ts/invia: a year's due expenses, or the chosen documents. */
export const useInviaTs = () => {
  const queryClient = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: (body: { anno: number } | { documentoIds: string[] }) =>
      http.post<InviaTsResult>('/sistema-ts/invia', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: riepilogoTsKey(studioId) }),
  });
};

/** POST /settings/sistema-ts/verifica ("prova credenziali"). */
export const verifyTsCredentials = () => http.post<{ message: string }>('/settings/sistema-ts/verifica');

const documentoTsKey = (studioId: string | null, id: string) => [...riepilogoTsKey(studioId), 'documento', id] as const;

/**
 * GET /sistema-ts/documento/{id}: one document's state and records, for the invoice page; asked again with the
 * invoice's own version (a save can make it due) and every 2 s while a record awaits its outcome.
 */
export const useTsDocumento = (id: string, version: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...documentoTsKey(studioId, id), version],
    queryFn: () => http.get<TsDocumentoDettaglio>(`/sistema-ts/documento/${encodeURIComponent(id)}`),
    enabled: Boolean(studioId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.stato === 'INVIATO' ? 2_000 : false),
  });
};

/** POST /sistema-ts/documento/{id}/cancella: an accepted expense withdrawn from the Sistema TS. */
export const useCancellaTs = () => {
  const queryClient = useQueryClient();
  const studioId = useCurrentStudioId();
  return useMutation({
    mutationFn: (id: string) =>
      http.post<TsDocumentoDettaglio>(`/sistema-ts/documento/${encodeURIComponent(id)}/cancella`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: riepilogoTsKey(studioId) }),
  });
};
