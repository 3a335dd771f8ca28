import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /prenota: public online booking for patients (the booking feature fills it in). */
export const BookingPage = () => {
  usePageTitle('Prenota un appuntamento');
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={520} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconCalendarPlus size={30} />
            </ThemeIcon>
            <Title order={1} fz={24}>
              Prenota un appuntamento
            </Title>
            <Badge variant="light" size="lg">
              In arrivo
            </Badge>
            <Text c="dimmed">
              Presto potrai prenotare online una visita presso il tuo studio, scegliendo giorno e orario liberi.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
