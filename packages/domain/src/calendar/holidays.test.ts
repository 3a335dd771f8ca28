import { describe, expect, it } from 'vitest';
import { easterSunday, italianHolidays } from './holidays.ts';

describe('Italian holidays', () => {
  it('computes Easter on the dates of the Church calendar', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
  });

  it('lists the twelve holidays of 2026 in date order, Easter Monday included', () => {
    const days = italianHolidays(2026);
    expect(days).toHaveLength(12);
    expect(days.slice(0, 4)).toEqual([
      { date: '2026-01-01', name: 'Capodanno' },
      { date: '2026-01-06', name: 'Epifania' },
      { date: '2026-04-05', name: 'Pasqua' },
      { date: '2026-04-06', name: "Lunedì dell'Angelo" },
    ]);
    expect(days.map((d) => d.date)).toContain('2026-08-15');
  });

  it('puts Easter Monday in April when Easter is on 31 March', () => {
    expect(italianHolidays(2024).find((d) => d.name === "Lunedì dell'Angelo")?.date).toBe('2024-04-01');
  });
});
