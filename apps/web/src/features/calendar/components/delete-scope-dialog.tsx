import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { DeleteEventOption } from '@studiolo/domain/calendar';
import { useEffect, useState } from 'react';
import { questionDialogZIndex } from '../../../components/confirm-dialog.tsx';

/** Texts of the deletion of a recurring appointment (spec part 1 §4 names the scopes ALL, SINGLE, AFTER). */
export const deleteScopeTexts = {
  title: 'Elimina evento ricorrente',
  SINGLE: 'Solo questo evento',
  AFTER: 'Questo e i successivi',
  ALL: 'Tutta la serie',
  confirm: 'Elimina',
  cancel: 'Annulla',
  irreversible: "L'eliminazione non si può annullare.",
} as const;

/** Asks which occurrences of a series to delete; nothing is deleted without a choice. */
export const DeleteScopeDialog = ({
  opened,
  loading = false,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  loading?: boolean;
  onConfirm: (option: DeleteEventOption) => void;
  onCancel: () => void;
}) => {
  const [choice, setChoice] = useState<DeleteEventOption | null>(null);
  useEffect(() => {
    if (opened) setChoice(null);
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={() => !loading && onCancel()}
      title={deleteScopeTexts.title}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
      zIndex={questionDialogZIndex}
    >
      <Radio.Group
        value={choice ?? ''}
        onChange={(v) => setChoice(v as DeleteEventOption)}
        aria-label={deleteScopeTexts.title}
      >
        <Stack gap="sm">
          <Radio value="SINGLE" label={deleteScopeTexts.SINGLE} />
          <Radio value="AFTER" label={deleteScopeTexts.AFTER} />
          <Radio value="ALL" label={deleteScopeTexts.ALL} />
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed" mt="md">
        {deleteScopeTexts.irreversible}
      </Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {deleteScopeTexts.cancel}
        </Button>
        <Button color="red" onClick={() => choice && onConfirm(choice)} disabled={choice === null} loading={loading}>
          {deleteScopeTexts.confirm}
        </Button>
      </Group>
    </Modal>
  );
};
