import { describe, expect, it } from 'vitest';
import { findUnsafeInput, maxInputDepth, optionalText, requiredText, text } from './text.ts';

describe('the shared string rule', () => {
  it('refuses a NUL, other control characters and half of an emoji, with the Italian message', () => {
    for (const bad of ['Mario\u0000', 'a\u0007b', 'x\u007F', '\u0085', 'emoji \uD83D', '\uDE00 mezzo']) {
      const result = text(100, { multiline: true }).safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Il testo contiene caratteri non consentiti');
    }
  });

  it('takes tab and new lines only in a text that allows them, and whole emoji and accents everywhere', () => {
    expect(optionalText(100, { multiline: true }).parse('riga 1\n\triga 2\r\n')).toBe('riga 1\n\triga 2');
    expect(requiredText(100).safeParse('Mario\nRossi').error?.issues[0]?.message).toBe(
      'Il testo non può andare a capo',
    );
    expect(requiredText(100).parse(' Niccolò 😀 ')).toBe('Niccolò 😀');
  });

  it('finds the first unsafe string of a request with its path, keys included', () => {
    expect(findUnsafeInput({ a: 'ok', b: [{ note: 'x\u0000' }] })).toEqual({
      path: 'b.0.note',
      message: 'Il testo contiene caratteri non consentiti',
    });
    expect(findUnsafeInput({ 'k\u0000': 1 })?.path).toBe('_');
    expect(findUnsafeInput({ note: 'riga\nriga\tsì', n: 3, on: true, nothing: null })).toBeNull();
  });

  it('refuses data nested deeper than the bound, at any depth, without recursion', () => {
    let deep: unknown = 'fondo';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)?.message).toBe('Valore non valido');
    let fine: unknown = 'fondo';
    for (let i = 0; i < maxInputDepth - 1; i++) fine = { a: fine };
    expect(findUnsafeInput(fine)).toBeNull();
  });
});
