import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { bookingPageTexts } from '../../features/booking/booking.texts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { Brand } from '../layout/brand.tsx';

/** /prenota without a studio: the booking pages are /prenota/:slug; the patient asks the studio for its link. */
export const BookingPage = () => {
  usePageTitle('Prenota un appuntamento');
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={520} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconCalendarPlus size={30} />
            </ThemeIcon>
            <Title order={1} fz={24}>
              Prenota un appuntamento
            </Title>
            <Text c="dimmed">{bookingPageTexts.noSlug}</Text>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
};
