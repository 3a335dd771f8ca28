import { IconUsers } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /customers: patients list (filled by the patients feature). */
export const CustomersPage = () => (
  <ComingSoon
    title="Pazienti"
    description="Qui troverai l'anagrafica dei tuoi pazienti: ricerca, tag, stato e cartella clinica."
    icon={<IconUsers size={30} />}
  />
);
