import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/field-messages.ts';
import { staffInviteInputSchema, staffUpdateInputSchema } from './staff.schema.ts';

const invite = { name: 'Anna', lastname: 'Bianchi', email: 'anna@example.it', role: 'ROLE_STAFF_ADMIN' };

describe('staff input', () => {
  it('keeps a name to Latin characters, trimmed', () => {
    expect(staffInviteInputSchema.parse({ ...invite, name: '  Zoë “Anna” ' }).name).toBe('Zoë "Anna"');
  });

  it('refuses a name over two lines or with a control character, with the shared message (decision 033)', () => {
    const broken = staffUpdateInputSchema.safeParse({ name: 'Anna\nMaria', lastname: 'Bianchi' });
    expect(broken.error?.issues[0]?.message).toBe(fieldMessages.lineBreak);
    const control = staffInviteInputSchema.safeParse({ ...invite, lastname: 'Bian\u0007chi' });
    expect(control.error?.issues[0]?.message).toBe(fieldMessages.controlCharacters);
  });

  it('refuses a name longer than 100 characters', () => {
    expect(staffUpdateInputSchema.safeParse({ name: 'A'.repeat(101), lastname: 'Bianchi' }).success).toBe(false);
  });
});
