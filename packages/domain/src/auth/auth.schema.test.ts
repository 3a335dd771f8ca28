import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/field-messages.ts';
import { updateUserInputSchema } from './auth.schema.ts';

describe('a user’s name', () => {
  it('is kept to Latin characters and trimmed', () => {
    expect(updateUserInputSchema.parse({ nome: ' Zoë ', cognome: 'D’Amico' })).toEqual({
      nome: 'Zoë',
      cognome: "D'Amico",
    });
  });

  it('is one line of the shared string rule, at most 100 characters (decision 033)', () => {
    const issues = updateUserInputSchema.safeParse({ nome: 'Anna\nMaria', cognome: 'Ros\u0007si' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nome', fieldMessages.lineBreak],
      ['cognome', fieldMessages.controlCharacters],
    ]);
    expect(updateUserInputSchema.safeParse({ nome: 'A'.repeat(101), cognome: 'Rossi' }).success).toBe(false);
  });
});
