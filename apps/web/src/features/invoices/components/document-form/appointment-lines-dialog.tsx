import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import {
  type AppointmentLineAction,
  type AppointmentLineMode,
  appointmentLineActions,
  appointmentLineModes,
  invoiceMessages as m,
} from '@studiolo/domain/invoices';
import { useEffect, useState } from 'react';
import { requiredGroup } from '../../../../lib/form.ts';
import { useIsPhone } from '../../../../lib/use-is-phone.ts';
import { documentFormTexts as t } from './document-form.texts.ts';

export type AppointmentLinesDialogProps = {
  opened: boolean;
  /** The document already has lines: the user picks append, overwrite or leave (else it is overwrite). */
  hasLines: boolean;
  onCancel: () => void;
  onApply: (choice: { action: AppointmentLineAction; mode: AppointmentLineMode }) => void;
};

/** spec part 2 §4 "Linking appointments to lines": what to do with the lines there, and how to make the new ones. */
export const AppointmentLinesDialog = ({ opened, hasLines, onCancel, onApply }: AppointmentLinesDialogProps) => {
  const isPhone = useIsPhone();
  const [action, setAction] = useState<AppointmentLineAction | null>(null);
  const [mode, setMode] = useState<AppointmentLineMode>('MULTIPLE');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    // spec part 2 §4: with no lines the action is overwrite
    setAction(hasLines ? null : 'OVERWRITE');
    setMode('MULTIPLE');
    setError(null);
  }, [opened, hasLines]);

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t.linesDialogTitle}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': m.close }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t.linesAction}
          {...requiredGroup}
          value={action}
          onChange={(v) => {
            setAction(v as AppointmentLineAction);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="xs" mt={6}>
            {appointmentLineActions.map((a) => (
              <Radio key={a} value={a} label={t.actionLabels[a]} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label={t.linesMode} value={mode} onChange={(v) => setMode(v as AppointmentLineMode)}>
          <Stack gap="xs" mt={6}>
            {appointmentLineModes.map((md) => (
              <Radio key={md} value={md} label={t.modeLabels[md]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button
            onClick={() => {
              // spec part 2 §5: the action choice is required
              if (!action) setError(m.required);
              else onApply({ action, mode });
            }}
          >
            {t.apply}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
