import { Anchor, Box, Center, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileInvoice, IconSignature, IconStethoscope, IconUsers } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { Brand } from './brand.tsx';

const highlights = [
  { icon: IconUsers, text: 'Anagrafica pazienti e cartella clinica' },
  { icon: IconCalendarEvent, text: 'Agenda con appuntamenti ricorrenti' },
  { icon: IconSignature, text: 'Moduli e consensi con firma elettronica' },
  { icon: IconFileInvoice, text: 'Fatture elettroniche e Sistema TS' },
];

/** Sign-in, sign-up and password pages: the form on the right, the product on the left (desktop only). */
export const AuthLayout = () => (
  <Box mih="100vh" style={{ display: 'flex' }}>
    <Box
      visibleFrom="md"
      w="44%"
      p={48}
      bg="studiolo.9"
      c="white"
      style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}
    >
      <Group gap={10}>
        <ThemeIcon size={36} radius="md" color="white" variant="white" aria-hidden>
          <IconStethoscope size={22} color="var(--mantine-color-studiolo-9)" />
        </ThemeIcon>
        <Text fw={750} fz={22}>
          Studiolo
        </Text>
      </Group>
      <Stack gap="lg" maw={440}>
        <Title order={2} fz={32} lh={1.2} c="white">
          Il gestionale per il tuo studio sanitario
        </Title>
        <List spacing="sm" center>
          {highlights.map(({ icon: Icon, text }) => (
            <List.Item
              key={text}
              icon={
                <ThemeIcon size={28} radius="xl" color="white" variant="light" aria-hidden>
                  <Icon size={16} color="white" />
                </ThemeIcon>
              }
            >
              <Text c="white">{text}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Text size="sm" c="studiolo.1">
        I dati dei tuoi pazienti restano in Italia e sono protetti secondo il GDPR.
      </Text>
    </Box>
    <Center component="main" style={{ flex: 1 }} p={{ base: 'md', sm: 'xl' }} bg="gray.0">
      <Stack w="100%" maw={440} gap="lg">
        <Center hiddenFrom="md">
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Outlet />
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          <Anchor component={Link} to="/documenti-legali" size="xs">
            Privacy e termini di servizio
          </Anchor>
        </Text>
      </Stack>
    </Center>
  </Box>
);
