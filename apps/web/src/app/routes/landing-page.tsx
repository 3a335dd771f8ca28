import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChartBar,
  IconFileInvoice,
  IconLock,
  IconSignature,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

const features = [
  {
    icon: IconUsers,
    title: 'Pazienti',
    text: 'Anagrafica completa, tag, stato e cartella clinica sempre a portata di mano.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Agenda',
    text: 'Appuntamenti ricorrenti, più calendari, stanze, dispositivi e staff.',
  },
  {
    icon: IconSignature,
    title: 'Moduli e firma',
    text: 'Consensi informati generati in PDF e firmati dal paziente con un codice via SMS.',
  },
  {
    icon: IconFileInvoice,
    title: 'Fatture',
    text: 'Fatture elettroniche allo SDI, invio al Sistema TS, bollo e rivalsa calcolati per te.',
  },
  {
    icon: IconChartBar,
    title: 'Statistiche',
    text: 'Incassi, fatturato e flusso di cassa del tuo studio, mese per mese.',
  },
  {
    icon: IconLock,
    title: 'Sicurezza',
    text: 'Verifica in due passaggi, ruoli per lo staff e registro delle attività.',
  },
];

/** /landing-page: the public presentation of the product. */
export const LandingPage = () => {
  usePageTitle('Il gestionale per il tuo studio sanitario');
  return (
    <Box bg="gray.0" mih="100vh">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Brand />
            <Group gap="xs">
              <Button component={Link} to="/signIn" variant="subtle">
                Accedi
              </Button>
              <Button component={Link} to="/signUp" visibleFrom="xs">
                Prova gratis
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" py={{ base: 40, sm: 72 }}>
        <Stack align="center" ta="center" gap="lg" maw={760} mx="auto">
          <Title order={1} fz={{ base: 30, sm: 46 }} lh={1.15}>
            Il gestionale per fisioterapisti e professionisti sanitari
          </Title>
          <Text c="dimmed" fz={{ base: 'md', sm: 'xl' }}>
            Pazienti, agenda, consensi con firma elettronica e fatture elettroniche: Studiolo ti fa risparmiare ore ogni
            settimana, dal telefono come dal computer.
          </Text>
          <Group justify="center">
            <Button component={Link} to="/signUp" size="lg">
              Prova gratis
            </Button>
            <Button component={Link} to="/signIn" size="lg" variant="default">
              Accedi
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mt={{ base: 40, sm: 72 }}>
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <Icon size={24} />
              </ThemeIcon>
              <Title order={2} fz="lg" mt="md">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={6}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Studiolo
            </Text>
            <Anchor component={Link} to="/documenti-legali" size="sm">
              Privacy e termini di servizio
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
};
