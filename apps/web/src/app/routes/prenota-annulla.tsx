import { Box, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BookingCancel } from '../../features/booking/components/booking-cancel.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /prenota/annulla?token=: the patient's booking and its cancellation (issue 28, decision 035). */
export const BookingCancelPage = () => {
  usePageTitle('La tua prenotazione');
  const [params] = useSearchParams();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack w="100%" maw={640} mx="auto" component="main">
        <BookingCancel token={params.get('token')} />
      </Stack>
    </Box>
  );
};
