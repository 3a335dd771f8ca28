import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** A page of the shell that a later release fills in. */
export const ComingSoon = ({ title, description, icon }: { title: string; description: string; icon?: ReactNode }) => {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" ta="center" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            {icon ?? <IconClockHour4 size={30} />}
          </ThemeIcon>
          <Badge variant="light" size="lg">
            In arrivo
          </Badge>
          <Text c="dimmed" maw={480}>
            {description}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
};
