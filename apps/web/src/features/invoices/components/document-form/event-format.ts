import type { CalendarEvent } from '@studiolo/domain/calendar';
import { formatUiDate, onFirstUse } from '@studiolo/domain/shared';

const time = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }),
);

/** An appointment's day, DD-MM-YYYY in Europe/Rome. */
export const eventDay = (e: Pick<CalendarEvent, 'start'>) => formatUiDate(new Date(e.start));
/** Its start–end time, HH:mm–HH:mm in Europe/Rome. */
export const eventTimes = (e: Pick<CalendarEvent, 'start' | 'end'>) =>
  `${time().format(new Date(e.start))}–${time().format(new Date(e.end))}`;

/**
 * The insurance report (spec part 2 §2 extra-info panel): the linked appointments, oldest first, one a line with
 * date, times and description.
 */
export const insuranceReport = (header: string, events: readonly CalendarEvent[]) =>
  [
    header,
    ...[...events]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((e) => `- ${eventDay(e)} ${eventTimes(e).replace('–', '-')} ${e.summary.trim()}`),
  ].join('\n');
