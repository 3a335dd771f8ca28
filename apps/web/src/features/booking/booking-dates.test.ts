import { describe, expect, it } from 'vitest';
import { addDays, dayChipParts, formatWhen, romeDateOf, romeTime, romeToday } from './booking-dates.ts';

describe('booking dates (Europe/Rome)', () => {
  it('takes today and an instant’s date in Rome, not in UTC', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Rome
    expect(romeToday(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(romeDateOf('2026-11-30T23:30:00Z')).toBe('2026-12-01');
  });

  it('moves dates by calendar days across the end of October (DST)', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shows times in Rome', () => {
    // summer: UTC+2
    expect(romeTime('2026-07-01T10:30:00Z')).toBe('12:30');
  });

  it('writes days and moments in Italian', () => {
    expect(dayChipParts('2026-11-30')).toEqual({ weekday: 'lun', day: '30 nov' });
    expect(formatWhen('2026-11-30T08:00:00Z')).toBe('lunedì 30 novembre 2026, ore 09:00');
  });
});
