import { Alert, Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { studioDeleteMessages as m, matchesStudioName, studioDeleteInputSchema } from '@studiolo/domain/studio';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { useDeleteStudio } from '../api/delete-studio.ts';

/** The dialog that deletes the whole studio: what goes, the legal warning, the owner's password and the name typed. */
export const StudioDeleteDialog = ({
  opened,
  studioName,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  studioName: string;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const remove = useDeleteStudio();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', nomeStudio: '' },
    validate: schemaResolver(studioDeleteInputSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: emptied each time the dialog opens
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);
  const nameTyped = matchesStudioName(form.values.nomeStudio, studioName);
  const busy = remove.isPending;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={m.dialogTitle}
      size="lg"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': 'Chiudi', disabled: busy }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          remove.mutate(values, {
            onSuccess: onDeleted,
            onError: (e) => applyServerFieldErrors(form, e),
          }),
        )}
      >
        <Stack gap="md">
          <Text size="sm">{m.whatGoes}</Text>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Prima di eliminare"
          >
            <List size="sm" spacing={4}>
              <List.Item>{m.legalWarning}</List.Item>
              <List.Item>{m.accountKept}</List.Item>
            </List>
          </Alert>
          <TextInput
            label={m.confirmNameLabel(studioName)}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('nomeStudio')}
          />
          <PasswordInput label={m.passwordLabel} autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {m.cancel}
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={!nameTyped || form.values.password === ''}>
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** Impostazioni › Studio, at the bottom, for the owner: the danger zone that deletes the whole studio. */
export const StudioDeleteZone = ({ studioName, onDeleted }: { studioName: string; onDeleted: () => void }) => {
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg" c="red.9">
          {m.dangerTitle}
        </Title>
        <Text size="sm">{m.dangerText}</Text>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          {m.confirm}…
        </Button>
      </Stack>
      <StudioDeleteDialog
        opened={opened}
        studioName={studioName}
        onClose={() => setOpened(false)}
        onDeleted={() => {
          setOpened(false);
          onDeleted();
        }}
      />
    </Paper>
  );
};
