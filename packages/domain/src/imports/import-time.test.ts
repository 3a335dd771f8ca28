import { describe, expect, it } from 'vitest';
import { dateOrderOf, parseImportDate } from './import-date.ts';
import {
  appointmentInstants,
  parseImportDuration,
  parseImportTime,
  timeInDateText,
  wallMinutesBetween,
} from './import-time.ts';

describe('parseImportTime', () => {
  it.each([
    ['09:30', 570],
    ['9:30', 570],
    ['09.30', 570],
    ['9.05', 545],
    ['14:00:00', 840],
    ['14', 840],
    ['8h', 480],
    ['9:30 AM', 570],
    ['12:15 PM', 735],
    ['12:00 AM', 0],
    ['1:45 pm', 825],
    [0.5, 720],
    [46000.375, 540],
  ])('reads %s', (text, minutes) => {
    expect(parseImportTime(text)).toBe(minutes);
  });

  it.each(['25:00', '9:75', 'mattina', '13:00 PM', '', '9:3'])('refuses %s', (text) => {
    expect(parseImportTime(text)).toBeNull();
  });
});

describe('parseImportDuration', () => {
  it.each([
    ['45', 45],
    ['45 min', 45],
    ["60'", 60],
    ['1h30', 90],
    ['1 h 30 min', 90],
    ['2h', 120],
    ['1,5 h', 90],
    ['01:30', 90],
    ['1.30', 90],
    [50, 50],
    [0.0625, 90],
  ])('reads %s', (text, minutes) => {
    expect(parseImportDuration(text)).toBe(minutes);
  });

  it.each(['0', 'mezz’ora', '1:75', '-30', ''])('refuses %s', (text) => {
    expect(parseImportDuration(text)).toBeNull();
  });
});

describe('dates of appointments', () => {
  it('reads a two-digit year as the nearest century, past or future', () => {
    const today = new Date('2026-11-28T10:00:00Z');
    expect(parseImportDate('05/03/27', { today, century: 'nearest' })).toBe('05-03-2027');
    expect(parseImportDate('05/03/99', { today, century: 'nearest' })).toBe('05-03-1999');
  });

  it('tells a month-first column from the whole column, never row by row', () => {
    expect(dateOrderOf(['03/25/2026', '04/01/2026'])).toBe('mdy');
    expect(dateOrderOf(['25/03/2026', '04/01/2026'])).toBe('dmy');
    expect(dateOrderOf(['04/01/2026'])).toBe('dmy');
    expect(parseImportDate('03/25/2026', { order: 'mdy' })).toBe('25-03-2026');
  });

  it('finds a time written after the date', () => {
    expect(timeInDateText('12/03/2026 9:30')).toBe('9:30');
    expect(timeInDateText('2026-03-12T09:30')).toBe('09:30');
    expect(timeInDateText('12/03/2026')).toBeNull();
  });
});

describe('appointmentInstants (Europe/Rome wall time)', () => {
  it('turns winter and summer times into UTC', () => {
    expect(appointmentInstants('10-12-2026', 9 * 60, { minutes: 45 })).toEqual({
      start: new Date('2026-12-10T08:00:00Z'),
      end: new Date('2026-12-10T08:45:00Z'),
    });
    expect(appointmentInstants('10-07-2026', 9 * 60, { endMinutes: 10 * 60 })).toEqual({
      start: new Date('2026-07-10T07:00:00Z'),
      end: new Date('2026-07-10T08:00:00Z'),
    });
  });

  it('moves a start in the hour the spring change skips forward, as the calendar does', () => {
    // 29 March 2026: 02:00 → 03:00
    const { start, end } = appointmentInstants('29-03-2026', 2 * 60 + 30, { minutes: 60 });
    expect(start.toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 03:30 CEST
    expect(end.getTime()).toBeGreaterThan(start.getTime());
  });

  it('counts a duration on the clock across the autumn change', () => {
    // 25 October 2026: 03:00 → 02:00; 01:30 + 60 minutes ends at 02:30 on the clock (the first one)
    const { start, end } = appointmentInstants('25-10-2026', 90, { minutes: 60 });
    expect(start.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(end.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallMinutesBetween(start, end)).toBe(60);
  });

  it('ends on another day when the end date says so', () => {
    const { end } = appointmentInstants('10-12-2026', 23 * 60, { endMinutes: 60, endUiDate: '11-12-2026' });
    expect(end.toISOString()).toBe('2026-12-11T00:00:00.000Z');
  });
});
