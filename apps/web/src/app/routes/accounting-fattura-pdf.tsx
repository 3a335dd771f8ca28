import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DocumentPdfView } from '../../features/invoices/components/pdf/document-pdf-view.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /accounting/fattura/pdf?id=&tipo= (spec part 2 §2): the document's PDF; without id, back to /accounting. */
export const InvoicePdfPage = () => {
  usePageTitle('Documento PDF');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  if (!id) return <Navigate to="/accounting" replace />;
  return (
    <DocumentPdfView
      register={params.get('tipo') === 'PROFORMA' ? 'proforma' : 'documento-contabile'}
      id={id}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/accounting'))}
    />
  );
};
