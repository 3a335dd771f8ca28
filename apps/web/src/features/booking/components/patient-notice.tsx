import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { patientNoticeTexts as n } from '../booking.texts.ts';
import { StudioPublicPage } from './booking-flow.tsx';

/** /prenota/:slug/informativa: the studio's privacy notice for its patients, from its own data (issue 39 item 3). */
export const PatientNotice = ({ slug }: { slug: string }) => (
  <StudioPublicPage slug={slug} withPageText={false}>
    {(page) => (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby="notice-title">
        <Stack gap="md">
          <Title order={2} fz={{ base: 19, sm: 22 }} id="notice-title">
            {n.title}
          </Title>
          <Text size="sm">{n.intro(page.studio.name)}</Text>
          {n.sections(page.studio).map((section) => (
            <Stack key={section.title} gap={4} component="section">
              <Title order={3} fz="md">
                {section.title}
              </Title>
              {section.paragraphs.map((p) => (
                <Text key={p} size="sm">
                  {p}
                </Text>
              ))}
            </Stack>
          ))}
          <Group gap="lg">
            <Anchor component={Link} to="/documenti-legali#dpa" size="sm">
              {n.providerDocuments}
            </Anchor>
            <Anchor component={Link} to={`/prenota/${slug}`} size="sm">
              {n.backToBooking}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    )}
  </StudioPublicPage>
);
