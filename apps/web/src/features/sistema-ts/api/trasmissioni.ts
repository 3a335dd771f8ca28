import type { TsTrasmissioni } from '@studiolo/domain/sistema-ts';
import { useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { riepilogoTsKey } from './riepilogo.ts';

/** A file still on its way or waiting for its outcomes. */
const travelling = new Set(['IN_CODA', 'INVIO_IN_CORSO', 'INVIATO']);

/**
 * GET /sistema-ts/trasmissioni?anno=: the year's files as sent (refreshed with the year's overview), asked again every
 * 2 s while a file awaits its outcome, as the overview is.
 */
export const useTrasmissioniTs = (anno: number) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...riepilogoTsKey(studioId), 'trasmissioni', anno],
    queryFn: () => http.get<TsTrasmissioni>('/sistema-ts/trasmissioni', { query: { anno: String(anno) } }),
    enabled: Boolean(studioId),
    refetchInterval: (q) => (q.state.data?.trasmissioni.some((f) => travelling.has(f.stato)) ? 2_000 : false),
  });
};

/** GET /sistema-ts/trasmissioni/{id}/file: one file, as it left. */
export const downloadTrasmissione = async (id: string, fallbackName: string) => {
  const file = await requestFile(`/sistema-ts/trasmissioni/${encodeURIComponent(id)}/file`);
  saveBlob(file.blob, file.fileName ?? fallbackName);
};

/** GET /sistema-ts/trasmissioni/archivio?anno=: the year's files and records in one ZIP (a few files a year). */
export const downloadArchivioTs = async (anno: number) => {
  const file = await requestFile('/sistema-ts/trasmissioni/archivio', { query: { anno: String(anno) } });
  saveBlob(file.blob, file.fileName ?? `sistema-ts_${anno}.zip`);
};
