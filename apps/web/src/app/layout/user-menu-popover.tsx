import { Menu, Text } from '@mantine/core';
import type { CurrentUser } from '@studiolo/domain/auth';
import { can } from '@studiolo/domain/shared';
import { IconLifebuoy, IconLogout, IconUser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EmailAddress } from '../../components/email-address.tsx';
import { SubscriptionMenuItem } from '../../features/billing/components/subscription-recap.tsx';
import { studioRoleOf } from './access.ts';
import { UserButton } from './user-button.tsx';

type UserMenuPopoverProps = {
  user: CurrentUser;
  fullName: string;
  studioName: string;
  canSupport: boolean;
  /** Opened as it mounts: it replaces the stand-in button that was clicked. */
  openOnMount: boolean;
  onOpenedOnMount: () => void;
  onProfile: () => void;
  onSupport: () => void;
  onSignOut: () => void;
};

/** The user menu around its button, opened when it first replaces the stand-in button (user-menu.tsx). */
export const UserMenuPopover = ({
  user,
  fullName,
  studioName,
  canSupport,
  openOnMount,
  onOpenedOnMount,
  onProfile,
  onSupport,
  onSignOut,
}: UserMenuPopoverProps) => {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // Replacing the stand-in that was clicked, the button takes the focus, then the menu opens one render after it
  // mounts, so that Mantine records the button as where the focus goes back when the menu closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it mounts
  useEffect(() => {
    if (!openOnMount) return;
    target.current?.focus();
    setOpened(true);
    onOpenedOnMount();
  }, []);
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserButton ref={target} user={user} fullName={fullName} />
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
        {/* spec part 2 §2: the subscription recap (plan, 'Scaduto', link to /billing) */}
        {can(studioRoleOf(user), 'billing:manage') && <SubscriptionMenuItem />}
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={onProfile}>
          Profilo
        </Menu.Item>
        {canSupport && (
          <Menu.Item leftSection={<IconLifebuoy size={16} aria-hidden />} onClick={onSupport}>
            Modalità support
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Esci
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
