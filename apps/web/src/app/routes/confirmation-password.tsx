import { Text } from '@mantine/core';
import { CheckEmailPanel } from '../../features/auth/components/check-email-panel.tsx';

/** /confirmationPassword: after asking for a reset link. */
export const ConfirmationPasswordPage = () => (
  <CheckEmailPanel>
    <Text size="sm" c="dimmed">
      Se l'indirizzo è registrato ti abbiamo inviato un link per reimpostare la password. Il link scade dopo poco tempo:
      se non trovi l'email, controlla anche nella posta indesiderata.
    </Text>
  </CheckEmailPanel>
);
