import { checkRecurrenceRule } from '@studiolo/domain/calendar';
import { describe, expect, it } from 'vitest';
import { describeRule, noRecurrence, presetOfRule, ruleOfPreset } from './recurrence-preset.ts';

describe('recurrence presets (spec part 1 §9: every day, week, month)', () => {
  it('gives no rule for "Nessuna"', () => {
    expect(ruleOfPreset(noRecurrence)).toBeNull();
  });

  it('writes every day, week and month with interval 1 and no end', () => {
    expect(ruleOfPreset({ ...noRecurrence, frequency: 'DAILY' })).toBe('FREQ=DAILY;INTERVAL=1');
    expect(ruleOfPreset({ ...noRecurrence, frequency: 'WEEKLY' })).toBe('FREQ=WEEKLY;INTERVAL=1');
    expect(ruleOfPreset({ ...noRecurrence, frequency: 'MONTHLY' })).toBe('FREQ=MONTHLY;INTERVAL=1');
  });

  it('ends after N times with COUNT', () => {
    expect(ruleOfPreset({ frequency: 'WEEKLY', end: 'COUNT', until: null, count: 10 })).toBe(
      'FREQ=WEEKLY;INTERVAL=1;COUNT=10',
    );
  });

  it('ends on a date with UNTIL at the end of that day', () => {
    expect(ruleOfPreset({ frequency: 'DAILY', end: 'UNTIL', until: '2027-03-31', count: 10 })).toBe(
      'FREQ=DAILY;INTERVAL=1;UNTIL=20270331T235959',
    );
  });

  it('falls back to no end when the end date is missing', () => {
    expect(ruleOfPreset({ frequency: 'MONTHLY', end: 'UNTIL', until: null, count: 10 })).toBe(
      'FREQ=MONTHLY;INTERVAL=1',
    );
  });

  it('writes only rules the server accepts (not yearly, one weekday at most)', () => {
    for (const frequency of ['DAILY', 'WEEKLY', 'MONTHLY'] as const)
      for (const end of ['NEVER', 'UNTIL', 'COUNT'] as const) {
        const rule = ruleOfPreset({ frequency, end, until: '2027-12-31', count: 5 });
        expect(rule && checkRecurrenceRule(rule).ok).toBe(true);
      }
  });

  it('reads a stored rule back as its preset', () => {
    expect(presetOfRule('FREQ=WEEKLY;INTERVAL=1;COUNT=10')).toMatchObject({
      frequency: 'WEEKLY',
      end: 'COUNT',
      count: 10,
      custom: null,
    });
    expect(presetOfRule('FREQ=DAILY;INTERVAL=1;UNTIL=20270331T235959')).toMatchObject({
      frequency: 'DAILY',
      end: 'UNTIL',
      until: '2027-03-31',
    });
  });

  it('keeps a rule the presets cannot express as it is', () => {
    expect(presetOfRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO').custom).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO');
  });

  it('describes a series in Italian', () => {
    expect(describeRule('FREQ=WEEKLY;INTERVAL=1;COUNT=10')).toBe('Si ripete ogni settimana, 10 volte');
    expect(describeRule('FREQ=DAILY;INTERVAL=1;UNTIL=20270331T235959')).toBe(
      'Si ripete ogni giorno fino al 31-03-2027',
    );
    expect(describeRule('FREQ=MONTHLY;INTERVAL=1')).toBe('Si ripete ogni mese');
    expect(describeRule(null)).toBeNull();
  });
});
