import { Paper, Stack, Text, Title } from '@mantine/core';
import { bookingTexts } from '@studiolo/domain/booking';
import { evaluationSectionsOf, evaluationSectionsSettingKey } from '@studiolo/domain/clinical';
import { can } from '@studiolo/domain/shared';
import { lazy } from 'react';
import { LazyPanel } from '../../components/lazy-panel.tsx';
import { TabMenu } from '../../components/tab-menu.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../features/settings/api/update-settings-section.ts';
import { signatureTexts } from '../../features/signature/components/signature-texts.ts';
import { sistemaTsTexts } from '../../features/sistema-ts/sistema-ts.texts.ts';
import { useStudio } from '../../features/studio/api/get-studio.ts';
import { StudioSettings } from '../../features/studio/components/studio-settings.tsx';
import { StudioExportPanel } from '../../features/studio-export/components/studio-export.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// The first tab (Studio) is in the page's chunk; the others are fetched when opened (issue 17 item 11).
const AuditLogPanel = lazy(() =>
  import('../../features/audit/components/audit-log-panel.tsx').then(({ AuditLogPanel }) => ({
    default: AuditLogPanel,
  })),
);
const TwoFactorSettings = lazy(() =>
  import('../../features/auth/components/two-factor-settings.tsx').then(({ TwoFactorSettings }) => ({
    default: TwoFactorSettings,
  })),
);
const OutboxPanel = lazy(() =>
  import('../../features/mail/components/outbox-panel.tsx').then(({ OutboxPanel }) => ({ default: OutboxPanel })),
);
const SistemaTsSettingsPanel = lazy(() =>
  import('../../features/sistema-ts/components/sistema-ts-settings.tsx').then(({ SistemaTsSettingsPanel }) => ({
    default: SistemaTsSettingsPanel,
  })),
);
const StaffList = lazy(() =>
  import('../../features/staff/components/staff-list.tsx').then(({ StaffList }) => ({ default: StaffList })),
);
const StudioSecuritySwitch = lazy(() =>
  import('../../features/studio/components/studio-security-switch.tsx').then(({ StudioSecuritySwitch }) => ({
    default: StudioSecuritySwitch,
  })),
);

const BackupsPanel = lazy(() =>
  import('../../features/backups/components/backups-panel.tsx').then(({ BackupsPanel }) => ({
    default: BackupsPanel,
  })),
);

const SmsOutboxPanel = lazy(() =>
  import('../../features/signature/components/sms-outbox-panel.tsx').then(({ SmsOutboxPanel }) => ({
    default: SmsOutboxPanel,
  })),
);
const SignatureSettingsPanel = lazy(() =>
  import('../../features/signature/components/signature-settings-panel.tsx').then(({ SignatureSettingsPanel }) => ({
    default: SignatureSettingsPanel,
  })),
);

const CalendarFeedsPanel = lazy(() =>
  import('../../features/calendar/components/calendar-feeds-panel.tsx').then(({ CalendarFeedsPanel }) => ({
    default: CalendarFeedsPanel,
  })),
);

// the clinical record's settings panels in a chunk of their own, fetched when their tab opens
const ClinicalSectionsPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/clinical-sections-panel.tsx')).ClinicalSectionsPanel,
}));
const ClinicalExportsPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/clinical-export.tsx')).ClinicalExportsPanel,
}));

const ReferralBox = lazy(async () => ({
  default: (await import('../../features/referrals/components/referral-box.tsx')).ReferralBox,
}));

const RemindersTab = lazy(async () => ({
  default: (await import('../reminders-tab.tsx')).RemindersTab,
}));

const BookingSettingsPanel = lazy(async () => ({
  default: (await import('../../features/booking/components/booking-settings-panel.tsx')).BookingSettingsPanel,
}));

/** Prenotazioni online: the booking feature's panel with the studio's name and its calendar rooms and devices. */
const BookingSettings = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  const studio = useStudio();
  const active = (list: { id: string; name: string; active: boolean }[] | undefined) =>
    (list ?? []).filter((r) => r.active).map((r) => ({ value: r.id, label: r.name }));
  if (!settings.data) return null;
  return (
    <BookingSettingsPanel
      studioName={studio.data?.ragioneSociale ?? [studio.data?.nome, studio.data?.cognome].filter(Boolean).join(' ')}
      rooms={active(settings.data.calendario.rooms)}
      devices={active(settings.data.calendario.medicalDevices)}
      canEdit={canEdit}
    />
  );
};

