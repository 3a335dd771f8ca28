import { IconReceipt } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /accounting/proforma?pazienteId=&id=&navigateBack= (filled by the invoices feature). */
export const ProformaPage = () => (
  <ComingSoon title="Proforma" description="Qui potrai creare e modificare una proforma." icon={<IconReceipt size={30} />} />
);
