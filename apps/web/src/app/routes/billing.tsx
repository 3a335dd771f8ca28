import { IconCreditCard } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /billing (filled by the billing feature). */
export const BillingPage = () => (
  <ComingSoon
    title="Abbonamento"
    description="Qui potrai gestire il tuo piano, il credito SMS e il programma Invita un amico."
    icon={<IconCreditCard size={30} />}
  />
);
