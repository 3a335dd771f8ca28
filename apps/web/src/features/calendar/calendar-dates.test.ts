import { describe, expect, it } from 'vitest';
import { romeDayOf, romeTimeOf } from './calendar-dates.ts';

const intlTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });

describe('Rome wall times (GUIDE §3: shown in Europe/Rome)', () => {
  it('reads the time across the spring and autumn clock changes', () => {
    expect(romeTimeOf('2027-03-28T00:59:00Z')).toBe('01:59');
    expect(romeTimeOf('2027-03-28T01:00:00Z')).toBe('03:00');
    expect(romeTimeOf('2027-10-31T00:59:00Z')).toBe('02:59');
    expect(romeTimeOf('2027-10-31T01:00:00Z')).toBe('02:00');
    expect(romeDayOf('2027-02-01T23:30:00Z')).toBe('2027-02-02');
    expect(romeDayOf('2027-07-01T21:59:00Z')).toBe('2027-07-01');
    expect(romeDayOf('2027-07-01T22:00:00Z')).toBe('2027-07-02');
  });

  it('agrees with Intl every 13 minutes over a year with both changes', () => {
    for (let ms = Date.UTC(2026, 11, 31); ms < Date.UTC(2028, 0, 2); ms += 13 * 60_000) {
      const d = new Date(ms);
      expect(romeTimeOf(d)).toBe(intlTime.format(d));
      expect(romeDayOf(d)).toBe(intlDay.format(d));
    }
  });
});
