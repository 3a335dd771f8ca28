import { formatEuroCents, formatUiDate, uiDateFormat } from '@studiolo/domain/shared';
import { dayjs } from './dayjs-it.ts';

/** Dates are shown DD-MM-YYYY (spec part 1 §9), in Europe/Rome for instants. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : formatUiDate(d);
};

const timeFormatter = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

/** An instant as DD-MM-YYYY HH:mm in Europe/Rome. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  if (!value) return '';
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : `${formatUiDate(d)} ${timeFormatter.format(d)}`;
};

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
/** Euros (a decimal amount) in it-IT. */
export const formatEuro = (amount: number): string => euro.format(amount);
/** Integer cents in it-IT euros. */
export const formatCents = formatEuroCents;

/** Parses a DD-MM-YYYY (or D-M-YYYY) date typed by the user; null when it does not exist. */
export const parseUiDate = (value: string): Date | null => {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const d = dayjs(`${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}`, 'YYYY-MM-DD');
  return d.isValid() && d.format('D-M-YYYY') === `${Number(m[1])}-${Number(m[2])}-${m[3]}` ? d.toDate() : null;
};

export { uiDateFormat };
