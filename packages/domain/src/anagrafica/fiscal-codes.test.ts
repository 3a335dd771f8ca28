import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleCheckChar,
  isValidPartitaIva,
  isValidPersonalCodiceFiscale,
  isValidStudioCodiceFiscale,
} from './fiscal-codes.ts';

describe('fiscal codes', () => {
  it('accepts a personal fiscal code whose check character is right', () => {
    expect(isValidPersonalCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(codiceFiscaleCheckChar('RSSMRA85T10A562')).toBe('S');
  });
  it('rejects a fiscal code whose check character is wrong', () => {
    expect(isValidPersonalCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
  });
  it('accepts an omocodia code with substitute letters and its own check character', () => {
    // RSSMRA85T10A562S with the last digit 2 → N (omocodia), check recomputed
    const first15 = 'RSSMRA85T10A56N';
    expect(isValidPersonalCodiceFiscale(first15 + codiceFiscaleCheckChar(first15))).toBe(true);
  });
  it('checks the partita IVA check digit', () => {
    expect(isValidPartitaIva('01234567897')).toBe(true);
    expect(isValidPartitaIva('01234567890')).toBe(false);
    expect(isValidPartitaIva('1234567890')).toBe(false);
  });
  it('takes an 11-digit code for a studio', () => {
    expect(isValidStudioCodiceFiscale('01234567897')).toBe(true);
    expect(isValidStudioCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidStudioCodiceFiscale('RSSMRA85T10A562')).toBe(false);
  });
});
