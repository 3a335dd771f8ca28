import { type CsvDownloadProgress, downloadCsvWithProgress, saveBlob } from '../../../lib/download.ts';

/** The name when the server gives none (it always does: anagrafiche-pazienti-YYYYMMDD.csv). */
const fallbackFileName = 'anagrafiche-pazienti.csv';

/**
 * GET /data-exporter/anagrafiche-pazienti: the registry as CSV (UTF-8 with BOM, ';'), streamed with progress
 * and saved under the server's file name.
 */
export const exportPatientRegistry = async (onProgress: (p: CsvDownloadProgress) => void) => {
  const file = await downloadCsvWithProgress('/data-exporter/anagrafiche-pazienti', { onProgress });
  saveBlob(file.blob, file.fileName ?? fallbackFileName);
  return file;
};
