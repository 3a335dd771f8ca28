import { Alert, AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
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
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { SupportBanner } from '../../components/support-banner.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { supportMismatchMessage, supportModeMatches, useSupportModeActions } from '../../features/auth/support-mode.ts';
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
import { Brand } from './brand.tsx';
import { PageLoader } from './page-loader.tsx';
import { UserMenu } from './user-menu.tsx';

/** The main navigation (spec part 1 §2, part 2 §2). */
export const navItems = [
  { label: 'Pazienti', to: '/customers', icon: IconUsers },
  { label: 'Calendario', to: '/calendar', icon: IconCalendarEvent },
  { label: 'Fatturazione', to: '/accounting', icon: IconFileInvoice },
  { label: 'Statistiche', to: '/financial-analytics', icon: IconChartBar },
  { label: 'Moduli', to: '/modulistica-v2/form-template-editor', icon: IconForms },
  { label: 'Abbonamento', to: '/billing', icon: IconCreditCard },
  { label: 'Impostazioni', to: '/impostazioni', icon: IconSettings },
] as const;

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
  return <Shell />;
};

const Shell = () => {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const studio = useStudio();
  const support = useSupportMode();
  const { exit: exitSupport } = useSupportModeActions();
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  const studioName = studio.data ? studioDisplayName(studio.data) : '';

  // A page change on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    close();
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
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

      <AppShell.Navbar p="sm" aria-label="Menu principale">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4} component="nav" aria-label="Sezioni">
            {navItems.map(({ label, to, icon: Icon }) => {
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
        <div style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
};
