import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type LoginResponse, loginInputSchema } from '@studiolo/domain/auth';
import { IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { applyServerFieldErrors, requiredField } from '../../../lib/form.ts';
import { isHttpError } from '../../../lib/http.ts';
import { useMounted } from '../../../lib/use-mounted.ts';
import { useLogin } from '../api/login.ts';
import { useLoginWithCode } from '../api/login-2fa.ts';
import { totpCodeFormSchema } from '../totp-code-form.ts';

// Setting up the authenticator (QR code, key to copy) is a rare step of sign-in: fetched when reached (issue 17 item 11)
const TwoFactorSetup = lazy(() =>
  import('./two-factor-setup.tsx').then(({ TwoFactorSetup }) => ({ default: TwoFactorSetup })),
);

type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; challengeToken: string; username: string }
  | { kind: 'setup'; challengeToken: string; username: string };

/**
 * Sign-in: e-mail and password, then, when the account or the studio asks for it, the authenticator code
 * (twoFactor REQUIRED) or the authenticator set-up (SETUP_REQUIRED). Calls onSignedIn with the session token.
 */
export const SignInForm = ({
  onSignedIn,
  signUpHref = '/signUp',
}: {
  onSignedIn: (session: { token: string; username: string }) => void;
  signUpHref?: string;
}) => {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const mounted = useMounted();
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const login = useLogin();
  const loginWithCode = useLoginWithCode();

  const credentials = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });
  const codeForm = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(totpCodeFormSchema, { sync: true }),
  });

  const handle = (result: LoginResponse | null) => {
    if (!result) return;
    if (result.token) onSignedIn({ token: result.token, username: result.username });
    else if (result.twoFactor === 'REQUIRED' && result.challengeToken)
      setStep({ kind: 'code', challengeToken: result.challengeToken, username: result.username });
    else if (result.twoFactor === 'SETUP_REQUIRED' && result.challengeToken)
      setStep({ kind: 'setup', challengeToken: result.challengeToken, username: result.username });
  };
  // 503 (bot check or server busy) is passed on by the http wrapper: say it here, next to the button.
  const onError = (form: Parameters<typeof applyServerFieldErrors>[0]) => (e: unknown) => {
    if (isHttpError(e) && e.status === 503) setUnavailable(e.message);
    applyServerFieldErrors(form, e);
  };
  const backToCredentials = () => {
    codeForm.reset();
    setStep({ kind: 'credentials' });
  };

  if (step.kind === 'setup') {
    return (
      <Stack gap="md">
        <Group gap="xs">
          <IconShieldLock size={22} aria-hidden />
          <Title order={1} fz={22}>
            Configura la verifica in due passaggi
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Il tuo studio richiede la verifica in due passaggi per <b>{step.username}</b>. Configurala ora per accedere.
        </Text>
        <Suspense
          fallback={
            <div role="status" aria-label="Caricamento">
              <Loader size="sm" />
            </div>
          }
        >
          <TwoFactorSetup challengeToken={step.challengeToken} onEnabled={handle} onCancel={backToCredentials} />
        </Suspense>
      </Stack>
    );
  }

  if (step.kind === 'code') {
    return (
      <form
        noValidate
        onSubmit={codeForm.onSubmit(({ code }) =>
          loginWithCode.mutate(
            { challengeToken: step.challengeToken, code: code.trim() },
            { onSuccess: handle, onError: onError(codeForm) },
          ),
        )}
      >
        <Stack gap="md">
          <Group gap="xs">
            <IconShieldLock size={22} aria-hidden />
            <Title order={1} fz={22}>
              Verifica in due passaggi
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Inserisci il codice di 6 cifre generato dalla tua app di autenticazione.
          </Text>
          <TextInput
            label="Codice di verifica"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            {...requiredField}
            data-autofocus
            autoFocus
            {...codeForm.getInputProps('code')}
          />
          {unavailable && (
            <Alert color="orange" role="alert">
              {unavailable}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={loginWithCode.isPending}>
            Verifica e accedi
          </Button>
          <Button variant="subtle" onClick={backToCredentials}>
            Torna all'accesso
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={credentials.onSubmit((values) => {
        setUnavailable(null);
        login.mutate(values, { onSuccess: handle, onError: onError(credentials) });
      })}
    >
      <Stack gap="md">
        <div>
          <Title order={1} fz={24}>
            Accedi
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Bentornato! Inserisci le tue credenziali.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="nome@studio.it"
          {...requiredField}
          {...credentials.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ disabled: !mounted }}
          {...requiredField}
          {...credentials.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgotPassword" size="sm">
            Password dimenticata?
          </Anchor>
        </Group>
        {unavailable && (
          <Alert color="orange" role="alert">
            {unavailable}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={login.isPending} disabled={!mounted}>
          Accedi
        </Button>
        <Text size="sm" ta="center">
          Non hai un account?{' '}
          <Anchor component={Link} to={signUpHref} fw={600}>
            Registrati
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
