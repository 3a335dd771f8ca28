import { type CsvDownloadProgress, downloadZipWithProgress, saveBlob } from '../../../lib/download.ts';

/** GET /documento-contabile/fattura/download-xmls: the ZIP of a period's XML files, with its progress. */
export const downloadInvoiceXmls = async (
  period: { startDate: string; endDate: string },
  onProgress: (p: CsvDownloadProgress) => void,
) => {
  const file = await downloadZipWithProgress('/documento-contabile/fattura/download-xmls', {
    query: period,
    onProgress,
  });
  saveBlob(file.blob, file.fileName ?? 'fatture-xml.zip');
  return file;
};
