/**
 * The personal codice fiscale (spec part 1 §5, part 2 §5; DM 23/12/1976): shape with omocodia substitutes, month
 * letter, day and sex, birth date that must exist, century, birthplace (catastral code) and the check character.
 *
 * Written for speed (it runs on every keystroke, on imports of whole patient lists and in the benchmark
 * `bench/scenarios/codice-fiscale-peers.ts`): the hot path reads char codes through typed lookup tables, works
 * out the date with integer arithmetic and allocates nothing until it builds the answer; `isValidCodiceFiscale`
 * allocates nothing at all for an already upper-case 16-character code.
 */
import { anagraficaMessages as m } from './anagrafica.messages.ts';

/** The decoded birth data of a valid code, or the Italian message of the first rule it breaks. */
export type CodiceFiscaleCheck =
  | {
      valid: true;
      /** The normalised code (trimmed, spaces removed, upper case), omocodia letters kept as written. */
      code: string;
      /** At least one digit was replaced by its substitute letter ("omocodie", spec part 1 §5). */
      omocodia: boolean;
      sesso: 'U' | 'D';
      /** DD-MM-YYYY. */
      dataNascita: string;
      /** Catastral (Belfiore) code of the birthplace, omocodia letters turned back into digits: H501, Z404. */
      belfiore: string;
      /** The catastral code starts with Z: a foreign country. */
      natoAllEstero: boolean;
      /** Both the 19xx and the 20xx reading of the year are possible: show the ambiguity warning. */
      centuryAmbiguous: boolean;
    }
  | { valid: false; message: string };

// ---------- lookup tables, indexed by char code (all codes < 128) ----------

const LETTER = 1;
const DIGIT = 2;
/** Letters allowed in place of a digit (omocodia): L M N P Q R S T U V for 0 … 9. */
const SUBSTITUTE = 4;
const omocodiaLetters = 'LMNPQRSTUV';

const kind = new Uint8Array(128);
/** Digit value of 0-9 and of the substitute letters; -1 elsewhere. */
const digitValue = new Int8Array(128).fill(-1);
/** Month number of the month letters A B C D E H L M P R S T; 0 elsewhere. */
const monthOf = new Uint8Array(128);
/** Check-character values at odd positions (1-based, so even indexes) and at even positions. */
const oddValue = new Uint8Array(128);
const evenValue = new Uint8Array(128);

// DM 23/12/1976, table of the characters in odd position: A/0 … Z.
const oddValuesAZ = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
for (let i = 0; i < 26; i++) {
  const c = 65 + i;
  kind[c] = LETTER;
  oddValue[c] = oddValuesAZ[i] as number;
  evenValue[c] = i;
}
for (let d = 0; d < 10; d++) {
  const c = 48 + d;
  kind[c] = DIGIT;
  digitValue[c] = d;
  // digits weigh like the letters A-J in both tables
  oddValue[c] = oddValuesAZ[d] as number;
  evenValue[c] = d;
  const s = omocodiaLetters.charCodeAt(d);
  kind[s] = LETTER | SUBSTITUTE;
  digitValue[s] = d;
}
'ABCDEHLMPRST'.split('').forEach((letter, i) => {
  monthOf[letter.charCodeAt(0)] = i + 1;
});

/** What each of the 16 positions accepts: a letter, or a digit / its substitute letter (spec part 1 §5). */
const acceptedAt = new Uint8Array(16);
for (let i = 0; i < 16; i++) acceptedAt[i] = LETTER;
for (const i of [6, 7, 9, 10, 12, 13, 14]) acceptedAt[i] = DIGIT | SUBSTITUTE;

// ---------- the shared decoder ----------

const OK = 0;
const LENGTH = 1;
const FORMAT = 2;
const MONTH = 3;
const DATE = 4;
const CHECK = 5;
const messageOf = ['', m.codiceFiscaleLength, m.codiceFiscaleFormat, m.codiceFiscaleMonth, m.codiceFiscaleBirthDate];
messageOf[CHECK] = m.codiceFiscaleInvalid;

