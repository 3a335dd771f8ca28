import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEnableSmsMeter } from '../../sms-credit/api/enable-sms-meter.ts';
import { SmsCreditBox } from '../../sms-credit/components/sms-credit-box.tsx';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminder-settings.ts';
import { ReminderSettingsForm } from './reminder-settings-form.tsx';

/**
 * Impostazioni › Promemoria (decision 036): the SMS credit box and the reminder settings. The purchase of packs is the
 * billing feature's, passed in by the page.
 */
export const RemindersPanel = ({
  canEdit,
  canManageCredit,
  purchase,
}: {
  canEdit: boolean;
  canManageCredit: boolean;
  purchase?: ReactNode;
}) => {
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const enable = useEnableSmsMeter(() => void settings.refetch());
  const data = settings.data;
  if (!data) return null;
  const { smsBalance, smsMeterId, smsEnabled, studioName, studioAddress, quietHours, ...value } = data;
  return (
    <Stack gap="lg">
      <SmsCreditBox
        balance={smsBalance}
        enabled={smsEnabled}
        threshold={value.lowBalanceThreshold}
        canManage={canManageCredit}
        saving={enable.isPending}
        onToggle={(enabled) => enable.mutate({ consumptionMeterId: smsMeterId, enabled })}
        purchase={purchase}
      />
      <ReminderSettingsForm
        key={JSON.stringify(value)}
        value={value}
        studio={{ nome: studioName, indirizzo: studioAddress }}
        quietHours={quietHours}
        canEdit={canEdit}
        saving={save.isPending}
        onSave={(v) => save.mutate(v)}
      />
    </Stack>
  );
};
