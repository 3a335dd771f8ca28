import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { studioDisplayName } from '@studiolo/domain/studio';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useStudio } from '../api/get-studio.ts';
import { useUpdateStudio } from '../api/update-studio.ts';
import { StudioDeleteZone } from './studio-delete-zone.tsx';
import { StudioForm, studioToFormValues } from './studio-form.tsx';
import { StudioLogo } from './studio-logo.tsx';

/** Why a collaborator or an accountant sees the studio's data but cannot change it (decided). */
export const readOnlyStudioNotice = 'Solo il titolare o un amministratore dello studio può modificare questi dati.';

/**
 * Impostazioni › Studio: the studio's data and logo; for the owner, at the bottom, the deletion of the whole studio
 * (decision 040), after which the user goes where a user without a studio goes (on-boarding, or another studio).
 */
export const StudioSettings = ({
  canEdit,
  isOwner = false,
  beforeDangerZone,
}: {
  canEdit: boolean;
  isOwner?: boolean;
  /** What the page composes in above the danger zone (the owner's whole-studio download, decision 042). */
  beforeDangerZone?: ReactNode;
}) => {
  const studio = useStudio();
  const update = useUpdateStudio();
  const navigate = useNavigate();
  if (studio.isPending) return <Skeleton h={400} radius="md" />;
  if (studio.isError) return <Alert color="red">Impossibile caricare i dati dello studio.</Alert>;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Logo
          </Title>
          <StudioLogo assetUrl={studio.data.logo.assetUrl} canEdit={canEdit} />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Dati dello studio
          </Title>
          {!canEdit && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
              {readOnlyStudioNotice}
            </Alert>
          )}
          <StudioForm
            key={studio.data.id}
            initialValues={studioToFormValues(studio.data)}
            submitLabel="Salva modifiche"
            loading={update.isPending}
            onSubmit={(input) => update.mutateAsync(input)}
            withBankDetails
            readOnly={!canEdit}
          />
        </Stack>
      </Paper>
      {beforeDangerZone}
      {isOwner && (
        <StudioDeleteZone
          studioName={studioDisplayName(studio.data)}
          onDeleted={() => navigate('/on-boarding', { replace: true })}
        />
      )}
    </Stack>
  );
};
