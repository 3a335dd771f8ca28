import { Anchor, Group, Stack, Title } from '@mantine/core';
import { defaultServiceDescription, serviceDescriptionSettingKey } from '@studiolo/domain/invoices';
import { can } from '@studiolo/domain/shared';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Link } from 'react-router';
import { LazyPanel } from '../../components/lazy-panel.tsx';
import { TabMenu } from '../../components/tab-menu.tsx';
import { useCurrentStudioId, useCurrentUser } from '../../features/auth/api/get-user.ts';
import { usePlanFeature } from '../../features/billing/api/get-subscription.ts';
import { googleCalendarStatusQueryOptions } from '../../features/calendar/api/google-calendar.ts';
import { ServiceDescriptionPanel } from '../../features/invoices/components/service-description-panel.tsx';
import { ProductsPanel } from '../../features/products/components/products-panel.tsx';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../features/settings/api/update-settings-section.ts';
import { useStudio } from '../../features/studio/api/get-studio.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// The first tab (Prestazioni) is in the page's chunk; the others are fetched when opened (issue 17 item 11).
const CalendarsPanel = lazy(() =>
  import('../../features/calendar/components/calendars-panel.tsx').then(({ CalendarsPanel }) => ({
    default: CalendarsPanel,
  })),
);
const GoogleCalendarPanel = lazy(() =>
  import('../../features/calendar/components/google-calendar-panel.tsx').then(({ GoogleCalendarPanel }) => ({
    default: GoogleCalendarPanel,
  })),
);
const CalendarResourcesPanel = lazy(() =>
  import('../../features/settings/components/calendar-resources-panel.tsx').then(({ CalendarResourcesPanel }) => ({
    default: CalendarResourcesPanel,
  })),
);

const RemindersTab = lazy(async () => ({
  default: (await import('../reminders-tab.tsx')).RemindersTab,
}));

/** Issue 26 item 2: what an invoice line of appointments without a service says (settings fattura). */
const ServiceDescriptionSetting = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  const studio = useStudio();
  const update = useUpdateSettingsSection();
  if (!settings.data || !studio.data) return null;
  const own = settings.data.fattura[serviceDescriptionSettingKey];
  return (
    <ServiceDescriptionPanel
      value={typeof own === 'string' ? own : ''}
      fallback={defaultServiceDescription(studio.data.professione)}
      canEdit={canEdit}
      onSave={(value) => update.mutateAsync({ section: 'fattura', values: { [serviceDescriptionSettingKey]: value } })}
    />
  );
};

/**
 * /calendar/settings (spec part 1 §2): services, rooms / service locations / medical devices, calendars with their
 * phone subscription and Google Calendar. Services and resources change with settings:write; calendars with
 * calendar:write, which the route already requires.
 */
export const CalendarSettingsPage = () => {
  usePageTitle('Impostazioni calendario');
  const { data: user } = useCurrentUser();
  // decision 037: Google Calendar comes with PRO and above (and the trial); the server refuses it too
  const googleIncluded = usePlanFeature('google-calendar');
  // a studio whose plan no longer includes it still sees the account it linked, to sync or unlink it
  const studioId = useCurrentStudioId();
  const googleStatus = useQuery({
    ...googleCalendarStatusQueryOptions(studioId),
    enabled: !googleIncluded && Boolean(studioId),
  });
  const googleLinked = Boolean(googleStatus.data?.linked);
  if (!user) return null;
  const role = studioRoleOf(user);
  const canEditSettings = can(role, 'settings:write');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/calendar" size="sm">
          <Group gap={4}>
            <IconChevronLeft size={16} aria-hidden />
            Torna al calendario
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Impostazioni calendario
        </Title>
      </Stack>
      <TabMenu
        aria-label="Sezioni delle impostazioni del calendario"
        tabs={[
          {
            label: 'Prestazioni',
            content: (
              <Stack gap="lg">
                <ProductsPanel canEdit={canEditSettings} />
                {can(role, 'settings:read') && <ServiceDescriptionSetting canEdit={canEditSettings} />}
              </Stack>
            ),
          },
          {
            label: 'Stanze e dispositivi',
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <CalendarResourcesPanel canEdit={canEditSettings} />
              </LazyPanel>
            ),
          },
          {
            label: 'Calendari',
            content: (
              <LazyPanel>
                <CalendarsPanel canEdit={can(role, 'calendar:write')} canPublish={canEditSettings} />
              </LazyPanel>
            ),
          },
          {
            label: 'Google Calendar',
            featureEnabled: googleIncluded || googleLinked,
            content: (
              <LazyPanel>
                <GoogleCalendarPanel canEdit={can(role, 'calendar:write')} planIncluded={googleIncluded} />
              </LazyPanel>
            ),
          },
          {
            // appointment reminders and the SMS credit box (decision 036): the card checkout comes back here
            label: 'Promemoria',
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <RemindersTab canEdit={canEditSettings} canManageCredit={can(role, 'billing:manage')} />
              </LazyPanel>
            ),
          },
        ]}
      />
    </Stack>
  );
};
