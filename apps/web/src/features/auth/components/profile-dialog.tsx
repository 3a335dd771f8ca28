import { Button, Divider, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type CurrentUser, passwordSchema } from '@studiolo/domain/auth';
import { z } from '@studiolo/domain/zod';
import { useEffect } from 'react';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateUser } from '../api/update-user.ts';

const nameSchema = z.object({ nome: z.string().trim().min(1).max(100), cognome: z.string().trim().min(1).max(100) });
const passwordChangeSchema = z.object({ oldPassword: z.string().min(1).max(128), password: passwordSchema });

/** The user's own profile: name and password. A changed password signs out (spec part 1 §4). */
export const ProfileDialog = ({
  opened,
  onClose,
  user,
  onPasswordChanged,
}: {
  opened: boolean;
  onClose: () => void;
  user: CurrentUser;
  onPasswordChanged: () => void;
}) => {
  const updateUser = useUpdateUser();
  const changePassword = useChangePassword();
  const nameForm = useForm({
    mode: 'controlled',
    initialValues: { nome: user.nome, cognome: user.cognome },
    validate: schemaResolver(nameSchema, { sync: true }),
  });
  const passwordForm = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', password: '' },
    validate: schemaResolver(passwordChangeSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the dialog opens
  useEffect(() => {
    if (opened) {
      nameForm.setValues({ nome: user.nome, cognome: user.cognome });
      nameForm.resetDirty({ nome: user.nome, cognome: user.cognome });
      passwordForm.reset();
    }
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Il tuo profilo"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <Stack gap="lg">
        <form
          noValidate
          onSubmit={nameForm.onSubmit((values) =>
            updateUser.mutate(values, { onError: (e) => applyServerFieldErrors(nameForm, e) }),
          )}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Accedi come <b>{user.username}</b>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Nome"
                autoComplete="given-name"
                {...requiredField}
                {...nameForm.getInputProps('nome')}
              />
              <TextInput
                label="Cognome"
                autoComplete="family-name"
                {...requiredField}
                {...nameForm.getInputProps('cognome')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={updateUser.isPending} disabled={!nameForm.isDirty()}>
                Salva il profilo
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        <form
          noValidate
          onSubmit={passwordForm.onSubmit((values) =>
            changePassword.mutate(values, {
              onSuccess: () => {
                onClose();
                onPasswordChanged();
              },
              onError: (e) => applyServerFieldErrors(passwordForm, e),
            }),
          )}
        >
          <Stack gap="sm">
            <Title order={3} fz="md">
              Cambia password
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Password attuale"
                autoComplete="current-password"
                {...requiredField}
                {...passwordForm.getInputProps('oldPassword')}
              />
              <PasswordInput
                label="Nuova password"
                description="Almeno 8 caratteri"
                autoComplete="new-password"
                {...requiredField}
                {...passwordForm.getInputProps('password')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Dopo il cambio dovrai accedere di nuovo con la nuova password.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={changePassword.isPending}>
                Cambia password
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
};
