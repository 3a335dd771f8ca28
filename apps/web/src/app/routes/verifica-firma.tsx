import { Center, Paper, Stack, Title } from '@mantine/core';
import { signatureTexts as t } from '../../features/signature/components/signature-texts.ts';
import { VerifySignaturePanel } from '../../features/signature/components/verify-signature-panel.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /verifica-firma: anyone uploads a signed PDF and sees whether it is intact, who signed it and when (public). */
export const VerifySignaturePage = () => {
  usePageTitle(t.verifyTitle);
  return (
    <Center mih="100vh" p={{ base: 'xs', sm: 'md' }} bg="gray.0" style={{ alignItems: 'flex-start' }}>
      <Stack w="100%" maw={560} gap="md" py="md">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={24}>
              {t.verifyTitle}
            </Title>
            <VerifySignaturePanel />
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
