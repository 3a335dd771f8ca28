import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { legalDocumentIds, legalDocuments } from '@studiolo/domain/legal';
import { supportEmailAddress } from '@studiolo/domain/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useLegalDocuments } from '../../features/legal/api/get-legal-documents.ts';
import { LegalDocumentView } from '../../features/legal/components/legal-document.tsx';
import { useConfig } from '../../lib/config.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/**
 * /documenti-legali: the terms of service (#termini), the privacy notice (#privacy), the data-processing agreement with
 * this install's sub-processors (#dpa) and the cookie notice (#cookie), each with its version and date (decision 043).
 */
export const LegalDocumentsPage = () => {
  usePageTitle('Documenti legali');
  const { data: config } = useConfig();
  const { data: info } = useLegalDocuments();
  const email = config?.supportEmail ?? supportEmailAddress;
  const { hash } = useLocation();

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Box bg="gray.0" mih="100vh">
      <Container size="md" py="lg">
        <Group justify="space-between" mb="lg" component="header">
          <Anchor component={Link} to="/landing-page" underline="never" aria-label="Studiolo, pagina iniziale">
            <Brand />
          </Anchor>
          <Anchor component={Link} to="/signIn" size="sm">
            Accedi
          </Anchor>
        </Group>
        <Stack gap="lg" component="main">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Documenti legali
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              I documenti di Studiolo, ciascuno con la sua versione. Quando uno cambia, te lo mostriamo al primo
              accesso.
            </Text>
          </div>
          <Group gap="md" component="nav" aria-label="Documenti">
            {legalDocumentIds.map((id) => (
              <Anchor key={id} href={`#${id}`} size="sm">
                {legalDocuments[id].title}
              </Anchor>
            ))}
          </Group>
          {legalDocumentIds.map((id) => (
            <LegalDocumentView
              key={id}
              id={id}
              email={email}
              subProcessors={info?.subProcessors}
              operator={info?.operator}
            />
          ))}
        </Stack>
      </Container>
    </Box>
  );
};
