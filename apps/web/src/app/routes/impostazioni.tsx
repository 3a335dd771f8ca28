import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { evaluationSectionsOf, evaluationSectionsSettingKey } from '@studiolo/domain/clinical';
import { can } from '@studiolo/domain/shared';
import { lazy, Suspense } from 'react';
import { TabMenu } from '../../components/tab-menu.tsx';
import { AuditLogPanel } from '../../features/audit/components/audit-log-panel.tsx';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings.tsx';
import { OutboxPanel } from '../../features/mail/components/outbox-panel.tsx';
import { useSettings } from '../../features/settings/api/get-settings.ts';
import { useUpdateSettingsSection } from '../../features/settings/api/update-settings-section.ts';
import { SistemaTsSettingsPanel } from '../../features/sistema-ts/components/sistema-ts-settings.tsx';
import { sistemaTsTexts } from '../../features/sistema-ts/sistema-ts.texts.ts';
import { StaffList } from '../../features/staff/components/staff-list.tsx';
import { StudioSecuritySwitch } from '../../features/studio/components/studio-security-switch.tsx';
import { StudioSettings } from '../../features/studio/components/studio-settings.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { studioRoleOf } from '../layout/access.ts';

// the clinical record's settings panels in a chunk of their own, fetched when their tab opens
const ClinicalSectionsPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/clinical-sections-panel.tsx')).ClinicalSectionsPanel,
}));
const ClinicalExportsPanel = lazy(async () => ({
  default: (await import('../../features/clinical/components/clinical-export.tsx')).ClinicalExportsPanel,
}));

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
 * /impostazioni: Studio, Staff, Sicurezza, Posta in uscita, Registro attività, Sistema TS, Cartella paziente
 * (?tab=index).
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
            content: <StudioSettings canEdit={can(role, 'studio:write')} />,
          },
          {
            label: 'Staff',
            canAccess: can(role, 'staff:read'),
            content: <StaffList canManage={can(role, 'staff:manage')} myEmail={user.username} />,
          },
          {
            label: 'Sicurezza',
            content: (
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
            ),
          },
          { label: 'Posta in uscita', canAccess: can(role, 'outbox:read'), content: <OutboxPanel /> },
          { label: 'Registro attività', canAccess: can(role, 'audit:read'), content: <AuditLogPanel /> },
          {
            label: sistemaTsTexts.tab,
            canAccess: can(role, 'settings:read'),
            content: <SistemaTsSettingsPanel canEdit={can(role, 'settings:write')} />,
          },
          {
            label: 'Cartella paziente',
            canAccess: can(role, 'settings:read') && can(role, 'clinical:read'),
            content: (
              <Suspense fallback={<Skeleton h={240} aria-label="Caricamento…" />}>
                <Stack gap="lg">
                  <ClinicalSections canEdit={can(role, 'settings:write')} />
                  <ClinicalExportsPanel />
                </Stack>
              </Suspense>
            ),
          },
        ]}
      />
    </Stack>
  );
};
