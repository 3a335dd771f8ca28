/**
 * Check-character rules of the codice fiscale (DM 23/12/1976, odd/even tables, mod 26) and of the
 * partita IVA (Luhn-like check digit). The full personal-code rules of spec part 1 §5 (omocodia report,
 * birth date, century) are in `codice-fiscale.ts`, which also holds the check-character tables.
 */
import { checkCharOf } from './codice-fiscale.ts';

/** spec part 1 §5: letters then digits with omocodia substitutes L M N P Q R S T U V at 6, 7, 9, 10, 12, 13, 14. */
export const personalCodiceFiscalePattern =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** @returns the check character of the first 15 characters of a personal fiscal code. */
export const codiceFiscaleCheckChar = (first15: string): string => checkCharOf(first15);

/**
 * @returns whether a 16-character code has the right shape and check character (no birth-date rules: for those,
 * and the Italian message of the broken rule, use `checkCodiceFiscale` / `isValidCodiceFiscale`).
 */
export const isValidPersonalCodiceFiscale = (code: string): boolean =>
  personalCodiceFiscalePattern.test(code) && codiceFiscaleCheckChar(code.slice(0, 15)) === code[15];

/** @returns whether an 11-digit partita IVA has the right check digit. */
export const isValidPartitaIva = (value: string): boolean => {
  if (!/^[0-9]{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = value.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === value.charCodeAt(10) - 48;
};

/** A studio's tax code: a personal code (16) or a numeric one of 11 digits with a valid check digit. */
export const isValidStudioCodiceFiscale = (value: string): boolean =>
  value.length === 16 ? isValidPersonalCodiceFiscale(value) : isValidPartitaIva(value);
