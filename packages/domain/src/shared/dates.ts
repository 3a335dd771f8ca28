/** UI dates are DD-MM-YYYY, API dates YYYY-MM-DD (spec part 1 §9); instants shown in Europe/Rome. */
export const uiDateFormat = 'DD-MM-YYYY';
export const apiDateFormat = 'YYYY-MM-DD';
export const studioTimeZone = 'Europe/Rome';

const dayFormatter = new Intl.DateTimeFormat('it-IT', {
  timeZone: studioTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Formats an instant as DD-MM-YYYY in Europe/Rome. */
export const formatUiDate = (instant: Date): string => {
  const parts = Object.fromEntries(dayFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
};

/** Formats integer cents as euros, it-IT (formatting only at the edge). */
export const formatEuroCents = (cents: number): string =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Minutes shown as h:mm (spec part 1 §9). */
export const formatMinutes = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
