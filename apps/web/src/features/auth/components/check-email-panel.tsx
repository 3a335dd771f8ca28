import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** "Controlla la tua email": the page after a mailed link (sign-up, password reset), with what the mail is for. */
export const CheckEmailPanel = ({ children }: { children: ReactNode }) => {
  usePageTitle('Controlla la tua email');
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMailCheck size={30} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Controlla la tua email
      </Title>
      {children}
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
