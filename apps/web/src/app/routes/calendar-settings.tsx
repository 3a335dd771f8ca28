import { IconCalendarCog } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /calendar/settings (filled by the calendar feature; return address after card checkout). */
export const CalendarSettingsPage = () => (
  <ComingSoon
    title="Impostazioni calendario"
    description="Qui potrai gestire calendari, stanze, sedi, dispositivi medici e promemoria automatici."
    icon={<IconCalendarCog size={30} />}
  />
);
