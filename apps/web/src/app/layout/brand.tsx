import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';

/** The product's mark: icon and name. */
export const Brand = ({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) => {
  const icon = size === 'xl' ? 44 : size === 'lg' ? 32 : 28;
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={icon} radius="md" variant="filled" aria-hidden>
        <IconStethoscope size={icon * 0.62} />
      </ThemeIcon>
      <Text fw={750} fz={size === 'xl' ? 30 : size === 'lg' ? 20 : 18} lh={1} c="var(--mantine-color-text)">
        Studiolo
      </Text>
    </Group>
  );
};
