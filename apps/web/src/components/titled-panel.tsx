import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered panel of a page: its title, a short explanation under it, then its content. */
export const TitledPanel = ({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </div>
      {children}
    </Stack>
  </Paper>
);
