import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginEmailSchema } from '@studiolo/domain/auth';
import { z } from '@studiolo/domain/zod';
import { useState } from 'react';
import { requiredField } from '../../../lib/form.ts';
import { useSupportModeActions } from '../support-mode.ts';

const supportSchema = z.object({ email: loginEmailSchema, secret: z.string().min(1) });

/** Lets a platform operator act as a user: their e-mail and the support secret (spec part 1 §6). */
export const SupportModeDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { enter } = useSupportModeActions();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', secret: '' },
    validate: schemaResolver(supportSchema, { sync: true }),
  });
  const submit = form.onSubmit(async ({ email, secret }) => {
    setBusy(true);
    try {
      if (await enter(email, secret)) {
        form.reset();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Modalità support" closeButtonProps={{ 'aria-label': 'Chiudi' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Agisci come un utente per assisterlo. Ogni operazione viene registrata a tuo nome.
          </Text>
          <TextInput
            label="Email dell'utente"
            type="email"
            autoComplete="off"
            {...requiredField}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Secret di supporto"
            autoComplete="off"
            {...requiredField}
            {...form.getInputProps('secret')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annulla
            </Button>
            <Button type="submit" loading={busy}>
              Attiva modalità support
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
