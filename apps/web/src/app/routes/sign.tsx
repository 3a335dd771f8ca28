import { Alert, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /sign?id=…: the patient's public signature page (the signature feature fills it in). */
export const SignPage = () => {
  usePageTitle('Firma documento');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={520} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconSignature size={30} />
            </ThemeIcon>
            <Title order={1} fz={24}>
              Firma documento
            </Title>
            {id ? (
              <Text c="dimmed">
                La firma elettronica dei documenti sarà disponibile a breve. Riceverai un codice via SMS per confermare
                la firma.
              </Text>
            ) : (
              <Alert color="red" w="100%">
                Link di firma non valido: apri il link ricevuto via SMS o email.
              </Alert>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
