import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';

export const noAccessTitle = 'Non hai accesso a questa sezione';

/**
 * Shown inside the shell, instead of the page, when the address asks for a page the role may not use
 * (typed by hand, an old bookmark): the server would refuse its data anyway (403).
 */
export const NoAccess = ({ home }: { home: { label: string; to: string } | null }) => {
  usePageTitle(noAccessTitle);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {noAccessTitle}
      </Title>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" ta="center" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={30} />
          </ThemeIcon>
          <Text maw={480}>
            Il tuo ruolo nello studio non consente di usare questa pagina. Se ti serve, chiedi al titolare dello studio.
          </Text>
          {home && (
            <Button component={Link} to={home.to} variant="light">
              Vai a {home.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};
