import { describe, expect, it } from 'vitest';
import {
  isQuietTime,
  nominalReminderTime,
  outsideQuietHours,
  parseQuietHours,
  reminderSendTime,
} from './reminder-timing.ts';

const at = (iso: string) => new Date(iso);

describe('quiet hours (21:00–08:00 Europe/Rome)', () => {
  it('are quiet from 21:00 to 07:59 and not at 08:00 or 20:59, in winter and in summer', () => {
    expect(isQuietTime(at('2027-01-15T19:59:00Z'))).toBe(false); // 20:59 CET
    expect(isQuietTime(at('2027-01-15T20:00:00Z'))).toBe(true); // 21:00 CET
    expect(isQuietTime(at('2027-01-16T06:59:00Z'))).toBe(true); // 07:59 CET
    expect(isQuietTime(at('2027-01-16T07:00:00Z'))).toBe(false); // 08:00 CET
    expect(isQuietTime(at('2027-07-15T18:59:00Z'))).toBe(false); // 20:59 CEST
    expect(isQuietTime(at('2027-07-15T19:00:00Z'))).toBe(true); // 21:00 CEST
    expect(isQuietTime(at('2027-07-16T06:00:00Z'))).toBe(false); // 08:00 CEST
  });

  it('move a time in the evening to 08:00 the next morning and one in the night to 08:00 the same morning', () => {
    expect(outsideQuietHours(at('2027-01-15T21:30:00Z'))).toEqual(at('2027-01-16T07:00:00Z')); // 22:30 → 08:00 CET
    expect(outsideQuietHours(at('2027-01-16T02:00:00Z'))).toEqual(at('2027-01-16T07:00:00Z')); // 03:00 → 08:00
    expect(outsideQuietHours(at('2027-01-16T10:00:00Z'))).toEqual(at('2027-01-16T10:00:00Z'));
  });

  it('end at 08:00 wall time across the spring change (the night of 28–29 March 2026 has 23 hours)', () => {
    // 22:00 CET on Saturday 28 March → 08:00 CEST on Sunday 29 March (06:00 UTC)
    expect(outsideQuietHours(at('2026-03-28T21:00:00Z'))).toEqual(at('2026-03-29T06:00:00Z'));
    // 03:30 CEST, just after the change
    expect(outsideQuietHours(at('2026-03-29T01:30:00Z'))).toEqual(at('2026-03-29T06:00:00Z'));
  });

  it('end at 08:00 wall time across the autumn change (the night of 24–25 October 2026 has 25 hours)', () => {
    // 02:30 CEST, before the clocks go back → 08:00 CET (07:00 UTC)
    expect(outsideQuietHours(at('2026-10-25T00:30:00Z'))).toEqual(at('2026-10-25T07:00:00Z'));
    // 02:30 CET, the second time the clock shows it
    expect(outsideQuietHours(at('2026-10-25T01:30:00Z'))).toEqual(at('2026-10-25T07:00:00Z'));
  });
});

describe('nominal reminder time', () => {
  it('takes 24 h and 48 h as durations, across a clock change too', () => {
    // Sunday 29 March 2026 10:00 CEST (08:00 UTC): 24 hours before is Saturday 09:00 CET
    expect(nominalReminderTime(at('2026-03-29T08:00:00Z'), 'HOURS_24', '18:00')).toEqual(at('2026-03-28T08:00:00Z'));
    expect(nominalReminderTime(at('2026-03-30T08:00:00Z'), 'HOURS_48', '18:00')).toEqual(at('2026-03-28T08:00:00Z'));
  });

  it('takes "the day before" as a wall time in Rome, across a clock change too', () => {
    // Monday 30 March 2026 10:00 CEST → Sunday 29 March 18:00 CEST (16:00 UTC)
    expect(nominalReminderTime(at('2026-03-30T08:00:00Z'), 'DAY_BEFORE', '18:00')).toEqual(at('2026-03-29T16:00:00Z'));
    // Sunday 29 March 2026 10:00 CEST → Saturday 28 March 18:00 CET (17:00 UTC)
    expect(nominalReminderTime(at('2026-03-29T08:00:00Z'), 'DAY_BEFORE', '18:00')).toEqual(at('2026-03-28T17:00:00Z'));
    // Monday 26 October 2026 09:00 CET → Sunday 25 October 18:00 CET (17:00 UTC)
    expect(nominalReminderTime(at('2026-10-26T08:00:00Z'), 'DAY_BEFORE', '18:00')).toEqual(at('2026-10-25T17:00:00Z'));
    // an appointment at 00:30 Rome: the day before is the calendar day before in Rome, not in UTC
    expect(nominalReminderTime(at('2027-01-14T23:30:00Z'), 'DAY_BEFORE', '09:00')).toEqual(at('2027-01-14T08:00:00Z'));
  });
});

