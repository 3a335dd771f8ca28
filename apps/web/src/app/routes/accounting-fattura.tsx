import { IconReceipt } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /accounting/fattura?pazienteId=&studioId=&id=&navigateBack= (filled by the invoices feature). */
export const InvoicePage = () => (
  <ComingSoon
    title="Fattura"
    description="Qui potrai creare e modificare una fattura, collegando gli appuntamenti del paziente."
    icon={<IconReceipt size={30} />}
  />
);
