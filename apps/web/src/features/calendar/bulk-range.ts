import { bulkRangeMaxDays, calendarMessages } from '@studiolo/domain/calendar';
import { fieldMessages, isExistingUiDate, uiDateToIso } from '@studiolo/domain/shared';
import { daysBetween, type IsoDay } from './calendar-dates.ts';

/** spec part 1 §5: the bulk dialogs' messages, the same the server answers. */
export const bulkRangeMessages = {
  required: fieldMessages.required,
  invalidDate: calendarMessages.dateInvalid,
  endBeforeStart: calendarMessages.endBeforeStart,
  rangeTooLong: calendarMessages.rangeTooLong,
} as const;

/** A typed D-M-YYYY (or DD-MM-YYYY, with - / or .) as DD-MM-YYYY; anything else is returned trimmed. */
export const normalizeTypedDate = (value: string): string => {
  const typed = value.trim();
  const parts = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(typed);
  if (!parts) return typed;
  return `${(parts[1] as string).padStart(2, '0')}-${(parts[2] as string).padStart(2, '0')}-${parts[3]}`;
};

/** The day of a typed date, or null when it is not a day that exists. */
export const typedDateToDay = (value: string): IsoDay | null => {
  const normalized = normalizeTypedDate(value);
  return isExistingUiDate(normalized) ? uiDateToIso(normalized) : null;
};

export type BulkRangeCheck = {
  errors: { start?: string; end?: string };
  /** Both days, when the range is valid. */
  range: { start: IsoDay; end: IsoDay } | null;
};

/**
 * spec part 1 §5: start and end required; end not before start; at most 365 days. The length counts the days
 * between the two (1 January to 31 December of a common year is 364, of a leap year 365).
 */
export const checkBulkRange = (startText: string, endText: string): BulkRangeCheck => {
  const errors: BulkRangeCheck['errors'] = {};
  const start = typedDateToDay(startText);
  const end = typedDateToDay(endText);
  if (!startText.trim()) errors.start = bulkRangeMessages.required;
  else if (!start) errors.start = bulkRangeMessages.invalidDate;
  if (!endText.trim()) errors.end = bulkRangeMessages.required;
  else if (!end) errors.end = bulkRangeMessages.invalidDate;
  if (start && end) {
    if (end < start) errors.end = bulkRangeMessages.endBeforeStart;
    else if (daysBetween(start, end) > bulkRangeMaxDays) errors.end = bulkRangeMessages.rangeTooLong;
  }
  return { errors, range: start && end && !errors.start && !errors.end ? { start, end } : null };
};
