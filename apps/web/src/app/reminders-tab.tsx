import { RemindersPanel } from '../features/reminders/components/reminders-panel.tsx';
import { SmsPackPurchase } from './sms-pack-purchase.tsx';

/** The "Promemoria" tab (Impostazioni and Impostazioni calendario): reminders with the billing feature's SMS packs. */
export const RemindersTab = ({ canEdit, canManageCredit }: { canEdit: boolean; canManageCredit: boolean }) => (
  <RemindersPanel canEdit={canEdit} canManageCredit={canManageCredit} purchase={<SmsPackPurchase />} />
);
