import { IconCalendarEvent } from '@tabler/icons-react';
import { ComingSoon } from '../layout/coming-soon.tsx';

/** /calendar (filled by the calendar feature). */
export const CalendarPage = () => (
  <ComingSoon
    title="Calendario"
    description="Qui troverai l'agenda dello studio con appuntamenti ricorrenti, filtri per staff, stanze e pazienti."
    icon={<IconCalendarEvent size={30} />}
  />
);
