import { describe, expect, it } from 'vitest';
import { checkCodiceDestinatario, normalizeCodiceDestinatario } from './codice-destinatario.ts';

describe('checkCodiceDestinatario', () => {
  it('accepts seven characters for a private party, including seven zeros for an unknown code', () => {
    expect(checkCodiceDestinatario('M5UXCR1', false)).toBeNull();
    expect(checkCodiceDestinatario('0000000', false)).toBeNull();
  });

  it('accepts six characters for a public administration', () => {
    expect(checkCodiceDestinatario('UFE3C2', true)).toBeNull();
  });

  it('rejects the other length with "Codice non valido"', () => {
    expect(checkCodiceDestinatario('UFE3C2', false)).toBe('Codice non valido');
    expect(checkCodiceDestinatario('M5UXCR1', true)).toBe('Codice non valido');
    expect(checkCodiceDestinatario('0000000', true)).toBe('Codice non valido');
    expect(checkCodiceDestinatario('12345', false)).toBe('Codice non valido');
  });

  it('rejects characters other than letters and digits', () => {
    expect(checkCodiceDestinatario('M5U-CR1', false)).toBe('Codice non valido');
    expect(checkCodiceDestinatario('M5U CR1', false)).toBe('Codice non valido');
  });

  it('trims and upper-cases before checking, and takes an empty code as no code', () => {
    expect(checkCodiceDestinatario('  m5uxcr1 ', false)).toBeNull();
    expect(checkCodiceDestinatario('', false)).toBeNull();
    expect(checkCodiceDestinatario('   ', true)).toBeNull();
    expect(checkCodiceDestinatario(null, true)).toBeNull();
    expect(normalizeCodiceDestinatario('  m5uxcr1 ')).toBe('M5UXCR1');
    expect(normalizeCodiceDestinatario('  ')).toBeNull();
  });
});
