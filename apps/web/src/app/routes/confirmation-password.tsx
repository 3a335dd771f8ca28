import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /confirmationPassword: after asking for a reset link. */
export const ConfirmationPasswordPage = () => {
  usePageTitle('Controlla la tua email');
  return (
    <Stack align="center" ta="center" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconMailCheck size={30} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Controlla la tua email
      </Title>
      <Text size="sm" c="dimmed">
        Se l'indirizzo è registrato ti abbiamo inviato un link per reimpostare la password. Il link scade dopo poco
        tempo: se non trovi l'email, controlla anche nella posta indesiderata.
      </Text>
      <Anchor component={Link} to="/signIn" fw={600}>
        Torna all'accesso
      </Anchor>
    </Stack>
  );
};
