import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type CurrentUser, passwordSchema } from '@studiolo/domain/auth';
import { z } from '@studiolo/domain/zod';
import { useEffect } from 'react';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { signOut } from '../../../lib/session.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useLogoutAll } from '../api/logout-all.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { useResendEmailVerification } from '../api/verify-email.ts';

const nameSchema = z.object({ nome: z.string().trim().min(1).max(100), cognome: z.string().trim().min(1).max(100) });
const passwordChangeSchema = z.object({ oldPassword: z.string().min(1).max(128), password: passwordSchema });

/**
 * The user's own profile: name, e-mail confirmation, password and sessions. A changed password signs out (spec part 1
 * §4); "Esci da tutti i dispositivi" ends every session on the server, this one too (issue 25 item 10).
 */
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
  const logoutAll = useLogoutAll();
  const resend = useResendEmailVerification();
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
        {!user.emailVerified && (
          <Alert color="yellow" title="Indirizzo email da confermare">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Finché non confermi il tuo indirizzo email, Studiolo non invia nulla ai tuoi pazienti (richieste di
                firma, email e SMS). Apri il link che ti abbiamo inviato oppure chiedine uno nuovo.
              </Text>
              <Button
                size="xs"
                variant="light"
                color="yellow"
                loading={resend.isPending}
                disabled={resend.isSuccess}
                onClick={() => resend.mutate()}
              >
                {resend.isSuccess ? 'Link inviato' : 'Invia di nuovo il link'}
              </Button>
            </Stack>
          </Alert>
        )}
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
        <Divider />
        <Stack gap="sm">
          <Title order={3} fz="md">
            Dispositivi
          </Title>
          <Text size="sm" c="dimmed">
            Esci da Studiolo su tutti i computer, telefoni e browser in cui hai effettuato l'accesso, compreso questo.
            Utile se hai usato un dispositivo che non è tuo o se pensi che qualcuno conosca la tua password.
          </Text>
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              loading={logoutAll.isPending}
              onClick={() =>
                logoutAll.mutate(undefined, {
                  onSuccess: () => {
                    onClose();
                    signOut();
                  },
                })
              }
            >
              Esci da tutti i dispositivi
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Modal>
  );
};
