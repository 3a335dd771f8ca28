import { describe, expect, it } from 'vitest';
import { googleOAuthCallbackQuerySchema, googleRecurrenceOf, romeDateOf, romeMidnightOf } from './google-calendar.ts';

const at = (iso: string) => new Date(iso);

describe('recurrence sent to Google Calendar', () => {
  it('keeps a rule without an end as it is', () => {
    expect(googleRecurrenceOf({ rrule: 'FREQ=WEEKLY;INTERVAL=1', exdates: [], allDay: false })).toEqual([
      'RRULE:FREQ=WEEKLY;INTERVAL=1',
    ]);
  });

  it('turns a Rome wall-time UNTIL (the presets) into the UTC instant RFC 5545 requires with a time zone', () => {
    // 30 June 2027 23:59:59 in Rome is 21:59:59 UTC (summer time)
    expect(
      googleRecurrenceOf({ rrule: 'FREQ=DAILY;INTERVAL=1;UNTIL=20270630T235959', exdates: [], allDay: false }),
    ).toEqual(['RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20270630T215959Z']);
    // a date alone means the whole day in Rome (winter time: UTC+1)
    expect(googleRecurrenceOf({ rrule: 'FREQ=DAILY;UNTIL=20261231', exdates: [], allDay: false })).toEqual([
      'RRULE:FREQ=DAILY;UNTIL=20261231T225959Z',
    ]);
    // already UTC: unchanged
    expect(googleRecurrenceOf({ rrule: 'FREQ=DAILY;UNTIL=20261231T120000Z', exdates: [], allDay: false })).toEqual([
      'RRULE:FREQ=DAILY;UNTIL=20261231T120000Z',
    ]);
  });

  it('writes the exdates as Rome wall times, across a clock change, in order', () => {
    // 26 October 2026 10:00 Rome (winter, UTC+1) and 19 October 2026 10:00 Rome (summer, UTC+2)
    const lines = googleRecurrenceOf({
      rrule: 'FREQ=WEEKLY;COUNT=10',
      exdates: [at('2026-10-26T09:00:00Z'), at('2026-10-19T08:00:00Z')],
      allDay: false,
    });
    expect(lines).toEqual(['RRULE:FREQ=WEEKLY;COUNT=10', 'EXDATE;TZID=Europe/Rome:20261019T100000,20261026T100000']);
  });

  it('uses dates for an all-day series', () => {
    const lines = googleRecurrenceOf({
      rrule: 'FREQ=WEEKLY;UNTIL=20261231T235959',
      exdates: [at('2026-11-08T23:00:00Z')],
      allDay: true,
    });
    expect(lines).toEqual(['RRULE:FREQ=WEEKLY;UNTIL=20261231', 'EXDATE;VALUE=DATE:20261109']);
  });
});

describe('Rome dates of Google all-day events', () => {
  it('maps a date to its Rome midnight and back', () => {
    expect(romeMidnightOf('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(romeMidnightOf('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(romeDateOf(at('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('OAuth callback query', () => {
  it('accepts a signed state and refuses anything else', () => {
    const state = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
    expect(googleOAuthCallbackQuerySchema.safeParse({ state, code: '4/0Ab-x', scope: 'x' }).success).toBe(true);
    expect(googleOAuthCallbackQuerySchema.safeParse({ state: "' OR 1=1", code: 'x' }).success).toBe(false);
  });
});
