import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-area spinner while a page or the signed-in user loads. */
export const PageLoader = ({ label = 'Caricamento in corso…' }: { label?: string }) => (
  <Center mih="60vh" p="xl">
    <Stack align="center" gap="sm" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);
