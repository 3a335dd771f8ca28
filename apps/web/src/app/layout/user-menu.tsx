import { useDisclosure } from '@mantine/hooks';
import { supportRoles } from '@studiolo/domain/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { signOut, useSupportMode } from '../../lib/session.ts';
import { UserButton } from './user-button.tsx';
import type { UserMenuPopover } from './user-menu-popover.tsx';

// The menu itself (Mantine's Menu, Popover and Floating UI, ≈ 20 kB gzip) is fetched after the first screen, not
// before it (issue 17 item 11, decision 027): prefetched shortly after, and in any case on the first click. The dialogs
// behind it (forms, password fields) are fetched when first opened; once fetched they stay mounted, so they close with
// their transition.
const loadMenu = () => import('./user-menu-popover.tsx');
const ProfileDialog = lazy(() =>
  import('../../features/auth/components/profile-dialog.tsx').then(({ ProfileDialog }) => ({ default: ProfileDialog })),
);
const SupportModeDialog = lazy(() =>
  import('../../features/auth/components/support-mode-dialog.tsx').then(({ SupportModeDialog }) => ({
    default: SupportModeDialog,
  })),
);

/** How long after the first screen the menu is prefetched. */
export const userMenuPrefetchMs = 2000;

/** The header's user menu: profile, support mode (platform operators), sign-out. */
export const UserMenu = ({ studioName }: { studioName: string }) => {
  const { data: user } = useCurrentUser();
  const support = useSupportMode();
  const [profileOpened, profile] = useDisclosure(false);
  const [supportOpened, supportDialog] = useDisclosure(false);
  const [profileWanted, setProfileWanted] = useState(false);
  const [supportWanted, setSupportWanted] = useState(false);
  const [Popover, setPopover] = useState<typeof UserMenuPopover | null>(null);
  // only the click that fetched the menu opens it as it mounts; a later remount (the user reloaded) leaves it closed
  const [openOnMount, setOpenOnMount] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => void loadMenu().catch(() => undefined), userMenuPrefetchMs);
    return () => clearTimeout(timer);
  }, []);
  if (!user) return null;

  const fullName = [user.nome, user.cognome].filter(Boolean).join(' ') || user.username;
  // spec part 1 §6: only ROLE_ADMIN and ROLE_DEV may use support mode.
  const canSupport = !support && (supportRoles as readonly string[]).includes(user.role);

  return (
    <>
      {Popover ? (
        <Popover
          user={user}
          fullName={fullName}
          studioName={studioName}
          canSupport={canSupport}
          openOnMount={openOnMount}
          onOpenedOnMount={() => setOpenOnMount(false)}
          onProfile={() => {
            setProfileWanted(true);
            profile.open();
          }}
          onSupport={() => {
            setSupportWanted(true);
            supportDialog.open();
          }}
          // Signing out clears the session; the guard (AppLayout) then goes to /signIn.
          onSignOut={signOut}
        />
      ) : (
        // Until the first click the same button stands in for the menu's target; the click puts the menu in its place,
        // opened (with the focus inside, given back to the button when it closes). Swapping on the click itself, not
        // when the prefetch ends, means a click is never split between the two buttons.
        <UserButton
          user={user}
          fullName={fullName}
          aria-expanded={false}
          onClick={
            () =>
              void loadMenu()
                .then(({ UserMenuPopover }) => {
                  setOpenOnMount(true);
                  setPopover(() => UserMenuPopover);
                })
                .catch(() => undefined) // offline: nothing opens, the next click asks again
          }
        />
      )}
      <Suspense fallback={null}>
        {profileWanted && (
          <ProfileDialog opened={profileOpened} onClose={profile.close} user={user} onPasswordChanged={signOut} />
        )}
        {supportWanted && <SupportModeDialog opened={supportOpened} onClose={supportDialog.close} />}
      </Suspense>
    </>
  );
};
