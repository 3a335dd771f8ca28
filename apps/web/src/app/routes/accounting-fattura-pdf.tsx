import { IconFileTypePdf } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /accounting/fattura/pdf?id= (filled by the invoices feature). */
export const InvoicePdfPage = () => (
  <ComingSoon title="Documento PDF" description="Anteprima del documento in PDF." icon={<IconFileTypePdf size={30} />} />
);
