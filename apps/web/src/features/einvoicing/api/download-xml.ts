import { saveBlob } from '../../../lib/download.ts';
import { requestFile } from '../../../lib/http.ts';

/** GET /documento-contabile/fattura/{id}/download-xml: the file last sent, or the one that would be sent now. */
export const downloadInvoiceXml = async (id: string) => {
  const file = await requestFile(`/documento-contabile/fattura/${id}/download-xml`);
  saveBlob(file.blob, file.fileName ?? 'fattura.xml');
};

/** GET .../sdi-invii/{invioId}/xml: one attempt's file, as it was sent. */
export const downloadAttemptXml = async (id: string, invioId: string) => {
  const file = await requestFile(`/documento-contabile/fattura/${id}/sdi-invii/${invioId}/xml`);
  saveBlob(file.blob, file.fileName ?? 'fattura.xml');
};