/** Settings cartella-paziente: the evaluation sections the studio uses (the clinical feature's panel, wired here). */
const ClinicalSections = ({ canEdit }: { canEdit: boolean }) => {
  const settings = useSettings();
  const update = useUpdateSettingsSection();
  if (!settings.data) return null;
  return (
    <ClinicalSectionsPanel
      value={evaluationSectionsOf(settings.data['cartella-paziente'])}
      canEdit={canEdit}
      saving={update.isPending}
      onSave={(sections) =>
        update.mutate({ section: 'cartella-paziente', values: { [evaluationSectionsSettingKey]: sections } })
      }
    />
  );
};

/**
 * /impostazioni: Studio, Staff, Sicurezza, Posta in uscita, Registro attività, Sistema TS, SMS in uscita, Firma
 * elettronica, Cartella paziente, Prenotazioni online, Calendari pubblicati, Invita un amico (?tab=index).
 */
export const SettingsPage = () => {
  usePageTitle('Impostazioni');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const role = studioRoleOf(user);
  const isOwner = user.studioRole === 'ROLE_USER';

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Impostazioni
      </Title>
      <TabMenu
        aria-label="Sezioni delle impostazioni"
        tabs={[
          {
            label: 'Studio',
            canAccess: can(role, 'studio:read'),
            content: (
              <StudioSettings
                canEdit={can(role, 'studio:write')}
                isOwner={isOwner}
                beforeDangerZone={isOwner ? <StudioExportPanel /> : null}
              />
            ),
          },
          {
            label: 'Staff',
            canAccess: can(role, 'staff:read'),
            content: (
              <LazyPanel>
                <StaffList canManage={can(role, 'staff:manage')} myEmail={user.username} />
              </LazyPanel>
            ),
          },
          {
            label: 'Sicurezza',
            content: (
              <LazyPanel>
                <Stack gap="lg">
                  <TwoFactorSettings />
                  {isOwner && (
                    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
                      <Stack gap="sm">
                        <Title order={2} fz="lg">
                          Sicurezza dello studio
                        </Title>
                        <Text size="sm" c="dimmed">
                          Vale per tutti i membri dello staff.
                        </Text>
                        <StudioSecuritySwitch />
                      </Stack>
                    </Paper>
                  )}
                </Stack>
              </LazyPanel>
            ),
          },
          {
            label: 'Posta in uscita',
            canAccess: can(role, 'outbox:read'),
            content: (
              <LazyPanel>
                <OutboxPanel />
              </LazyPanel>
            ),
          },
          {
            label: 'Registro attività',
            canAccess: can(role, 'audit:read'),
            content: (
              <LazyPanel>
                <AuditLogPanel />
              </LazyPanel>
            ),
          },
          {
            label: sistemaTsTexts.tab,
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <SistemaTsSettingsPanel canEdit={can(role, 'settings:write')} />
              </LazyPanel>
            ),
          },
          {
            label: signatureTexts.smsOutboxTitle,
            canAccess: can(role, 'outbox:read'),
            content: (
              <LazyPanel>
                <SmsOutboxPanel />
              </LazyPanel>
            ),
          },
          {
            label: signatureTexts.settingsTab,
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <SignatureSettingsPanel canEdit={can(role, 'settings:write')} />
              </LazyPanel>
            ),
          },
          {
            label: 'Cartella paziente',
            canAccess: can(role, 'settings:read') && can(role, 'clinical:read'),
            content: (
              <LazyPanel>
                <Stack gap="lg">
                  <ClinicalSections canEdit={can(role, 'settings:write')} />
                  <ClinicalExportsPanel />
                </Stack>
              </LazyPanel>
            ),
          },
          {
            label: bookingTexts.settingsTitle,
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <BookingSettings canEdit={can(role, 'settings:write')} />
              </LazyPanel>
            ),
          },
          {
            // feeds are published and revoked by those who administer the studio (issue 25 item 3)
            label: 'Calendari pubblicati',
            canAccess: can(role, 'settings:write'),
            content: (
              <LazyPanel>
                <CalendarFeedsPanel />
              </LazyPanel>
            ),
          },
          {
            // the referral programme (decision 038): who manages the subscription invites, and is credited
            label: 'Invita un amico',
            canAccess: can(role, 'billing:manage'),
            content: (
              <LazyPanel>
                <ReferralBox />
              </LazyPanel>
            ),
          },
          {
            // appointment reminders and the SMS credit box (decision 036)
            label: 'Promemoria',
            canAccess: can(role, 'settings:read'),
            content: (
              <LazyPanel>
                <RemindersTab canEdit={can(role, 'settings:write')} canManageCredit={can(role, 'billing:manage')} />
              </LazyPanel>
            ),
          },
          {
            // the embedded install's backups (decision 041): the owner's only
            label: 'Backup',
            canAccess: can(role, 'backup:manage'),
            content: (
              <LazyPanel>
                <BackupsPanel />
              </LazyPanel>
            ),
          },
        ]}
      />
    </Stack>
  );
};
