import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { supportRoles } from '@studiolo/domain/shared';
import { initialsOf } from '@studiolo/domain/staff';
import { IconChevronDown, IconLifebuoy, IconLogout, IconUser } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { EmailAddress } from '../../components/email-address.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { signOut, useSupportMode } from '../../lib/session.ts';

// The dialogs behind the menu (forms, password fields) are fetched when first opened, not with every page's shell
// (issue 17 item 11); once fetched they stay mounted, so they close with their transition.
const ProfileDialog = lazy(() =>
  import('../../features/auth/components/profile-dialog.tsx').then(({ ProfileDialog }) => ({ default: ProfileDialog })),
);
const SupportModeDialog = lazy(() =>
  import('../../features/auth/components/support-mode-dialog.tsx').then(({ SupportModeDialog }) => ({
    default: SupportModeDialog,
  })),
);

/** The header's user menu: profile, support mode (platform operators), sign-out. */
export const UserMenu = ({ studioName }: { studioName: string }) => {
  const { data: user } = useCurrentUser();
  const support = useSupportMode();
  const [profileOpened, profile] = useDisclosure(false);
  const [supportOpened, supportDialog] = useDisclosure(false);
  const [profileWanted, setProfileWanted] = useState(false);
  const [supportWanted, setSupportWanted] = useState(false);
  if (!user) return null;

  const fullName = [user.nome, user.cognome].filter(Boolean).join(' ') || user.username;
  // Signing out clears the session; the guard (AppLayout) then goes to /signIn.
  // spec part 1 §6: only ROLE_ADMIN and ROLE_DEV may use support mode.
  const canSupport = !support && (supportRoles as readonly string[]).includes(user.role);

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          {/* WCAG 2.5.3: the button is named by what it shows, then "Menu utente" (no aria-label that would hide it) */}
          <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-md)' }} p={4}>
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
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
              {fullName}
            </Text>
            {/* The address in full (the header has room only for its start) */}
            <Text size="xs">
              <EmailAddress email={user.username} />
            </Text>
            {studioName && (
              <Text size="xs" truncate="end">
                {studioName}
              </Text>
            )}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconUser size={16} aria-hidden />}
            onClick={() => {
              setProfileWanted(true);
              profile.open();
            }}
          >
            Profilo
          </Menu.Item>
          {canSupport && (
            <Menu.Item
              leftSection={<IconLifebuoy size={16} aria-hidden />}
              onClick={() => {
                setSupportWanted(true);
                supportDialog.open();
              }}
            >
              Modalità support
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
            Esci
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {profileWanted && (
          <ProfileDialog opened={profileOpened} onClose={profile.close} user={user} onPasswordChanged={signOut} />
        )}
        {supportWanted && <SupportModeDialog opened={supportOpened} onClose={supportDialog.close} />}
      </Suspense>
    </>
  );
};
