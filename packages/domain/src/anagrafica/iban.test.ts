import { describe, expect, it } from 'vitest';
import { coordinateBancarieSchema } from './address.ts';
import { isValidIban, italianCin, normalizeIban } from './iban.ts';

describe('IBAN', () => {
  it('accepts a real Italian IBAN with right check digits and CIN', () => {
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
  });

  it('refuses IT61X0542811101000000123456, whose check digits are wrong (its shape alone was accepted before)', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
  });

  it('refuses an Italian IBAN whose CIN letter does not match ABI, CAB and account', () => {
    // same BBAN with CIN Y instead of X: recompute the check digits so that only the CIN is wrong
    const withCin = (cin: string) => {
      const bban = `${cin}0542811101000000123456`;
      for (let cd = 2; cd <= 98; cd++) {
        const candidate = `IT${String(cd).padStart(2, '0')}${bban}`;
        if (isValidIbanDigitsOnly(candidate)) return candidate;
      }
      return '';
    };
    const wrongCin = withCin('Y');
    expect(wrongCin).not.toBe('');
    expect(isValidIban(wrongCin)).toBe(false);
  });

  it('computes the CIN letter of ABI 05428, CAB 11101, account 000000123456 as X', () => {
    expect(italianCin('0542811101000000123456')).toBe('X');
  });

  it('refuses an Italian IBAN of the wrong length and a foreign one of its country’s wrong length', () => {
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
  });

  it('accepts IBANs of other countries with right check digits', () => {
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
  });

  it('refuses shapes outside 15 to 34 characters or with symbols', () => {
    expect(isValidIban('IT60X05428')).toBe(false);
    expect(isValidIban('IT60-X0542811101000000123456')).toBe(false);
  });

  it('makes the bank details (studio and invoices) refuse a wrong IBAN with "IBAN non valido", empty becoming null', () => {
    const r = coordinateBancarieSchema.safeParse({ iban: 'IT61X0542811101000000123456' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['iban', 'IBAN non valido']]);
    expect(coordinateBancarieSchema.parse({ iban: ' it60 x054 2811 1010 0000 0123 456' }).iban).toBe(
      'IT60X0542811101000000123456',
    );
    expect(coordinateBancarieSchema.parse({ iban: '' }).iban).toBe(null);
  });

  it('normalizes spaces and case as a person types them', () => {
    expect(normalizeIban(' it60 x054 2811 1010 0000 0123 456 ')).toBe('IT60X0542811101000000123456');
  });
});

/** mod-97 only, to build a test IBAN whose sole fault is the CIN. */
const isValidIbanDigitsOnly = (iban: string) => {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = [...moved].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  return BigInt(digits) % 97n === 1n;
};
