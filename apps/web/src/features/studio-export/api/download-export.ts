import { type CsvDownloadProgress, downloadZipWithProgress, saveBlob } from '../../../lib/download.ts';

/** GET /data-exporter/studio: every file of the studio in one ZIP (the owner only), saved under the server's name. */
export const downloadStudioExport = async (onProgress: (p: CsvDownloadProgress) => void) => {
  const file = await downloadZipWithProgress('/data-exporter/studio', { onProgress });
  saveBlob(file.blob, file.fileName ?? 'studiolo-dati-studio.zip');
  return file;
};

/** GET /data-exporter/pazienti/{id}: everything about one patient (an access request), saved under the server's name. */
export const downloadPatientExport = async (pazienteId: string, onProgress: (p: CsvDownloadProgress) => void) => {
  const file = await downloadZipWithProgress(`/data-exporter/pazienti/${encodeURIComponent(pazienteId)}`, {
    onProgress,
  });
  saveBlob(file.blob, file.fileName ?? 'dati-paziente.zip');
  return file;
};
