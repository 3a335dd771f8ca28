import { Box, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BookingSummary } from '../../features/booking/components/booking-flow.tsx';
import { StudioContacts } from '../../features/booking/components/studio-contacts.tsx';
import { ReminderLink } from '../../features/reminders/components/reminder-link.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /appuntamento?t=: the patient's confirm/cancel page of a reminder (issue 29, decision 036), with the booking page's
 * summary and studio contacts (one way to show an appointment to a patient).
 */
export const ReminderLinkPage = () => {
  usePageTitle('Il tuo appuntamento');
  const [params] = useSearchParams();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack w="100%" maw={640} mx="auto" component="main">
        <ReminderLink
          token={params.get('t')}
          renderSummary={(a) => <BookingSummary booking={a} />}
          renderContacts={(studio) => <StudioContacts studio={studio} />}
        />
      </Stack>
    </Box>
  );
};
