import { Button, Group, getDefaultZIndex, type MantineColor, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { widgetMessages } from './widget.messages.ts';

/**
 * A question asked over another dialog (delete this appointment? which occurrences?) is above every other dialog:
 * modals stack by the order their portals were added, and a dialog fetched on first use (lazy) is added after the
 * question's, so equal layers would hide the question behind it.
 */
export const questionDialogZIndex = getDefaultZIndex('modal') + 1;

export type ConfirmDialogProps = {
  opened: boolean;
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button, red for destructive actions. */
  confirmColor?: MantineColor;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs the dialog cannot be dismissed. */
  loading?: boolean;
};

/** Asks the user to confirm an action (spec part 1 §2: default title "Sei sicuro?", buttons Annulla/Procedi). */
export const ConfirmDialog = ({
  opened,
  title = widgetMessages.confirmTitle,
  message,
  confirmLabel = widgetMessages.confirm,
  cancelLabel = widgetMessages.cancel,
  confirmColor,
  onConfirm,
  onCancel,
  loading = false,
}: ConfirmDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => {
      if (!loading) onCancel();
    }}
    title={title}
    centered
    zIndex={questionDialogZIndex}
    closeOnClickOutside={!loading}
    closeOnEscape={!loading}
    closeButtonProps={{ 'aria-label': widgetMessages.close, disabled: loading }}
  >
    {message && (typeof message === 'string' ? <Text size="sm">{message}</Text> : message)}
    <Group justify="flex-end" gap="sm" mt="lg">
      <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
        {cancelLabel}
      </Button>
      <Button color={confirmColor} onClick={onConfirm} loading={loading}>
        {confirmLabel}
      </Button>
    </Group>
  </Modal>
);
