import { onFirstUse } from '@studiolo/domain/shared';
/** The periods the page offers (decision 024): this year by default, last year, or a custom range. */
export const periodKinds = ['THIS_YEAR', 'LAST_YEAR', 'CUSTOM'] as const;
export type PeriodKind = (typeof periodKinds)[number];
export type IsoRange = { startDate: string; endDate: string };

/** The year in Rome today. */
export const romeYear = (now = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(now));

/** This month in Rome, as the answer's periods ('2026-11'). */
export const romeMonth = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(now);

/** The months that have begun (issue 26 item 7: a month still to come has no invoices to be paid, not 0 % paid). */
export const monthsSoFar = <R extends { period: string }>(rows: readonly R[], now = new Date()): R[] => {
  const month = romeMonth(now);
  return rows.filter((r) => r.period.slice(0, 7) <= month);
};

export const yearRange = (year: number): IsoRange => ({ startDate: `${year}-01-01`, endDate: `${year}-12-31` });

/** DD-MM-YYYY → YYYY-MM-DD, null when not a date. */
export const uiToIso = (value: string): string | null => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

/** The range of a choice; null for a custom range not yet whole or reversed. */
export const rangeOf = (kind: PeriodKind, custom: { from: string; to: string }, now = new Date()): IsoRange | null => {
  if (kind === 'THIS_YEAR') return yearRange(romeYear(now));
  if (kind === 'LAST_YEAR') return yearRange(romeYear(now) - 1);
  const startDate = uiToIso(custom.from);
  const endDate = uiToIso(custom.to);
  return startDate && endDate && startDate <= endDate ? { startDate, endDate } : null;
};

const monthFormat = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
/** '2025-03' → 'mar 2025'. */
export const monthLabel = (period: string) =>
  monthFormat().format(new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1, 1)));
