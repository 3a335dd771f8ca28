import { useSearchParams } from 'react-router';
import { useProforma } from '../../features/invoices/api/get-proforma.ts';
import { DocumentPage } from './accounting-fattura.tsx';

/** /accounting/proforma?pazienteId=&id=&navigateBack= (spec part 2 §2): create or edit a pro-forma. */
export const ProformaPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const proforma = useProforma(id);
  return <DocumentPage key={id ?? 'new'} kind="proforma" query={id ? proforma : null} />;
};