/** How the two-digit year becomes a full one. */
export type CenturyRule =
  /** spec part 1 §5: 19xx unless that makes the person over 110 years old, then 20xx. */
  | 'max-age-110'
  /** spec part 1 §5, card reader: the century that does not put the birth date in the future (20xx first). */
  | 'not-in-future';

/**
 * Results of the last `decode` call. Module-level scratch instead of a returned object keeps the hot path free of
 * allocation; JavaScript runs one call at a time, and every exported function reads them right after decoding.
 */
let outDay = 0;
let outMonth = 0;
let outYear = 0;
let outFemale = false;
let outOmocodia = false;
let outAmbiguous = false;

const isLeap = (y: number): boolean => (y & 3) === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (month: number, year: number): number =>
  month === 2 ? (isLeap(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
/** Whether the date y-mo-d comes after the reference date (ty-tm-td). */
const after = (y: number, mo: number, d: number, ty: number, tm: number, td: number): boolean =>
  y !== ty ? y > ty : mo !== tm ? mo > tm : d > td;

/**
 * Checks an already normalised code (upper case, no spaces) against today's date given as year, month (1-12) and
 * day; returns one of OK … CHECK and, on OK, fills the out* variables.
 */
const decode = (code: string, ty: number, tm: number, td: number, rule: CenturyRule): number => {
  if (code.length !== 16) return LENGTH;
  let sum = 0;
  let omocodia = false;
  for (let i = 0; i < 16; i++) {
    const c = code.charCodeAt(i);
    const k = c < 128 ? (kind[c] as number) : 0;
    if ((k & (acceptedAt[i] as number)) === 0) return FORMAT;
    // a substitute letter where a digit belongs; at letter positions the same letters are just letters
    if ((k & SUBSTITUTE) !== 0 && (acceptedAt[i] as number) !== LETTER) omocodia = true;
    if (i < 15) sum += (i & 1) === 0 ? (oddValue[c] as number) : (evenValue[c] as number);
  }
  const month = monthOf[code.charCodeAt(8)] as number;
  if (month === 0) return MONTH;

  // Day and sex: a day above 40 is a woman's (spec part 1 §5); 1-31 or 41-71 only.
  const dayField = (digitValue[code.charCodeAt(9)] as number) * 10 + (digitValue[code.charCodeAt(10)] as number);
  const female = dayField > 40;
  const day = female ? dayField - 40 : dayField;
  if (day < 1 || day > 31) return DATE;

  const yy = (digitValue[code.charCodeAt(6)] as number) * 10 + (digitValue[code.charCodeAt(7)] as number);
  let year: number;
  let ambiguous = false;
  if (rule === 'max-age-110') {
    year = 1900 + yy;
    // completed years on the reference date
    const age = ty - year - (tm < month || (tm === month && td < day) ? 1 : 0);
    if (age > 110) {
      year += 100;
    } else {
      // Decision (spec part 1 §5 "an ambiguity warning appears near the boundary"): the code is ambiguous when the
      // 19xx reading was kept (age at most 110) and the 20xx reading is also possible, that is its date exists and
      // is not in the future. That only happens when the 19xx reading is 100-110 years old (a 101-year-old or a
      // 1-year-old for the same code), so a 111-year-old reading, beyond the maximum age, never warns.
      const other = year + 100;
      ambiguous = day <= daysIn(month, other) && !after(other, month, day, ty, tm, td);
    }
  } else {
    year = 2000 + yy;
    if (after(year, month, day, ty, tm, td)) year -= 100;
  }
  // The date must exist (31 February, 29 February 1900) and must not be in the future.
  if (day > daysIn(month, year) || after(year, month, day, ty, tm, td)) return DATE;

  if (code.charCodeAt(15) !== 65 + (sum % 26)) return CHECK;

  outDay = day;
  outMonth = month;
  outYear = year;
  outFemale = female;
  outOmocodia = omocodia;
  outAmbiguous = ambiguous;
  return OK;
};

// ---------- input normalisation and today's date ----------

const whitespace = /\s+/g;

/** spec part 1 §5: trimmed, spaces removed, upper case. Returns the input itself when it is already so. */
export const normalizeCodiceFiscale = (input: string): string => {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    // anything but A-Z and 0-9 (spaces, lower case, other characters) takes the slow path
    if (c < 48 || (c > 57 && c < 65) || c > 90) return input.replace(whitespace, '').toUpperCase();
  }
  return input;
};

// Today's local date, recomputed only when the day changes, so the default `today` costs one Date.now().
let cachedUntil = 0;
let cachedY = 0;
let cachedM = 0;
let cachedD = 0;
let refY = 0;
let refM = 0;
let refD = 0;
const setReference = (today: Date | undefined): void => {
  if (today) {
    refY = today.getFullYear();
    refM = today.getMonth() + 1;
    refD = today.getDate();
    return;
  }
  const now = Date.now();
  if (now >= cachedUntil) {
    const d = new Date(now);
    cachedY = d.getFullYear();
    cachedM = d.getMonth() + 1;
    cachedD = d.getDate();
    cachedUntil = new Date(cachedY, cachedM - 1, cachedD + 1).getTime();
  }
  refY = cachedY;
  refM = cachedM;
  refD = cachedD;
};

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** The decoded fields of the last successful `decode` of `code`. */
const decodedFields = (code: string) => {
  const b = code.charCodeAt(11);
  return {
    sesso: outFemale ? ('D' as const) : ('U' as const),
    dataNascita: `${pad2(outDay)}-${pad2(outMonth)}-${outYear}`,
    // omocodia letters in the catastral code back to digits: the numeric part is 12-14
    belfiore:
      String.fromCharCode(b) +
      (digitValue[code.charCodeAt(12)] as number) +
      (digitValue[code.charCodeAt(13)] as number) +
      (digitValue[code.charCodeAt(14)] as number),
    natoAllEstero: b === 90, // Z
  };
};

// ---------- exports ----------

/**
 * Checks a personal codice fiscale by every rule of spec part 1 §5 and decodes it.
 * @param today the reference date for the century rule (19xx unless over 110 years old) and the future check;
 * defaults to now.
 */
export function checkCodiceFiscale(input: string, today?: Date): CodiceFiscaleCheck {
  const code = normalizeCodiceFiscale(input);
  setReference(today);
  const status = decode(code, refY, refM, refD, 'max-age-110');
  if (status !== OK) return { valid: false, message: messageOf[status] as string };
  const fields = decodedFields(code);
  return {
    valid: true,
    code,
    omocodia: outOmocodia,
    sesso: fields.sesso,
    dataNascita: fields.dataNascita,
    belfiore: fields.belfiore,
    natoAllEstero: fields.natoAllEstero,
    centuryAmbiguous: outAmbiguous,
  };
}

/** The same rules as {@link checkCodiceFiscale}, as a boolean, without building an answer. */
export function isValidCodiceFiscale(input: string, today?: Date): boolean {
  setReference(today);
  return decode(normalizeCodiceFiscale(input), refY, refM, refD, 'max-age-110') === OK;
}

/**
 * Decodes a normalised code with a chosen century rule (the card reader's differs, spec part 1 §5).
 * @internal for the health-card reader of this area.
 */
export const decodeCodiceFiscaleWith = (
  code: string,
  rule: CenturyRule,
  today?: Date,
): { ok: true; sesso: 'U' | 'D'; dataNascita: string } | { ok: false; message: string } => {
  setReference(today);
  const status = decode(code, refY, refM, refD, rule);
  if (status !== OK) return { ok: false, message: messageOf[status] as string };
  const { sesso, dataNascita } = decodedFields(code);
  return { ok: true, sesso, dataNascita };
};

/** @returns the check character (A-Z) of the first 15 characters of a personal code, by the official tables. */
export const checkCharOf = (first15: string): string => {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15.charCodeAt(i);
    if (c < 128) sum += (i & 1) === 0 ? (oddValue[c] as number) : (evenValue[c] as number);
  }
  return String.fromCharCode(65 + (sum % 26));
};
