import { describe, expect, it } from 'vitest';
import { reminderSettingsSchema } from './reminder-settings.schema.ts';
import { defaultReminderText } from './reminder-text.ts';

const valid = {
  enabled: true,
  leadTime: 'DAY_BEFORE',
  dayBeforeTime: '18:00',
  channel: 'SMS_EMAIL',
  text: defaultReminderText,
  lowBalanceThreshold: 20,
};

describe('reminder settings', () => {
  it('accepts the defaults', () => {
    expect(reminderSettingsSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a text with an unknown token, naming it and the valid ones', () => {
    const r = reminderSettingsSchema.safeParse({ ...valid, text: 'Ciao {nom}' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('{nom}');
    expect(r.error?.issues[0]?.message).toContain('{indirizzo}');
  });

  it('refuses a fixed hour in the quiet hours, an empty or too long text and a negative threshold', () => {
    for (const bad of [
      { dayBeforeTime: '21:00' },
      { dayBeforeTime: '07:59' },
      { dayBeforeTime: '25:00' },
      { text: '   ' },
      { text: 'x'.repeat(501) },
      { lowBalanceThreshold: -1 },
      { leadTime: 'HOURS_12' },
      { channel: 'WHATSAPP' },
    ])
      expect(reminderSettingsSchema.safeParse({ ...valid, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});
