import { describe, expect, it } from 'vitest';
import { fromRomeWall } from '../calendar/time-zone.ts';
import { romeClockOf } from './booking-format.ts';
import { type BusyEventRow, type BusyInterval, busyIntervalsOfEvents } from './busy-intervals.ts';
import { type FreeSlotsDay, type FreeSlotsInput, freeSlots } from './slots.ts';

/** An instant from a Rome wall time 'YYYY-MM-DD HH:mm' (the earlier one when it happens twice). */
const rome = (text: string): number =>
  fromRomeWall(
    Date.UTC(
      Number(text.slice(0, 4)),
      Number(text.slice(5, 7)) - 1,
      Number(text.slice(8, 10)),
      Number(text.slice(11, 13)),
      Number(text.slice(14, 16)),
    ),
  );
const busy = (from: string, to: string): BusyInterval => [rome(from), rome(to)];

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

/** Monday 1 March 2027, a plain working day (no holiday, no clock change). */
const monday = '2027-03-01';

const input = (over: Partial<FreeSlotsInput> = {}): FreeSlotsInput => ({
  service: { durationMinutes: 60, staffMemberIds: ['anna'], clinicRoomIds: [], medicalDeviceIds: [] },
  settings: { slotStepMinutes: 30, bufferMinutes: 0, minNoticeMinutes: 0, horizonDays: 365, closedOnHolidays: true },
  staff: { anna: { hours: [{ weekday: 1, start: '09:00', end: '13:00' }], exceptions: [] } },
  now: Date.UTC(2026, 10, 1),
  from: monday,
  to: monday,
  busy: { staff: {}, rooms: {}, devices: {} },
  ...over,
});

/** What a person reads: per Rome date, the Rome clock times offered. */
const clocks = (days: FreeSlotsDay[]): Record<string, string[]> =>
  Object.fromEntries(days.map((d) => [d.date, d.slots.map((s) => romeClockOf(s.start))]));

describe('freeSlots: working hours and steps', () => {
  it('offers every step of a window whose appointment ends by the window end', () => {
    expect(clocks(freeSlots(input()))).toEqual({
      [monday]: ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'],
    });
  });

  it('aligns the starts on each window of the day and leaves out the days without hours', () => {
    const days = freeSlots(
      input({
        settings: {
          slotStepMinutes: 45,
          bufferMinutes: 0,
          minNoticeMinutes: 0,
          horizonDays: 365,
          closedOnHolidays: true,
        },
        staff: {
          anna: {
            hours: [
              { weekday: 1, start: '09:00', end: '11:00' },
              { weekday: 1, start: '14:10', end: '16:00' },
              { weekday: 3, start: '09:00', end: '10:00' },
            ],
            exceptions: [],
          },
        },
        to: '2027-03-07',
      }),
    );
    expect(clocks(days)).toEqual({
      '2027-03-01': ['09:00', '09:45', '14:10', '14:55'],
      '2027-03-03': ['09:00'],
    });
  });

  it('gives the starts as UTC instants (winter: Rome is UTC+1)', () => {
    expect(freeSlots(input())[0]?.slots[0]).toEqual({ start: '2027-03-01T08:00:00.000Z', staffMemberIds: ['anna'] });
  });
});

describe('freeSlots: the clock changes', () => {
  const dstInput = (date: string) =>
    input({
      // the spring change of 2027 falls on Easter Sunday: holidays open here, the holiday rule has its own tests
      settings: {
        slotStepMinutes: 30,
        bufferMinutes: 0,
        minNoticeMinutes: 0,
        horizonDays: 365,
        closedOnHolidays: false,
      },
      staff: {
        anna: {
          hours: [...everyDay('01:00', '04:00'), ...everyDay('08:00', '12:00')],
          exceptions: [],
        },
      },
      from: date,
      to: date,
    });

  it('last Sunday of March 2027: 08:00–12:00 stays 08:00–12:00, and 02:00–02:59 (which does not exist) is never offered', () => {
    const days = freeSlots(dstInput('2027-03-28'));
    expect(clocks(days)).toEqual({
      // 01:00–04:00 lasts two real hours that night: 01:00 and 01:30 CET, then 03:00 CEST (ends 04:00)
      '2027-03-28': ['01:00', '01:30', '03:00', '08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00'],
    });
    const starts = days[0]?.slots.map((s) => s.start);
    expect(starts?.slice(0, 3)).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ]);
    // 08:00 is summer time (UTC+2) that morning, winter time (UTC+1) the day before
    expect(starts?.[3]).toBe('2027-03-28T06:00:00.000Z');
    const saturday = freeSlots(dstInput('2027-03-27'))[0]?.slots ?? [];
    expect(saturday.map((s) => romeClockOf(s.start)).slice(0, 6)).toEqual([
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '08:00',
    ]);
    expect(saturday[5]?.start).toBe('2027-03-27T07:00:00.000Z');
  });

  it('last Sunday of October 2026: 02:00–02:59 happens twice and is offered once (summer time), 08:00–12:00 unchanged', () => {
    const days = freeSlots(input({ ...dstInput('2026-10-25'), now: Date.UTC(2026, 9, 1) }));
    expect(clocks(days)).toEqual({
      '2026-10-25': [
        '01:00',
        '01:30',
        '02:00',
        '02:30',
        '03:00',
        '08:00',
        '08:30',
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
      ],
    });
    expect(days[0]?.slots.slice(0, 5).map((s) => s.start)).toEqual([
      '2026-10-24T23:00:00.000Z', // 01:00 CEST
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:00:00.000Z', // 02:00 CEST, the first of the two
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:00:00.000Z', // 03:00 CET: the window's four real hours end at 04:00 CET
    ]);
    expect(days[0]?.slots[5]?.start).toBe('2026-10-25T07:00:00.000Z'); // 08:00 CET
  });
});

