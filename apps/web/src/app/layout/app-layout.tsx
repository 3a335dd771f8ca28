import { Alert, AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CurrentUser } from '@studiolo/domain/auth';
import { can, type Permission } from '@studiolo/domain/shared';
import { studioDisplayName } from '@studiolo/domain/studio';
import {
  IconCalendarEvent,
  IconChartBar,
  IconCreditCard,
  IconFileInvoice,
  IconForms,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { SupportBanner } from '../../components/support-banner.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { supportMismatchMessage, supportModeMatches, useSupportModeActions } from '../../features/auth/support-mode.ts';
import { LegalGate } from '../../features/legal/components/legal-gate.tsx';
import { useStudio } from '../../features/studio/api/get-studio.ts';
import { showToast } from '../../lib/http.ts';
import {
  getSupportMode,
  isSignedOutByUser,
  signInUrlFor,
  signOut,
  useStoredUser,
  useSupportMode,
} from '../../lib/session.ts';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { mayOpen, studioRoleOf } from './access.ts';
import { Brand } from './brand.tsx';
import { NoAccess } from './no-access.tsx';
import { PageLoader } from './page-loader.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The main navigation (spec part 1 §2, part 2 §2), each section with the permission its page needs: the menu
 * offers a role only what it may open (the same permissions guard the routes, router.tsx).
 */
export const navItems = [
  { label: 'Pazienti', to: '/customers', icon: IconUsers, permission: 'patient:read' },
  { label: 'Calendario', to: '/calendar', icon: IconCalendarEvent, permission: 'calendar:read' },
  { label: 'Fatturazione', to: '/accounting', icon: IconFileInvoice, permission: 'invoice:read' },
  { label: 'Statistiche', to: '/financial-analytics', icon: IconChartBar, permission: 'analytics:read' },
  { label: 'Moduli', to: '/modulistica-v2', icon: IconForms, permission: 'forms:read' },
  { label: 'Abbonamento', to: '/billing', icon: IconCreditCard, permission: 'billing:manage' },
  { label: 'Impostazioni', to: '/impostazioni', icon: IconSettings, permission: 'settings:read' },
] as const satisfies readonly { label: string; to: string; icon: typeof IconUsers; permission: Permission }[];

// The global banner (decision 038): its code and its request come after the page's first paint, never before.
const GlobalBanner = lazy(async () => ({
  default: (await import('../../features/banner/components/global-banner.tsx')).GlobalBanner,
}));

/** Mounts the banner once the browser is idle after the first paint (a timeout where requestIdleCallback is missing). */
const DeferredGlobalBanner = ({ inviterUserId, flushTop }: { inviterUserId: string; flushTop: boolean }) => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <GlobalBanner inviterUserId={inviterUserId} flushTop={flushTop} />
    </Suspense>
  );
};

/**
 * The guarded main app (spec part 1 §2): no stored token → sign-in with returnUrl; a user without a studio
 * → on-boarding; otherwise the shell with the page inside.
 */
export const AppLayout = () => {
  const stored = useStoredUser();
  const location = useLocation();
  if (!stored) {
    const to = isSignedOutByUser() ? '/signIn' : signInUrlFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  return <SignedInApp />;
};

const SignedInApp = () => {
  const user = useCurrentUser();
  const support = useSupportMode();
  const { exit: exitSupport } = useSupportModeActions();

  // spec part 1 §4: support mode is kept only if the fetched user's e-mail matches the one entered.
  const mismatch = Boolean(support && user.data && !supportModeMatches(user.data.username, support.email));
  useEffect(() => {
    if (mismatch && getSupportMode()) {
      exitSupport();
      showToast('WARNING', supportMismatchMessage);
    }
  }, [mismatch, exitSupport]);

  if (user.isPending || mismatch) return <PageLoader />;
  if (user.isError) {
    return (
      <Stack p="xl" maw={520} mx="auto" mt="10vh">
        <Alert color="red" title="Impossibile caricare il tuo profilo">
          Controlla la connessione e riprova.
        </Alert>
        <Group>
          <Button onClick={() => void user.refetch()}>Riprova</Button>
          <Button variant="default" onClick={signOut}>
            Esci
          </Button>
        </Group>
      </Stack>
    );
  }
  if (user.data.idsStudio.length === 0) return <Navigate to="/on-boarding" replace />;
  return <Shell user={user.data} />;
};

const Shell = ({ user }: { user: CurrentUser }) => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const matches = useMatches();
  const studio = useStudio();
  const support = useSupportMode();
  const { exit: exitSupport } = useSupportModeActions();
  const isMobile = useIsPhone();
  const studioName = studio.data ? studioDisplayName(studio.data) : '';
  const role = studioRoleOf(user);
  const sections = navItems.filter((item) => can(role, item.permission));
  const allowed = mayOpen(role, matches);

  // A page change on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    close();
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      // a mobile user agent on a wide screen gets the phone's menu too (spec part 1 §9): burger, menu collapsed
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: isMobile && !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom={isMobile ? undefined : 'sm'}
              size="sm"
              aria-label={opened ? 'Chiudi il menu' : 'Apri il menu'}
            />
            <Link to="/customers" aria-label="Studiolo, vai ai pazienti" style={{ textDecoration: 'none' }}>
              <Brand size={isMobile ? 'md' : 'lg'} />
            </Link>
            {studioName && (
              <Text
                visibleFrom="xs"
                c="dimmed"
                fw={500}
                truncate="end"
                pl="sm"
                style={{ borderLeft: '1px solid var(--mantine-color-default-border)', minWidth: 0 }}
                data-testid="studio-name"
              >
                {studioName}
              </Text>
            )}
          </Group>
          <UserMenu studioName={studioName} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        aria-label="Menu principale"
        // a phone's closed menu is slid out of the window: Tab must not walk into links nobody sees (WCAG 2.4.7)
        inert={isMobile && !opened}
      >
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <Stack gap={4} component="nav" aria-label="Sezioni">
            {sections.map(({ label, to, icon: Icon }) => {
              const active = location.pathname === to || location.pathname.startsWith(`${to}/`);
              return (
                <NavLink
                  key={to}
                  component={Link}
                  to={to}
                  label={label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  fw={500}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        {studioName && (
          <AppShell.Section
            hiddenFrom="xs"
            pt="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" c="dimmed" truncate="end">
              {studioName}
            </Text>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {support && (
          <div
            style={{
              margin:
                'calc(var(--app-shell-padding) * -1) calc(var(--app-shell-padding) * -1) var(--mantine-spacing-md)',
            }}
          >
            <SupportBanner email={support.email} onExit={exitSupport} />
          </div>
        )}
        <DeferredGlobalBanner inviterUserId={user.id} flushTop={!support} />
        <LegalGate onSignOut={signOut} />
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
          {allowed ? <Outlet /> : <NoAccess home={sections[0] ?? null} />}
        </div>
      </AppShell.Main>
    </AppShell>
  );
};
