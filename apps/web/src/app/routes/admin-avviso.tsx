import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-user.ts';
import { BannerAdminForm } from '../../features/banner/components/banner-admin-form.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** The platform roles that edit the global banner (decision 038); the server checks the same list. */
const bannerEditors: readonly string[] = ['ROLE_ADMIN', 'ROLE_CONTENT_MANAGER'];

/** /admin/avviso: the platform's page to edit the global banner (signed in, no studio needed). */
export const BannerAdminPage = () => {
  usePageTitle('Avviso globale');
  const user = useCurrentUser();
  return (
    <Center p="md" bg="gray.0" mih="100vh" style={{ alignItems: 'flex-start' }}>
      <Stack w="100%" maw={760} gap="lg" mt="lg">
        <Anchor component={Link} to="/customers" aria-label="Studiolo, torna all’app" style={{ alignSelf: 'center' }}>
          <Brand />
        </Anchor>
        {user.data ? (
          <BannerAdminForm allowed={bannerEditors.includes(user.data.role)} inviterUserId={user.data.id} />
        ) : (
          <Loader aria-label="Caricamento" style={{ alignSelf: 'center' }} />
        )}
      </Stack>
    </Center>
  );
};
