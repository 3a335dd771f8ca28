import { Paper, Stack, Text, Title } from '@mantine/core';
import { currentLegalVersion, type LegalDocumentId, legalDocuments, legalMessages } from '@studiolo/domain/legal';
import { type LegalTextProps, legalTexts } from './legal-texts.tsx';

/** One legal document in its version in force: title, version and date, text (decision 043). */
export const LegalDocumentView = ({
  id,
  headingOrder = 2,
  ...props
}: LegalTextProps & { id: LegalDocumentId; headingOrder?: 2 | 3 }) => {
  const { version, date } = currentLegalVersion(id);
  const Body = legalTexts[id];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} id={id} component="article" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <div>
          <Title order={headingOrder} fz="xl" id={`${id}-title`}>
            {legalDocuments[id].title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {legalMessages.version(version, date)}
          </Text>
        </div>
        <Body {...props} />
      </Stack>
    </Paper>
  );
};
