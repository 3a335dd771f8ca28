import { ConfirmDialog } from './confirm-dialog.tsx';
import { widgetMessages } from './widget.messages.ts';

export type DeleteConfirmDialogProps = {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
};

/** The delete confirmation of spec part 1 §2 and part 2 §2: "Sicuro di volere eliminare?", buttons Si/Indietro. */
export const DeleteConfirmDialog = ({ opened, onConfirm, onCancel, loading }: DeleteConfirmDialogProps) => (
  <ConfirmDialog
    opened={opened}
    title={widgetMessages.deleteTitle}
    message={widgetMessages.deleteMessage}
    confirmLabel={widgetMessages.deleteConfirm}
    cancelLabel={widgetMessages.deleteCancel}
    confirmColor="red"
    onConfirm={onConfirm}
    onCancel={onCancel}
    loading={loading}
  />
);
