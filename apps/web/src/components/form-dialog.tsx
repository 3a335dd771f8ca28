import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { widgetMessages } from './widget.messages.ts';

export type FormDialogProps = {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Called on the save button and on Enter; the browser's own validation is off, the form shows its errors. */
  onSubmit: () => void;
  labels: { save: string; cancel: string };
  /** While the save runs, its button shows a loader. */
  saving?: boolean;
  children: ReactNode;
};

/** A dialog holding a small form, with its cancel and save buttons; full-screen on phones. */
export const FormDialog = ({ opened, title, onClose, onSubmit, labels, saving = false, children }: FormDialogProps) => {
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': widgetMessages.close }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {labels.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {labels.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
