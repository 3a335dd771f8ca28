import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Full-area spinner while a page or the signed-in user loads. It appears only after `delayMs`: a page that arrives
 * sooner paints its content first, never the loader (issue 27: a loader only when something is really slow); the
 * area is reserved meanwhile so nothing jumps.
 */
export const PageLoader = ({
  label = 'Caricamento in corso…',
  delayMs = 600,
}: {
  label?: string;
  delayMs?: number;
}) => {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [shown, delayMs]);
  return (
    <Center mih="60vh" p="xl">
      {shown && (
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        </Stack>
      )}
    </Center>
  );
};