describe('freeSlots: what is already taken', () => {
  it('keeps the buffer around the staff member’s appointments', () => {
    const base = {
      service: { durationMinutes: 30, staffMemberIds: ['anna'], clinicRoomIds: [], medicalDeviceIds: [] },
      busy: { staff: { anna: [busy(`${monday} 10:00`, `${monday} 11:00`)] }, rooms: {}, devices: {} },
    };
    const settings = { slotStepMinutes: 15, minNoticeMinutes: 0, horizonDays: 365, closedOnHolidays: true };
    expect(clocks(freeSlots(input({ ...base, settings: { ...settings, bufferMinutes: 0 } })))[monday]).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
    ]);
    // 15 minutes free before and after: 09:15–09:45 ends 15 minutes before 10:00; 11:15 starts 15 minutes after 11:00
    expect(clocks(freeSlots(input({ ...base, settings: { ...settings, bufferMinutes: 15 } })))[monday]).toEqual([
      '09:00',
      '09:15',
      '11:15',
      '11:30',
      '11:45',
      '12:00',
      '12:15',
      '12:30',
    ]);
  });

  it('reads busy intervals unsorted and overlapping, and another staff member’s appointments do not matter', () => {
    const days = freeSlots(
      input({
        busy: {
          staff: {
            anna: [
              busy(`${monday} 12:00`, `${monday} 12:30`),
              busy(`${monday} 09:00`, `${monday} 09:45`),
              busy(`${monday} 09:30`, `${monday} 10:00`),
            ],
            bruno: [busy(`${monday} 10:00`, `${monday} 13:00`)],
          },
          rooms: {},
          devices: {},
        },
      }),
    );
    expect(clocks(days)[monday]).toEqual(['10:00', '10:30', '11:00']);
  });

  it('needs one of the service’s rooms free for the whole appointment', () => {
    const days = freeSlots(
      input({
        service: {
          durationMinutes: 30,
          staffMemberIds: ['anna'],
          clinicRoomIds: ['roomA', 'roomB'],
          medicalDeviceIds: [],
        },
        staff: { anna: { hours: [{ weekday: 1, start: '09:00', end: '11:00' }], exceptions: [] } },
        busy: {
          staff: {},
          rooms: {
            roomA: [busy(`${monday} 09:00`, `${monday} 10:00`)],
            roomB: [busy(`${monday} 09:30`, `${monday} 10:30`)],
            roomC: [busy(`${monday} 09:00`, `${monday} 11:00`)], // not the service's room
          },
          devices: {},
        },
      }),
    );
    // 09:00 in room B, 09:30 both taken, from 10:00 room A
    expect(clocks(days)[monday]).toEqual(['09:00', '10:00', '10:30']);
  });

  it('needs every device of the service free', () => {
    const days = freeSlots(
      input({
        service: {
          durationMinutes: 30,
          staffMemberIds: ['anna'],
          clinicRoomIds: [],
          medicalDeviceIds: ['laser', 'tecar'],
        },
        staff: { anna: { hours: [{ weekday: 1, start: '09:00', end: '11:00' }], exceptions: [] } },
        busy: {
          staff: {},
          rooms: {},
          devices: {
            laser: [busy(`${monday} 09:00`, `${monday} 10:00`)],
            tecar: [busy(`${monday} 10:00`, `${monday} 10:30`)],
          },
        },
      }),
    );
    expect(clocks(days)[monday]).toEqual(['10:30']);
  });
});

