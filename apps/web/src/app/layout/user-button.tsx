import { Avatar, Group, Stack, Text, UnstyledButton, type UnstyledButtonProps, VisuallyHidden } from '@mantine/core';
import type { CurrentUser } from '@studiolo/domain/auth';
import { initialsOf } from '@studiolo/domain/staff';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

type UserButtonProps = UnstyledButtonProps & ComponentPropsWithRef<'button'> & { user: CurrentUser; fullName: string };

/** The header's button: avatar, name and address; the menu's target once the menu is there. */
export const UserButton = ({ user, fullName, ...props }: UserButtonProps) => (
  // WCAG 2.5.3: the button is named by what it shows, then "Menu utente" (no aria-label that would hide it)
  <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-md)' }} p={4} aria-haspopup="menu" {...props}>
    <Group gap={8} wrap="nowrap">
      <Avatar color="studiolo" radius="xl" size={34} variant="light">
        <span aria-hidden>{initialsOf(user.nome, user.cognome)}</span>
      </Avatar>
      <Stack gap={0} visibleFrom="sm" style={{ maxWidth: 180 }}>
        <Text size="sm" fw={600} truncate="end">
          {fullName}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={user.username}>
          {user.username}
        </Text>
      </Stack>
      <IconChevronDown size={16} aria-hidden />
      <VisuallyHidden>Menu utente</VisuallyHidden>
    </Group>
  </UnstyledButton>
);
