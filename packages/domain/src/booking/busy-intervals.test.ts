import { describe, expect, it } from 'vitest';
import { type BusyInterval, busyIndexOf, isFreeIn } from './busy-intervals.ts';

describe('busy index', () => {
  it('answers as a scan of every interval would, on random unsorted overlapping intervals', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    for (let round = 0; round < 50; round++) {
      const intervals: BusyInterval[] = [];
      for (let i = random(40); i > 0; i--) {
        const start = random(1000);
        intervals.push([start, start + random(60)]); // some empty ones too
      }
      const index = busyIndexOf(intervals);
      for (let q = 0; q < 200; q++) {
        const start = random(1100) - 50;
        const end = start + 1 + random(80);
        const scan = intervals.every(([s, e]) => e <= s || e <= start || s >= end);
        expect(isFreeIn(index, start, end), `[${start}, ${end}) in ${JSON.stringify(intervals)}`).toBe(scan);
      }
    }
  });

  it('treats touching intervals as free: an appointment may start when the previous one ends', () => {
    const index = busyIndexOf([[10, 20]]);
    expect(isFreeIn(index, 20, 30)).toBe(true);
    expect(isFreeIn(index, 0, 10)).toBe(true);
    expect(isFreeIn(index, 19, 21)).toBe(false);
    expect(isFreeIn(busyIndexOf(undefined), 0, 10)).toBe(true);
  });
});
