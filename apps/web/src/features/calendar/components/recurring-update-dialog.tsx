import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { calendarMessages as m, type UpdateEventOption } from '@studiolo/domain/calendar';
import { useEffect, useState } from 'react';
import { questionDialogZIndex } from '../../../components/confirm-dialog.tsx';

/** spec part 1 §8: what is logged when a recurring update is left without a scope. */
export const logAbortUpdate = () => console.info(m.abortUpdate);

/**
 * "Aggiorna evento ricorrente" (spec part 1 §2, §4): this occurrence only (SINGLE) or it and the following ones
 * (AFTER). Closing it, "Annulla", or confirming without a choice abandons the update: `onResult(null)`, and the
 * caller puts the event back where it was.
 */
export const RecurringUpdateDialog = ({
  opened,
  onResult,
}: {
  opened: boolean;
  onResult: (option: UpdateEventOption | null) => void;
}) => {
  const [choice, setChoice] = useState<UpdateEventOption | null>(null);
  useEffect(() => {
    if (opened) setChoice(null);
  }, [opened]);
  const finish = (option: UpdateEventOption | null) => {
    if (option === null) logAbortUpdate();
    onResult(option);
  };
  return (
    <Modal
      opened={opened}
      onClose={() => finish(null)}
      title={m.recurringUpdateTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
      zIndex={questionDialogZIndex}
    >
      <Radio.Group
        value={choice ?? ''}
        onChange={(v) => setChoice(v as UpdateEventOption)}
        aria-label={m.recurringUpdateTitle}
      >
        <Stack gap="sm">
          <Radio value="SINGLE" label={m.thisEvent} />
          <Radio value="AFTER" label={m.thisAndFollowing} />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => finish(null)}>
          Annulla
        </Button>
        <Button onClick={() => finish(choice)} disabled={choice === null}>
          Conferma
        </Button>
      </Group>
    </Modal>
  );
};
