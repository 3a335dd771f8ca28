/**
 * Check-character rules of the codice fiscale (DM 23/12/1976, odd/even tables, mod 26) and of the
 * partita IVA (Luhn-like check digit). The full personal-code rules of spec part 1 §5 (omocodia report,
 * birth date, century) build on these in the patients area.
 */
const oddValues: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};
const evenValue = (c: string): number => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65);

/** spec part 1 §5: letters then digits with omocodia substitutes L M N P Q R S T U V at 6, 7, 9, 10, 12, 13, 14. */
export const personalCodiceFiscalePattern =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** @returns the check character of the first 15 characters of a personal fiscal code. */
export const codiceFiscaleCheckChar = (first15: string): string => {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15[i] as string;
    // positions are 1-based in the rule: odd positions are the even indexes
    sum += i % 2 === 0 ? (oddValues[c] ?? 0) : evenValue(c);
  }
  return String.fromCharCode(65 + (sum % 26));
};

/** @returns whether a 16-character code has the right shape and check character. */
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
