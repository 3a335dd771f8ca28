import { IconUserPlus } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /customers/add?id=&tab=: patient form (filled by the patients feature). */
export const CustomerAddPage = () => (
  <ComingSoon
    title="Scheda paziente"
    description="Qui potrai creare e modificare la scheda di un paziente: contatti, dati generali, sanitari e domicilio."
    icon={<IconUserPlus size={30} />}
  />
);