describe('reminderSendTime', () => {
  const now = at('2027-01-10T09:00:00Z'); // 10:00 CET

  it('sends at the nominal time when it is ahead and outside the quiet hours', () => {
    const start = at('2027-01-12T14:00:00Z');
    expect(reminderSendTime({ start, leadTime: 'HOURS_24', dayBeforeTime: '18:00', now })).toEqual(
      at('2027-01-11T14:00:00Z'),
    );
  });

  it('moves a reminder due in the quiet hours to 08:00 (an appointment at 07:30 → 08:00 the day before)', () => {
    const start = at('2027-01-12T06:30:00Z'); // 07:30 CET
    expect(reminderSendTime({ start, leadTime: 'HOURS_24', dayBeforeTime: '18:00', now })).toEqual(
      at('2027-01-11T07:00:00Z'),
    );
  });

  it('sends at once an appointment made at short notice, out of the quiet hours', () => {
    const start = at('2027-01-10T15:00:00Z');
    expect(reminderSendTime({ start, leadTime: 'HOURS_24', dayBeforeTime: '18:00', now })).toEqual(now);
    const lateNow = at('2027-01-10T21:00:00Z'); // 22:00 CET; appointment tomorrow 09:30 CET
    expect(
      reminderSendTime({
        start: at('2027-01-11T08:30:00Z'),
        leadTime: 'HOURS_24',
        dayBeforeTime: '18:00',
        now: lateNow,
      }),
    ).toEqual(at('2027-01-11T07:00:00Z'));
  });

  it('gives none for an appointment already started or one the quiet hours leave no time for', () => {
    expect(reminderSendTime({ start: now, leadTime: 'HOURS_24', dayBeforeTime: '18:00', now })).toBeNull();
    const lateNow = at('2027-01-10T21:00:00Z'); // 22:00 CET; appointment tomorrow 07:45 CET
    expect(
      reminderSendTime({
        start: at('2027-01-11T06:45:00Z'),
        leadTime: 'HOURS_24',
        dayBeforeTime: '18:00',
        now: lateNow,
      }),
    ).toBeNull();
  });

  it("takes a server's own quiet hours, and none when they start and end at the same time", () => {
    const start = new Date('2027-03-11T20:30:00.000Z'); // 21:30 in Rome
    const now = new Date('2027-03-10T21:30:00.000Z'); // 22:30 in Rome, 23 hours before
    const base = { start, leadTime: 'HOURS_24' as const, dayBeforeTime: '18:00', now };
    expect(reminderSendTime(base)?.toISOString()).toBe('2027-03-11T07:00:00.000Z'); // 08:00 in Rome
    expect(reminderSendTime({ ...base, quiet: parseQuietHours('00:00-00:00') })?.toISOString()).toBe(now.toISOString());
    expect(reminderSendTime({ ...base, quiet: parseQuietHours('22:00-23:00') })?.toISOString()).toBe(
      '2027-03-10T22:00:00.000Z',
    );
  });
});
