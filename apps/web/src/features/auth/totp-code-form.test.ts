import { authMessages } from '@studiolo/domain/auth';
import { fieldMessages } from '@studiolo/domain/shared';
import { describe, expect, it } from 'vitest';
import { totpCodeFormSchema } from './totp-code-form.ts';

const messageFor = (code: string) => totpCodeFormSchema.safeParse({ code }).error?.issues.map((i) => i.message);

describe('the form of a two-step code', () => {
  it('says "Campo obbligatorio" when the code is left empty (or only spaces)', () => {
    expect(messageFor('')).toEqual([fieldMessages.required]);
    expect(messageFor('   ')).toEqual([fieldMessages.required]);
  });

  it('says "Codice di verifica non valido" when the code is not six digits', () => {
    expect(messageFor('123')).toEqual([authMessages.totpInvalid]);
    expect(messageFor('12345a')).toEqual([authMessages.totpInvalid]);
    expect(messageFor('1234567')).toEqual([authMessages.totpInvalid]);
  });

  it('accepts six digits, trimmed', () => {
    expect(totpCodeFormSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
