import { Box, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { patientNoticeTexts } from '../../features/booking/booking.texts.ts';
import { PatientNotice } from '../../features/booking/components/patient-notice.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /prenota/:slug/informativa: the studio's notice for patients, opened from its booking page (issue 39). */
export const StudioPatientNoticePage = () => {
  usePageTitle(patientNoticeTexts.pageTitle);
  const { slug = '' } = useParams();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack w="100%" maw={640} mx="auto" component="main">
        <PatientNotice slug={slug.toLowerCase()} />
      </Stack>
    </Box>
  );
};
