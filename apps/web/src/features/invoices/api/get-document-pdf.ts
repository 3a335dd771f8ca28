import { useQuery } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http.ts';
import { useCurrentStudioId } from '../../auth/api/get-user.ts';
import { type InvoiceRegister, registerQueryKey } from './invoice-keys.ts';

/** GET /documento-contabile/{id}/pdf or /proforma/{id}/pdf: the A4 PDF with the name the server gives it. */
export const getDocumentPdf = (register: InvoiceRegister, id: string) => requestFile(`/${register}/${id}/pdf`);

export const useDocumentPdf = (register: InvoiceRegister, id: string | null) => {
  const studioId = useCurrentStudioId();
  return useQuery({
    queryKey: [...registerQueryKey(studioId, register), 'pdf', id],
    queryFn: () => getDocumentPdf(register, id ?? ''),
    enabled: Boolean(studioId && id),
    // a document changes with every save: the PDF is fetched again each time the page opens
    gcTime: 0,
    staleTime: 0,
  });
};