describe('freeSlots: notice and horizon', () => {
  it('offers nothing sooner than the minimum notice', () => {
    const days = freeSlots(
      input({
        now: rome(`${monday} 08:10`),
        settings: {
          slotStepMinutes: 30,
          bufferMinutes: 0,
          minNoticeMinutes: 120,
          horizonDays: 60,
          closedOnHolidays: true,
        },
      }),
    );
    expect(clocks(days)[monday]).toEqual(['10:30', '11:00', '11:30', '12:00']);
  });

  it('offers nothing in the past of today', () => {
    const days = freeSlots(input({ now: rome(`${monday} 10:05`) }));
    expect(clocks(days)[monday]).toEqual(['10:30', '11:00', '11:30', '12:00']);
  });

  it('stops before 00:00 of today + horizonDays (Rome), whatever the asked window', () => {
    const days = freeSlots(
      input({
        staff: { anna: { hours: everyDay('09:00', '10:00'), exceptions: [] } },
        now: rome(`${monday} 23:30`),
        settings: {
          slotStepMinutes: 30,
          bufferMinutes: 0,
          minNoticeMinutes: 0,
          horizonDays: 3,
          closedOnHolidays: true,
        },
        from: '2027-02-20',
        to: '2027-03-31',
      }),
    );
    expect(Object.keys(clocks(days))).toEqual(['2027-03-02', '2027-03-03']);
  });
});

describe('freeSlots: holidays and exceptions', () => {
  const holidayInput = (exceptions: FreeSlotsInput['staff'][string]['exceptions'], closedOnHolidays = true) =>
    input({
      staff: { anna: { hours: everyDay('09:00', '11:00'), exceptions } },
      settings: { slotStepMinutes: 60, bufferMinutes: 0, minNoticeMinutes: 0, horizonDays: 365, closedOnHolidays },
      from: '2027-03-28',
      to: '2027-04-26',
    });

  it('closes Easter Monday 2027 and 25 Aprile, the days around them stay open', () => {
    const dates = Object.keys(clocks(freeSlots(holidayInput([]))));
    expect(dates).not.toContain('2027-03-28'); // Pasqua
    expect(dates).not.toContain('2027-03-29'); // Lunedì dell'Angelo
    expect(dates).not.toContain('2027-04-25'); // Festa della Liberazione
    expect(dates).toContain('2027-03-30');
    expect(dates).toContain('2027-04-24');
    expect(dates).toContain('2027-04-26');
  });

  it('opens holidays when the studio does not close them', () => {
    const days = clocks(freeSlots(holidayInput([], false)));
    expect(days['2027-03-29']).toEqual(['09:00', '10:00']);
    expect(days['2027-04-25']).toEqual(['09:00', '10:00']);
  });

  it('opens a holiday for a staff member with an OPEN exception: its hours, or the usual ones without hours', () => {
    const days = clocks(
      freeSlots(
        holidayInput([
          { date: '2027-04-25', kind: 'OPEN', start: '15:00', end: '17:00' },
          { date: '2027-03-29', kind: 'OPEN', start: null, end: null },
        ]),
      ),
    );
    expect(days['2027-04-25']).toEqual(['15:00', '16:00']);
    expect(days['2027-03-29']).toEqual(['09:00', '10:00']);
    expect(days['2027-03-28']).toBeUndefined();
  });

  it('adds an OPEN exception’s hours to a working day', () => {
    const days = clocks(freeSlots(holidayInput([{ date: '2027-04-01', kind: 'OPEN', start: '18:00', end: '20:00' }])));
    expect(days['2027-04-01']).toEqual(['09:00', '10:00', '18:00', '19:00']);
  });

  it('takes off the hours of a CLOSED exception, or the whole day when it has none', () => {
    const days = clocks(
      freeSlots(
        input({
          staff: {
            anna: {
              hours: everyDay('09:00', '13:00'),
              exceptions: [
                { date: '2027-03-01', kind: 'CLOSED', start: '10:00', end: '11:30' },
                { date: '2027-03-02', kind: 'CLOSED', start: null, end: null },
              ],
            },
          },
          to: '2027-03-03',
        }),
      ),
    );
    // after the closed hours the starts align on 11:30, where the time left begins
    expect(days['2027-03-01']).toEqual(['09:00', '11:30', '12:00']);
    expect(days['2027-03-02']).toBeUndefined();
    expect(days['2027-03-03']).toHaveLength(7);
  });
});

