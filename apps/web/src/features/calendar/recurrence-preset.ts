import { checkRecurrenceRule, presetRule, type RecurrenceFrequency } from '@studiolo/domain/calendar';
import type { IsoDay } from './calendar-dates.ts';

/** spec part 1 §9: presets every day, week, month; the end never, on a date, or after N times. */
export type RecurrenceChoice = 'NONE' | RecurrenceFrequency;
export type RecurrenceEnd = 'NEVER' | 'UNTIL' | 'COUNT';
export type RecurrencePreset = {
  frequency: RecurrenceChoice;
  end: RecurrenceEnd;
  /** The last day (included) when end is UNTIL. */
  until: IsoDay | null;
  /** How many times when end is COUNT. */
  count: number;
};

export const noRecurrence: RecurrencePreset = { frequency: 'NONE', end: 'NEVER', until: null, count: 10 };

export const recurrenceChoiceLabels: Record<RecurrenceChoice, string> = {
  NONE: 'Nessuna',
  DAILY: 'Ogni giorno',
  WEEKLY: 'Ogni settimana',
  MONTHLY: 'Ogni mese',
};
export const recurrenceEndLabels: Record<RecurrenceEnd, string> = {
  NEVER: 'Mai',
  UNTIL: 'In una data',
  COUNT: 'Dopo un numero di volte',
};

/** The RRULE of a preset (null for none); an end missing its date falls back to "never". */
export const ruleOfPreset = (p: RecurrencePreset): string | null => {
  if (p.frequency === 'NONE') return null;
  if (p.end === 'COUNT') return presetRule(p.frequency, { count: Math.max(1, Math.floor(p.count)) });
  if (p.end === 'UNTIL' && p.until) return presetRule(p.frequency, { until: p.until });
  return presetRule(p.frequency, null);
};

/**
 * The preset a stored rule reads as, to show an appointment's recurrence in the dialog. A rule the presets cannot
 * express (an interval above 1, a weekday) is kept as it is: `custom` carries it unchanged.
 */
export const presetOfRule = (rrule: string | null | undefined): RecurrencePreset & { custom: string | null } => {
  if (!rrule) return { ...noRecurrence, custom: null };
  const check = checkRecurrenceRule(rrule);
  if (!check.ok) return { ...noRecurrence, custom: rrule };
  const parts = new Map(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const custom = interval !== 1 || parts.has('BYDAY') || parts.has('BYMONTHDAY') ? rrule : null;
  const until = parts.get('UNTIL');
  const count = parts.get('COUNT');
  return {
    frequency: check.frequency,
    end: count ? 'COUNT' : until ? 'UNTIL' : 'NEVER',
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : null,
    count: count ? Number(count) : 10,
    custom,
  };
};

const frequencyWords: Record<RecurrenceFrequency, string> = {
  DAILY: 'ogni giorno',
  WEEKLY: 'ogni settimana',
  MONTHLY: 'ogni mese',
};

/** "Si ripete ogni settimana, 10 volte" — how a series reads in the dialog. */
export const describeRule = (rrule: string | null | undefined): string | null => {
  if (!rrule) return null;
  const p = presetOfRule(rrule);
  if (p.frequency === 'NONE') return 'Si ripete';
  const base = `Si ripete ${frequencyWords[p.frequency]}`;
  if (p.end === 'COUNT') return `${base}, ${p.count} ${p.count === 1 ? 'volta' : 'volte'}`;
  if (p.end === 'UNTIL' && p.until)
    return `${base} fino al ${p.until.slice(8, 10)}-${p.until.slice(5, 7)}-${p.until.slice(0, 4)}`;
  return base;
};
