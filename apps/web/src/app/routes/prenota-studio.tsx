import { Box, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { BookingFlow } from '../../features/booking/components/booking-flow.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /prenota/:slug: a studio's public online booking page (issue 28, decision 035), phone first. */
export const StudioBookingPage = () => {
  usePageTitle('Prenota un appuntamento');
  const { slug = '' } = useParams();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack w="100%" maw={640} mx="auto" component="main">
        <BookingFlow slug={slug.toLowerCase()} />
      </Stack>
    </Box>
  );
};
