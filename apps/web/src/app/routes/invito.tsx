import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAcceptInvite } from '../../features/staff/api/accept-invite.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /invito?token=…: a signed-in user accepts a staff invitation, then enters the studio. */
export const InvitePage = () => {
  usePageTitle('Invito allo studio');
  const [params] = useSearchParams();
  const token = params.get('token');
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const sent = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: accept once per page load
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    accept.mutate({ token }, { onSuccess: () => navigate('/customers', { replace: true }) });
  }, [token]);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={480} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={22}>
              Invito allo studio
            </Title>
            {!token ? (
              <Alert color="red">Link di invito non valido: apri il link ricevuto via email.</Alert>
            ) : accept.isError ? (
              <Alert color="red" title="Invito non accettato">
                {accept.error.message}
              </Alert>
            ) : (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text>Accettazione dell'invito in corso…</Text>
              </Group>
            )}
            {(!token || accept.isError) && (
              <Group>
                <Button component={Link} to="/customers">
                  Vai alla dashboard
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
