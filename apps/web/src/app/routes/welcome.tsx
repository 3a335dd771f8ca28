import { Button, Center, Loader, Stack, Text, Title, Transition } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** spec part 1 §9, part 2 §9: the "Inizia ora" button appears after 3.5 s. */
export const welcomeButtonDelayMs = 3500;

/** /welcome: shown once the studio is set up, while the dashboard gets ready. */
export const WelcomePage = () => {
  usePageTitle('Benvenuto');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), welcomeButtonDelayMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack align="center" ta="center" gap="xl" maw={560}>
        <Brand size="xl" />
        <Stack gap="sm">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Benvenuto in Studiolo
          </Title>
          <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
            Il gestionale per studi sanitari: pazienti, agenda, moduli con firma elettronica e fatture elettroniche,
            tutto in un unico posto.
          </Text>
        </Stack>
        <Stack align="center" gap="sm" mih={90} justify="center">
          {ready ? (
            <>
              <Text fw={600}>La tua dashboard è pronta.</Text>
              <Transition mounted transition="pop" duration={250}>
                {(styles) => (
                  <Button
                    component={Link}
                    to="/customers"
                    size="lg"
                    rightSection={<IconArrowRight size={20} aria-hidden />}
                    style={styles}
                  >
                    Inizia ora
                  </Button>
                )}
              </Transition>
            </>
          ) : (
            <Stack align="center" gap="sm" role="status" aria-live="polite">
              <Loader size="md" aria-hidden />
              <Text c="dimmed">Stiamo preparando la tua dashboard…</Text>
            </Stack>
          )}
        </Stack>
      </Stack>
    </Center>
  );
};
