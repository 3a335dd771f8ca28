import { Alert, Center, Paper, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SignPageContent } from '../../features/signature/components/sign-page-content.tsx';
import { signatureTexts as t } from '../../features/signature/components/signature-texts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /sign?id=…: the patient's public signing page (spec part 1 §2; issue 15 part 5), phone first. */
export const SignPage = () => {
  usePageTitle(t.pageTitle);
  const [params] = useSearchParams();
  const id = params.get('id');
  const valid = id !== null && /^[A-Za-z0-9_-]{43}$/.test(id);
  return (
    <Center mih="100vh" p={{ base: 'xs', sm: 'md' }} bg="gray.0" style={{ alignItems: 'flex-start' }}>
      <Stack w="100%" maw={560} gap="md" py="md">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={24}>
              {t.pageTitle}
            </Title>
            {valid ? <SignPageContent linkId={id} /> : <Alert color="red">{t.invalidLink}</Alert>}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
