import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useDisableTwoFactor } from '../api/disable-2fa.ts';
import { useCurrentUser } from '../api/get-user.ts';
import { totpCodeFormSchema } from '../totp-code-form.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** The user's own two-step verification (TOTP): set up, confirm, or turn off with a code. */
export const TwoFactorSettings = () => {
  const { data: user } = useCurrentUser();
  const [mode, setMode] = useState<'idle' | 'setup' | 'disable'>('idle');
  const disable = useDisableTwoFactor();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(totpCodeFormSchema, { sync: true }),
  });
  if (!user) return null;
  const enabled = user.totpEnabled;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            {enabled ? (
              <IconShieldCheck size={24} color="var(--mantine-color-green-7)" aria-hidden />
            ) : (
              <IconShieldOff size={24} color="var(--mantine-color-gray-6)" aria-hidden />
            )}
            <Title order={2} fz="lg">
              Verifica in due passaggi
            </Title>
          </Group>
          <Badge color={enabled ? 'green' : 'gray'} variant="light" size="lg">
            {enabled ? 'Attiva' : 'Non attiva'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Oltre alla password, all'accesso ti verrà chiesto un codice generato da un'app di autenticazione sul tuo
          telefono. Protegge i dati dei pazienti anche se la password viene rubata.
        </Text>

        {!enabled && mode !== 'setup' && (
          <Group>
            <Button onClick={() => setMode('setup')}>Attiva la verifica in due passaggi</Button>
          </Group>
        )}
        {!enabled && mode === 'setup' && (
          <TwoFactorSetup onEnabled={() => setMode('idle')} onCancel={() => setMode('idle')} />
        )}

        {enabled && mode !== 'disable' && (
          <Group>
            <Button variant="default" color="red" onClick={() => setMode('disable')}>
              Disattiva
            </Button>
          </Group>
        )}
        {enabled && mode === 'disable' && (
          <form
            noValidate
            onSubmit={form.onSubmit(({ code }) =>
              disable.mutate(
                { code: code.trim() },
                {
                  onSuccess: () => {
                    form.reset();
                    setMode('idle');
                  },
                  onError: (e) => applyServerFieldErrors(form, e),
                },
              ),
            )}
          >
            <Stack gap="sm" maw={360}>
              <TextInput
                label="Codice di verifica"
                description="Il codice di 6 cifre mostrato dall'app di autenticazione"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...requiredField}
                {...form.getInputProps('code')}
              />
              <Group>
                <Button variant="default" onClick={() => setMode('idle')}>
                  Annulla
                </Button>
                <Button type="submit" color="red" loading={disable.isPending}>
                  Disattiva la verifica
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
};
