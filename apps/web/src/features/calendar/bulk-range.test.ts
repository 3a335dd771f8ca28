import { describe, expect, it } from 'vitest';
import { bulkRangeMessages, checkBulkRange, normalizeTypedDate } from './bulk-range.ts';

describe('bulk range (spec part 1 §5)', () => {
  it('accepts D-M-YYYY and shows it DD-MM-YYYY', () => {
    expect(normalizeTypedDate('1-3-2027')).toBe('01-03-2027');
    expect(normalizeTypedDate(' 31/3/2027 ')).toBe('31-03-2027');
    expect(checkBulkRange('1-3-2027', '31-3-2027').range).toEqual({ start: '2027-03-01', end: '2027-03-31' });
  });

  it('requires both dates', () => {
    expect(checkBulkRange('', '').errors).toEqual({
      start: bulkRangeMessages.required,
      end: bulkRangeMessages.required,
    });
  });

  it('refuses days that do not exist', () => {
    expect(checkBulkRange('31-02-2027', '01-03-2027').errors.start).toBe(bulkRangeMessages.invalidDate);
  });

  it('refuses an end before the start', () => {
    const check = checkBulkRange('31-03-2027', '01-03-2027');
    expect(check.errors.end).toBe('La data di fine deve essere successiva alla data di inizio');
    expect(check.range).toBeNull();
  });

  it('accepts a single day', () => {
    expect(checkBulkRange('01-03-2027', '01-03-2027').range).not.toBeNull();
  });

  it('accepts 365 days and refuses 366', () => {
    expect(checkBulkRange('01-01-2027', '01-01-2028').range).not.toBeNull();
    expect(checkBulkRange('01-01-2027', '02-01-2028').errors.end).toBe('Il range di date non può superare 365 giorni');
  });
});
