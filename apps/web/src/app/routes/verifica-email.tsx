import { Alert, Anchor, Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { LoginResponse } from '@studiolo/domain/auth';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';
import { setStoredUser, useStoredUser } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /verificaEmail?token=…: the mailed confirmation link (issue 25 item 8). A new account is created and signed in, then
 * goes to on-boarding; an existing account's address is confirmed. The link works once, so it is sent once.
 */
export const VerifyEmailPage = () => {
  usePageTitle('Conferma email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const valid = Boolean(token && token.length >= 20 && token.length <= 200);
  const verify = useVerifyEmail();
  const queryClient = useQueryClient();
  const stored = useStoredUser();
  const sent = useRef(false);
  const [session, setSession] = useState<LoginResponse | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is opened once, when the page shows
  useEffect(() => {
    if (!valid || !token || sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: (answer) => {
        if (!answer?.token) return;
        queryClient.clear();
        setStoredUser({ token: answer.token, username: answer.username });
        setSession(answer);
      },
    });
  }, [valid, token]);

  if (session) return <Navigate to="/on-boarding" replace />;

  if (!valid || verify.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz={24}>
          Link non valido
        </Title>
        <Alert color="red">
          Il link di conferma non è valido, è già stato usato o è scaduto. Se hai già confermato l'indirizzo, accedi; se
          non hai ancora un account, registrati di nuovo per ricevere un nuovo link.
        </Alert>
        <Anchor component={Link} to="/signIn" fw={600}>
          Vai all'accesso
        </Anchor>
        <Anchor component={Link} to="/signUp">
          Registrati
        </Anchor>
      </Stack>
    );
  }

  if (!verify.isSuccess) {
    return (
      <Stack align="center" gap="md" py="xl" role="status">
        <Loader aria-hidden />
        <Text size="sm">Confermiamo il tuo indirizzo email…</Text>
      </Stack>
    );
  }

  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
        <IconCircleCheck size={30} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Indirizzo email confermato
      </Title>
      <Text size="sm" c="dimmed">
        Ora Studiolo può inviare ai tuoi pazienti richieste di firma e messaggi a tuo nome.
      </Text>
      <Button component={Link} to={stored ? '/customers' : '/signIn'}>
        {stored ? 'Torna a Studiolo' : "Vai all'accesso"}
      </Button>
    </Stack>
  );
};
