import { formatEuroCents, formatUiDate, onFirstUse, uiDateFormat } from '@studiolo/domain/shared';

/** Dates are shown DD-MM-YYYY (spec part 1 §9), in Europe/Rome for instants. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : formatUiDate(d);
};

const timeFormatter = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }),
);

/** An instant as DD-MM-YYYY HH:mm in Europe/Rome. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : `${formatUiDate(d)} ${timeFormatter().format(d)}`;
};

const euro = onFirstUse(() => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }));
/** Euros (a decimal amount) in it-IT. */
export const formatEuro = (amount: number): string => euro().format(amount);
/** Integer cents in it-IT euros. */
export const formatCents = formatEuroCents;

export { uiDateFormat };
