import { Alert, Anchor, Button, Code, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { LoginResponse } from '@studiolo/domain/auth';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Fragment, useEffect, useRef } from 'react';
import { QrCode } from '../../../components/qr-code.tsx';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { useEnableTwoFactor } from '../api/enable-2fa.ts';
import { useSetupTwoFactor } from '../api/setup-2fa.ts';
import { totpCodeFormSchema } from '../totp-code-form.ts';

/** A base32 secret in groups of four, to be typed by hand. */
export const secretGroups = (secret: string): string[] => secret.match(/.{1,4}/g) ?? [];

/** The secret in groups of four that never break inside: a line breaks only at a space between two groups. */
const SecretGroups = ({ secret }: { secret: string }) => {
  let offset = 0;
  return secretGroups(secret).map((group, i) => {
    const key = offset;
    offset += group.length;
    return (
      <Fragment key={key}>
        {i > 0 && ' '}
        <span style={{ whiteSpace: 'nowrap' }}>{group}</span>
      </Fragment>
    );
  });
};

/**
 * Sets up the authenticator app: shows a QR code of the otpauth address to scan, the secret to type and the address
 * itself, then confirms a code.
 * With a challengeToken (a sign-in that requires it) enabling answers the session token.
 */
export const TwoFactorSetup = ({
  challengeToken,
  onEnabled,
  onCancel,
}: {
  challengeToken?: string;
  onEnabled: (result: LoginResponse | null) => void;
  onCancel?: () => void;
}) => {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const started = useRef(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(totpCodeFormSchema, { sync: true }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new secret once per mount
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setup.mutate(challengeToken ? { challengeToken } : {});
  }, []);

  if (setup.isPending || setup.isIdle) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Preparazione della verifica in due passaggi…</Text>
      </Group>
    );
  }
  if (setup.isError) {
    return (
      <Stack>
        <Alert color="red" title="Configurazione non riuscita">
          Non è stato possibile generare il codice segreto. Riprova.
        </Alert>
        <Group>
          <Button onClick={() => setup.mutate(challengeToken ? { challengeToken } : {})}>Riprova</Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Annulla
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const { secret, otpauthUrl } = setup.data;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ code }) =>
        enable.mutate(
          { code: code.trim(), ...(challengeToken ? { challengeToken } : {}) },
          { onSuccess: onEnabled, onError: (e) => applyServerFieldErrors(form, e) },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm">
          1. Apri la tua app di autenticazione (Google Authenticator, Microsoft Authenticator, 1Password…) e aggiungi un
          account.
        </Text>
        {/* Centred, and never wider than the screen (the image shrinks with its container). */}
        <Stack gap="xs" align="center">
          <QrCode value={otpauthUrl} label="Codice QR da inquadrare con l'app di autenticazione" />
          <Text size="sm" ta="center">
            Inquadra il codice con l'app di autenticazione, oppure inserisci la chiave a mano.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="totp-secret-label">
            Chiave segreta
          </Text>
          {/* The key and its button share a row while they fit; on a narrow screen the button goes below. */}
          <Group gap="xs" wrap="wrap">
            <Code aria-labelledby="totp-secret-label" fz="md" data-testid="totp-secret" style={{ minWidth: 0 }}>
              <SecretGroups secret={secret} />
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={copy}
                  style={{ flexShrink: 0 }}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                >
                  {copied ? 'Copiata' : 'Copia chiave'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="totp-url-label">
            Indirizzo di configurazione (otpauth)
          </Text>
          <Text size="sm">
            Se stai usando il telefono, puoi{' '}
            <Anchor href={otpauthUrl} size="sm">
              aprire direttamente l'app
            </Anchor>
            .
          </Text>
          <Code
            block
            aria-labelledby="totp-url-label"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            data-testid="totp-url"
          >
            {otpauthUrl}
          </Code>
        </Stack>
        <Text size="sm">2. Inserisci il codice di 6 cifre mostrato dall'app.</Text>
        <TextInput
          label="Codice di verifica"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          maw={260}
          {...requiredField}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Annulla
            </Button>
          )}
          <Button type="submit" loading={enable.isPending}>
            Attiva la verifica
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
