import { type CsvDownloadProgress, downloadCsvWithProgress, saveBlob } from '../../../lib/download.ts';

export const clinicalExports = {
  'valutazioni-pazienti': 'valutazioni-pazienti.csv',
  'diari-pazienti': 'diari-pazienti.csv',
} as const;
export type ClinicalExport = keyof typeof clinicalExports;

/**
 * GET /data-exporter/valutazioni-pazienti or /diari-pazienti (one patient's with pazienteId): CSV with BOM, streamed
 * with progress and saved under the server's file name.
 */
export const exportClinical = async (
  kind: ClinicalExport,
  pazienteId: string | null,
  onProgress: (p: CsvDownloadProgress) => void,
) => {
  const file = await downloadCsvWithProgress(`/data-exporter/${kind}`, {
    onProgress,
    ...(pazienteId ? { query: { pazienteId } } : {}),
  });
  saveBlob(file.blob, file.fileName ?? clinicalExports[kind]);
  return file;
};
