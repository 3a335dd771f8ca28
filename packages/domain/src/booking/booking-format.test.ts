import { describe, expect, it } from 'vitest';
import { groupSlotsByPartOfDay, maskEmail, maskMobile, romeClockOf } from './booking-format.ts';

describe('maskMobile', () => {
  it('shows the last three digits only, whatever the spacing', () => {
    expect(maskMobile('+39 333 123 4567')).toBe('•••• 567');
    expect(maskMobile('3331234567')).toBe('•••• 567');
  });

  it('hides a number too short to be one', () => {
    expect(maskMobile('12 34')).toBe('••••');
  });
});

describe('maskEmail', () => {
  it('shows the first character of the name and the whole domain', () => {
    expect(maskEmail('mario.rossi@esempio.it')).toBe('m•••@esempio.it');
    expect(maskEmail('  A@b.it ')).toBe('A•••@b.it');
  });

  it('hides everything of something that is not an address', () => {
    expect(maskEmail('mario.rossi')).toBe('•••');
    expect(maskEmail('@esempio.it')).toBe('•••');
  });
});

describe('groupSlotsByPartOfDay', () => {
  const slot = (start: string) => ({ start, staffMemberIds: ['anna'] });

  it('puts the starts before 13:00 Rome time in Mattina and the others in Pomeriggio, in summer and in winter', () => {
    const summer = [
      slot('2026-06-15T06:30:00.000Z'), // 08:30
      slot('2026-06-15T10:45:00.000Z'), // 12:45
      slot('2026-06-15T11:00:00.000Z'), // 13:00
      slot('2026-06-15T16:00:00.000Z'), // 18:00
    ];
    expect(groupSlotsByPartOfDay(summer).map((g) => [g.label, g.slots.map((s) => romeClockOf(s.start))])).toEqual([
      ['Mattina', ['08:30', '12:45']],
      ['Pomeriggio', ['13:00', '18:00']],
    ]);
    // 12:30 UTC is 13:30 in Rome in winter
    expect(
      groupSlotsByPartOfDay([slot('2026-12-14T11:30:00.000Z'), slot('2026-12-14T12:30:00.000Z')]).map((g) => g.part),
    ).toEqual(['morning', 'afternoon']);
  });

  it('leaves out a part of the day without slots', () => {
    expect(groupSlotsByPartOfDay([slot('2026-12-14T15:00:00.000Z')]).map((g) => g.label)).toEqual(['Pomeriggio']);
    expect(groupSlotsByPartOfDay([])).toEqual([]);
  });
});
