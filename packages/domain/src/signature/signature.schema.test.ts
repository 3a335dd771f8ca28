import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../shared/field-messages.ts';
import { ageOn, maskPhone, signatureCreateSchema, signerSchema } from './index.ts';

describe('signature rules', () => {
  it('shows only the last three digits of the phone the code goes to', () => {
    expect(maskPhone('+39 347 1234567')).toBe('*********567');
    expect(maskPhone('347-123')).toBe('***123');
  });

  it('counts whole years of age (a minor turns 18 on the birthday, not before)', () => {
    expect(ageOn('2008-11-25', '2026-11-24')).toBe(17);
    expect(ageOn('2008-11-25', '2026-11-25')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('needs at least one template and at most ten, a valid phone when given, and a period of 1 to 90 days', () => {
    const base = {
      pazienteId: '6f1c8e1a-0000-4000-8000-000000000001',
      templateIds: ['6f1c8e1a-0000-4000-8000-000000000002'],
    };
    expect(signatureCreateSchema.parse(base)).toMatchObject({ cellulare: null, email: null });
    expect(signatureCreateSchema.safeParse({ ...base, templateIds: [] }).error?.issues[0]?.message).toBe(
      'Seleziona almeno un modulo da firmare.',
    );
    expect(signatureCreateSchema.safeParse({ ...base, cellulare: 'abc' }).error?.issues[0]?.message).toBe(
      'Numero non valido',
    );
    expect(signatureCreateSchema.safeParse({ ...base, scadenzaGiorni: 91 }).success).toBe(false);
  });
});

describe('signer input', () => {
  it('keeps a signer’s name to one line of the shared string rule (decision 033), trimmed', () => {
    expect(signerSchema.parse({ nome: ' Anna ', cognome: 'Rossi' })).toMatchObject({ nome: 'Anna', cognome: 'Rossi' });
    const issues = signerSchema.safeParse({ nome: 'Anna\nMaria', cognome: 'Ros\u0000si' }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['nome', fieldMessages.lineBreak],
      ['cognome', fieldMessages.controlCharacters],
    ]);
  });
});