describe('freeSlots: who', () => {
  const twoStaff = (staffMemberId?: string | null) =>
    freeSlots(
      input({
        service: { durationMinutes: 60, staffMemberIds: ['anna', 'bruno'], clinicRoomIds: [], medicalDeviceIds: [] },
        staff: {
          anna: { hours: [{ weekday: 1, start: '09:00', end: '11:00' }], exceptions: [] },
          bruno: { hours: [{ weekday: 1, start: '10:00', end: '12:00' }], exceptions: [] },
          carla: { hours: [{ weekday: 1, start: '08:00', end: '18:00' }], exceptions: [] },
        },
        busy: { staff: { bruno: [busy(`${monday} 10:00`, `${monday} 10:30`)] }, rooms: {}, devices: {} },
        staffMemberId,
      }),
    );

  it('"chiunque" merges the staff members of the service, each start once with who is free then', () => {
    const slots = twoStaff()[0]?.slots.map((s) => [romeClockOf(s.start), s.staffMemberIds]);
    expect(slots).toEqual([
      ['09:00', ['anna']],
      ['09:30', ['anna']],
      ['10:00', ['anna']],
      ['10:30', ['bruno']],
      ['11:00', ['bruno']],
    ]);
    expect(twoStaff(null)).toEqual(twoStaff());
  });

  it('a requested staff member: only theirs; someone who does not give the service: nothing', () => {
    expect(clocks(twoStaff('bruno'))).toEqual({ [monday]: ['10:30', '11:00'] });
    expect(twoStaff('carla')).toEqual([]);
  });

  it('a staff member of the service without hours offers nothing', () => {
    expect(freeSlots(input({ staff: {} }))).toEqual([]);
  });
});

describe('freeSlots with busy intervals from the calendar’s rows', () => {
  const none = { staffMemberId: null, clinicRoomId: null, medicalDeviceIds: [] as string[] };
  const at = (text: string) => new Date(rome(text));
  // a weekly series on Mondays 09:00–10:00 with anna; 8 March removed; 15 March moved to 15:00–16:00
  const rows: BusyEventRow[] = [
    {
      ...none,
      staffMemberId: 'anna',
      clinicRoomId: 'roomA',
      start: at('2027-03-01 09:00'),
      end: at('2027-03-01 10:00'),
      rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=10',
      exdates: [at('2027-03-08 09:00'), at('2027-03-15 09:00')],
    },
    {
      ...none,
      staffMemberId: 'anna',
      clinicRoomId: 'roomA',
      start: at('2027-03-15 15:00'),
      end: at('2027-03-15 16:00'),
      rrule: null,
      exdates: [],
    },
    // a single appointment of the device alone, and one outside the window
    {
      ...none,
      medicalDeviceIds: ['laser'],
      start: at('2027-03-22 11:00'),
      end: at('2027-03-22 12:00'),
      rrule: null,
      exdates: [],
    },
    {
      ...none,
      staffMemberId: 'anna',
      start: at('2027-05-03 09:00'),
      end: at('2027-05-03 10:00'),
      rrule: null,
      exdates: [],
    },
  ];
  const from = at('2027-03-01 00:00');
  const to = at('2027-04-06 00:00');
  const busyIntervals = busyIntervalsOfEvents(rows, from, to);

  it('expands the series in the window without the removed occurrence and with the moved one at its new time', () => {
    const shown = (list: readonly BusyInterval[] | undefined) =>
      (list ?? []).map(
        ([s, e]) =>
          `${new Date(s).toISOString()} ${romeClockOf(new Date(s).toISOString())}–${romeClockOf(new Date(e).toISOString())}`,
      );
    expect(shown(busyIntervals.staff.anna).sort()).toEqual([
      '2027-03-01T08:00:00.000Z 09:00–10:00',
      '2027-03-15T14:00:00.000Z 15:00–16:00',
      '2027-03-22T08:00:00.000Z 09:00–10:00',
      // after the spring change the series stays at 09:00 Rome
      '2027-03-29T07:00:00.000Z 09:00–10:00',
      '2027-04-05T07:00:00.000Z 09:00–10:00',
    ]);
    expect(shown(busyIntervals.rooms.roomA)).toHaveLength(5);
    expect(shown(busyIntervals.devices.laser)).toEqual(['2027-03-22T10:00:00.000Z 11:00–12:00']);
  });

  it('offers 09:00 on the removed and the moved Mondays, not on the others, and not 15:00 on the moved one', () => {
    const days = clocks(
      freeSlots(
        input({
          staff: { anna: { hours: [{ weekday: 1, start: '09:00', end: '17:00' }], exceptions: [] } },
          settings: {
            slotStepMinutes: 60,
            bufferMinutes: 0,
            minNoticeMinutes: 0,
            horizonDays: 365,
            closedOnHolidays: true,
          },
          from: '2027-03-01',
          to: '2027-03-22',
          busy: busyIntervals,
        }),
      ),
    );
    const all = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
    expect(days['2027-03-01']).toEqual(all.filter((t) => t !== '09:00'));
    expect(days['2027-03-08']).toEqual(all);
    expect(days['2027-03-15']).toEqual(all.filter((t) => t !== '15:00'));
    expect(days['2027-03-22']).toEqual(all.filter((t) => t !== '09:00'));
  });
});
