import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or crashes (e.g. a new release replaced the page's chunk). */
export const RouteError = () => {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" ta="center" maw={440}>
        <Title order={1} fz={26}>
          {notFound ? 'Pagina non trovata' : 'Qualcosa è andato storto'}
        </Title>
        <Text c="dimmed">
          {notFound
            ? 'La pagina che cerchi non esiste.'
            : 'Si è verificato un errore nel caricamento della pagina. Ricarica per riprovare o contatta l’assistenza.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Ricarica la pagina</Button>
        <Button variant="subtle" component="a" href="/">
          Torna alla pagina iniziale
        </Button>
      </Stack>
    </Center>
  );
};
