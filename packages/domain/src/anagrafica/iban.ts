/**
 * IBAN check (spec part 2 §5: 15 to 34 characters, upper case), plus ISO 13616's ISO 7064 mod-97-10 check digits and,
 * for Italian IBANs, the 27-character structure (CIN, ABI, CAB, account) and the national CIN check letter.
 */

/** Lengths of the SEPA countries' IBANs (ISO 13616 registry): a wrong length is a typo however the digits add up. */
const lengthByCountry: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

const shape = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/** ISO 7064 mod 97-10 over the IBAN moved four characters left, letters as 10 to 35. */
const mod97 = (iban: string): number => {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest;
};

// The Italian CIN: odd positions through the same table as the codice fiscale check character, even ones as 0–25.
const oddValues = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const indexOf = (ch: string) => (ch >= 'A' ? ch.charCodeAt(0) - 65 : ch.charCodeAt(0) - 48);

/** @returns the CIN letter of an Italian BBAN's ABI + CAB + account (22 characters). */
export const italianCin = (abiCabConto: string): string => {
  let sum = 0;
  [...abiCabConto].forEach((ch, i) => {
    sum += i % 2 === 0 ? (oddValues[indexOf(ch)] as number) : indexOf(ch);
  });
  return String.fromCharCode(65 + (sum % 26));
};

const italianStructure = /^IT[0-9]{2}[A-Z][0-9]{5}[0-9]{5}[A-Z0-9]{12}$/;

/** Removes spaces and upper-cases what a person typed or pasted. */
export const normalizeIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** @returns whether a normalized IBAN is well formed, of its country's length, with right check digits (and CIN). */
export const isValidIban = (iban: string): boolean => {
  if (iban.length < 15 || iban.length > 34 || !shape.test(iban)) return false;
  const country = iban.slice(0, 2);
  const expected = lengthByCountry[country];
  if (expected !== undefined && iban.length !== expected) return false;
  if (mod97(iban) !== 1) return false;
  if (country === 'IT' || country === 'SM') {
    if (!italianStructure.test(`IT${iban.slice(2)}`)) return false;
    return italianCin(iban.slice(5)) === iban[4];
  }
  return true;
};
