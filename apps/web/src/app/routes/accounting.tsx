import { IconFileInvoice } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /accounting (filled by the invoices feature). */
export const AccountingPage = () => (
  <ComingSoon
    title="Fatturazione"
    description="Qui troverai fatture, note di credito e proforma, con l'invio allo SDI e al Sistema TS."
    icon={<IconFileInvoice size={30} />}
  />
);
