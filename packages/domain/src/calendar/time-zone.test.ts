import { describe, expect, it } from 'vitest';
import { fromRomeWall, toRomeWall } from './time-zone.ts';

/** Rome's wall time as the platform formats it, floating milliseconds: the reference. */
const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Rome',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});
const platformWall = (instant: number) => {
  const p: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second, p.fractionalSecond);
};

describe('Rome wall time from the cached offsets', () => {
  it('agrees with the platform on 20,000 instants from 1950 to 2100, milliseconds included', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1950, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const instant = Math.floor(from + random() * (to - from));
      if (toRomeWall(instant) !== platformWall(instant)) disagreements.push(new Date(instant).toISOString());
    }
    expect(disagreements).toEqual([]);
  });

  it('changes offset at the exact millisecond of the clock changes', () => {
    // 29 March 2026 02:00 → 03:00 (01:00 UTC); 25 October 2026 03:00 → 02:00 (01:00 UTC)
    const spring = Date.UTC(2026, 2, 29, 1);
    const autumn = Date.UTC(2026, 9, 25, 1);
    expect(toRomeWall(spring - 1) - (spring - 1)).toBe(3_600_000);
    expect(toRomeWall(spring) - spring).toBe(7_200_000);
    expect(toRomeWall(autumn - 1) - (autumn - 1)).toBe(7_200_000);
    expect(toRomeWall(autumn) - autumn).toBe(3_600_000);
    expect(fromRomeWall(Date.UTC(2026, 9, 25, 2, 30))).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });
});
