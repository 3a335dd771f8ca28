import type { Attachment } from '@studiolo/domain/clinical';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CsvDownloadProgress, downloadZipWithProgress, saveBlob } from '../../../lib/download.ts';
import { http, requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';

export const attachmentsQueryKey = (studioId: string | null, pazienteId: string) =>
  [studioId, 'clinical', 'attachments', pazienteId] as const;

/** GET /pazienti/{pazienteId}/allegati: newest first. */
export const getAttachments = (pazienteId: string) => http.get<Attachment[]>(`/pazienti/${pazienteId}/allegati`);

export const attachmentsQueryOptions = (studioId: string | null, pazienteId: string) =>
  queryOptions({ queryKey: attachmentsQueryKey(studioId, pazienteId), queryFn: () => getAttachments(pazienteId) });

export const useAttachments = (pazienteId: string) => {
  const studioId = useCurrentStudioId();
  return useQuery({ ...attachmentsQueryOptions(studioId, pazienteId), enabled: Boolean(studioId) });
};

/** POST /pazienti/{pazienteId}/allegati (multipart field "file"): the server checks, reduces and names the file. */
export const uploadAttachment = ({ pazienteId, file }: { pazienteId: string; file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<Attachment>(`/pazienti/${pazienteId}/allegati`, form);
};

/** DELETE /allegati/{id}. */
export const deleteAttachment = ({ id }: { id: string; pazienteId: string }) =>
  http.delete<Attachment>(`/allegati/${id}`);

const useInvalidate = () => {
  const qc = useQueryClient();
  const studioId = useCurrentStudioId();
  return (pazienteId: string) => qc.invalidateQueries({ queryKey: attachmentsQueryKey(studioId, pazienteId) });
};

export const useUploadAttachment = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: uploadAttachment, onSuccess: (a) => invalidate(a.pazienteId) });
};

export const useDeleteAttachment = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteAttachment, onSuccess: (_, v) => invalidate(v.pazienteId) });
};

/** GET /allegati/{id}/download: the file's bytes (the bearer token goes with the call, so no plain link). */
export const fetchAttachment = (id: string) => requestFile(`/allegati/${id}/download`, { query: { inline: true } });

/** Downloads one attachment under its name. */
export const downloadAttachment = async (a: Pick<Attachment, 'id' | 'fileName'>) => {
  const file = await fetchAttachment(a.id);
  saveBlob(file.blob, file.fileName ?? a.fileName);
};

/**
 * GET /data-exporter/allegati-pazienti: every patient's files in one ZIP (a folder per patient), with progress as
 * the files arrive against the server's count.
 */
export const exportAttachments = async (onProgress: (p: CsvDownloadProgress) => void) => {
  const file = await downloadZipWithProgress('/data-exporter/allegati-pazienti', { onProgress });
  saveBlob(file.blob, file.fileName ?? 'allegati-pazienti.zip');
  return file;
};
