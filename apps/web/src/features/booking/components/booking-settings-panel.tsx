import { Skeleton, Stack } from '@mantine/core';
import { useBookingSettings } from '../api/booking-settings.ts';
import { BookingServicesForm } from './booking-services-form.tsx';
import { BookingSettingsForm } from './booking-settings-form.tsx';
import { BookingStaffForm } from './booking-staff-form.tsx';

type Option = { value: string; label: string };

/**
 * Impostazioni › Prenotazioni online (issue 28, decision 035): the general settings with the link, QR code and
 * website snippets; the bookable services; each professional's hours and exceptions. The rooms and devices come
 * from the calendar resources settings (the page composes them in).
 */
export const BookingSettingsPanel = ({
  studioName,
  rooms,
  devices,
  canEdit,
}: {
  studioName: string;
  rooms: Option[];
  devices: Option[];
  canEdit: boolean;
}) => {
  const answer = useBookingSettings();
  if (!answer.data) return <Skeleton height={320} />;
  return (
    <Stack gap="lg">
      <BookingSettingsForm
        key={answer.data.settings.slug}
        answer={answer.data}
        studioName={studioName}
        canEdit={canEdit}
      />
      <BookingServicesForm answer={answer.data} rooms={rooms} devices={devices} canEdit={canEdit} />
      <BookingStaffForm answer={answer.data} canEdit={canEdit} />
    </Stack>
  );
};
