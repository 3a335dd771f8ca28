import { Alert, Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailbox, IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Texts of the local-outbox notice (decision 003): an installation without SMTP never pretends to have sent. */
export const localMailTexts = {
  title: 'Posta locale: i messaggi non vengono inviati',
  body: 'Questa installazione non ha un server di posta configurato (SMTP_URL): il messaggio con il link è un file .eml nella cartella outbox dei dati del server (di solito ./data/outbox). Aprilo con un programma di posta o un editor di testo.',
} as const;

/** "Controlla la tua email": the page after a mailed link (sign-up, password reset), with what the mail is for. */
export const CheckEmailPanel = ({ children }: { children: ReactNode }) => {
  usePageTitle('Controlla la tua email');
  const local = useConfig().data?.mailTransport === 'local-outbox';
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMailCheck size={30} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Controlla la tua email
      </Title>
      {children}
      {local && (
        <Alert color="orange" ta="left" icon={<IconMailbox size={20} aria-hidden />} title={localMailTexts.title}>
          {localMailTexts.body}
        </Alert>
      )}
      <Anchor component={Link} to="/signIn" fw={600}>
        Torna all'accesso
      </Anchor>
    </Stack>
  );
};

/** After sign-up: the account starts from the mailed link (issue 25 item 8; texts in decision 003). */
export const SignUpMailSent = ({ email }: { email: string }) => (
  <CheckEmailPanel>
    <Text size="sm">
      Abbiamo scritto a <b>{email}</b>. Apri il link che trovi nel messaggio per continuare: vale 24 ore.
    </Text>
    <Text size="sm" c="dimmed">
      Se non trovi l'email, controlla anche nella posta indesiderata. Se l'indirizzo ha già un account, nel messaggio
      trovi come accedere.
    </Text>
  </CheckEmailPanel>
);
