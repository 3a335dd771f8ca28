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
// Lower-case letters get the same entries as upper-case ones, so a code typed in lower case needs no
// upper-casing copy (spec part 1 §5 upper-cases the input; the answer's `code` is upper case).

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
  for (const c of [65 + i, 97 + i]) {
    kind[c] = LETTER;
    oddValue[c] = oddValuesAZ[i] as number;
    evenValue[c] = i;
  }
}
for (let d = 0; d < 10; d++) {
  const c = 48 + d;
  kind[c] = DIGIT;
  digitValue[c] = d;
  // digits weigh like the letters A-J in both tables
  oddValue[c] = oddValuesAZ[d] as number;
  evenValue[c] = d;
  const s = omocodiaLetters.charCodeAt(d);
  for (const l of [s, s + 32]) {
    kind[l] = LETTER | SUBSTITUTE;
    digitValue[l] = d;
  }
}
'ABCDEHLMPRST'.split('').forEach((letter, i) => {
  monthOf[letter.charCodeAt(0)] = i + 1;
  monthOf[letter.charCodeAt(0) + 32] = i + 1;
});
/** ASCII letter to upper case (clears the lower-case bit). */
const upper = (c: number): number => c & ~32;

/** What each of the 16 positions accepts: a letter, or a digit / its substitute letter (spec part 1 §5). */
const acceptedAt = (i: number): number =>
  i === 6 || i === 7 || i === 9 || i === 10 || i === 12 || i === 13 || i === 14 ? DIGIT | SUBSTITUTE : LETTER;

/**
 * One lookup per character does the shape check and the check-character sum: for position i and char code c,
 * `positionTable[i * 128 + c]` is NOT_ACCEPTED, or the character's check value (odd table at even indexes, even
 * table at odd ones, 0 for the check character itself) plus OMOCODIA_FLAG for a substitute letter in a digit's place.
 */
const NOT_ACCEPTED = 255;
const OMOCODIA_FLAG = 32;
const positionTable = new Uint8Array(16 * 128).fill(NOT_ACCEPTED);
for (let i = 0; i < 16; i++) {
  for (let c = 0; c < 128; c++) {
    const k = kind[c] as number;
    if ((k & acceptedAt(i)) === 0) continue;
    let v = i === 15 ? 0 : (i & 1) === 0 ? (oddValue[c] as number) : (evenValue[c] as number);
    if ((k & SUBSTITUTE) !== 0 && acceptedAt(i) !== LETTER) v |= OMOCODIA_FLAG;
    positionTable[i * 128 + c] = v;
  }
}

// ---------- today's date ----------

// Today's date in the runtime's local time zone, recomputed only when the clock leaves the cached day (forwards, or
// backwards after a clock change), so the default `today` costs one Date.now().
let cachedFrom = 0;
let cachedUntil = 0;
let cachedY = 0;
let cachedM = 0;
let cachedD = 0;
let refY = 0;
let refM = 0;
let refD = 0;
let givenTime = Number.NaN;
let givenY = 0;
let givenM = 0;
let givenD = 0;
const setReference = (today: Date | undefined): void => {
  if (today) {
    // the same Date passed on every call of a loop is read once
    const t = today.getTime();
    if (t !== givenTime) {
      givenTime = t;
      givenY = today.getFullYear();
      givenM = today.getMonth() + 1;
      givenD = today.getDate();
    }
    refY = givenY;
    refM = givenM;
    refD = givenD;
    return;
  }
  const now = Date.now();
  if (now >= cachedUntil || now < cachedFrom) {
    const d = new Date(now);
    cachedY = d.getFullYear();
    cachedM = d.getMonth() + 1;
    cachedD = d.getDate();
    cachedFrom = new Date(cachedY, cachedM - 1, cachedD).getTime();
    cachedUntil = new Date(cachedY, cachedM - 1, cachedD + 1).getTime();
  }
  refY = cachedY;
  refM = cachedM;
  refD = cachedD;
};

// ---------- the shared decoder ----------

const OK = 0;
const LENGTH = 1;
const FORMAT = 2;
const MONTH = 3;
const DATE = 4;
const CHECK = 5;
/** The Italian message of each status, by index. */
const messageOf = [
  '',
  m.codiceFiscaleLength,
  m.codiceFiscaleFormat,
  m.codiceFiscaleMonth,
  m.codiceFiscaleBirthDate,
  m.codiceFiscaleInvalid,
] as const;

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
 * Checks a code without spaces (letters in either case) against the reference date (`today`, or now); returns one
 * of OK … CHECK and, on OK, fills the out* variables. The clock is read only once shape, month and day have passed.
 */
const decode = (code: string, today: Date | undefined, rule: CenturyRule): number => {
  if (code.length !== 16) return LENGTH;
  let sum = 0;
  let flags = 0;
  for (let i = 0; i < 16; i++) {
    const c = code.charCodeAt(i);
    if (c > 127) return FORMAT;
    const v = positionTable[(i << 7) | c] as number;
    if (v === NOT_ACCEPTED) return FORMAT;
    sum += v & 31;
    flags |= v;
  }
  const month = monthOf[code.charCodeAt(8)] as number;
  if (month === 0) return MONTH;

  // Day and sex: a day above 40 is a woman's (spec part 1 §5); 1-31 or 41-71 only.
  const dayField = (digitValue[code.charCodeAt(9)] as number) * 10 + (digitValue[code.charCodeAt(10)] as number);
  const female = dayField > 40;
  const day = female ? dayField - 40 : dayField;
  if (day < 1 || day > 31) return DATE;

  setReference(today);
  const ty = refY;
  const tm = refM;
  const td = refD;
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

  if (upper(code.charCodeAt(15)) !== 65 + (sum % 26)) return CHECK;

  outDay = day;
  outMonth = month;
  outYear = year;
  outFemale = female;
  outOmocodia = (flags & OMOCODIA_FLAG) !== 0;
  outAmbiguous = ambiguous;
  return OK;
};

// ---------- input normalisation ----------

const whitespace = /\s+/g;
const needsNormalising = /[\s\u0080-\uffff]/;

/** spec part 1 §5: trimmed, spaces removed, upper case. */
export const normalizeCodiceFiscale = (input: string): string => input.replace(whitespace, '').toUpperCase();

/**
 * Decodes the input as typed; only when that fails on length or shape and the input holds spaces or non-ASCII
 * characters (which upper-casing may change) does it pay for the normalised copy. Lower case needs no copy.
 * Returns the code that was decoded through `lastCode`.
 */
let lastCode = '';
const decodeInput = (input: string, today: Date | undefined, rule: CenturyRule): number => {
  lastCode = input;
  const status = decode(input, today, rule);
  if ((status === LENGTH || status === FORMAT) && needsNormalising.test(input)) {
    lastCode = normalizeCodiceFiscale(input);
    return decode(lastCode, today, rule);
  }
  return status;
};

/** "00" … "99", so a date is three lookups and two concatenations. */
const twoDigits = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const birthDate = (): string => `${twoDigits[outDay]}-${twoDigits[outMonth]}-${outYear}`;
/** Catastral code of a decoded upper-case code, omocodia letters in its numeric part (12-14) back to digits. */
const belfioreOf = (code: string): string => {
  const a = code.charCodeAt(12);
  const b = code.charCodeAt(13);
  const c = code.charCodeAt(14);
  // the shape check let only digits (< 58) or substitute letters through
  if (a < 58 && b < 58 && c < 58) return code.slice(11, 15);
  return `${code[11]}${digitValue[a]}${digitValue[b]}${digitValue[c]}`;
};

// ---------- exports ----------

/**
 * Checks a personal codice fiscale by every rule of spec part 1 §5 and decodes it. The first broken rule gives the
 * message, in this order: length, shape (omocodia substitutes allowed), month letter, birth date (day 1-31 or
 * 41-71, the date exists, not in the future), check character. The date comes before the check character so that
 * a code whose check character fits a non-existent date (31 February) says so.
 * @param today the reference date for the century rule (19xx unless over 110 years old) and the future check;
 * defaults to now.
 */
export function checkCodiceFiscale(input: string, today?: Date): CodiceFiscaleCheck {
  const status = decodeInput(input, today, 'max-age-110');
  if (status !== OK) return { valid: false, message: messageOf[status] as string };
  const code = lastCode.toUpperCase();
  return {
    valid: true,
    code,
    omocodia: outOmocodia,
    sesso: outFemale ? 'D' : 'U',
    dataNascita: birthDate(),
    belfiore: belfioreOf(code),
    natoAllEstero: code.charCodeAt(11) === 90, // Z
    centuryAmbiguous: outAmbiguous,
  };
}

/** The same rules as {@link checkCodiceFiscale}, as a boolean, without building an answer. */
export function isValidCodiceFiscale(input: string, today?: Date): boolean {
  return decodeInput(input, today, 'max-age-110') === OK;
}

/**
 * Decodes a code with a chosen century rule (the card reader's differs, spec part 1 §5).
 * @internal for the health-card reader of this area.
 */
export const decodeCodiceFiscaleWith = (
  input: string,
  rule: CenturyRule,
  today?: Date,
): { ok: true; sesso: 'U' | 'D'; dataNascita: string } | { ok: false; message: string } => {
  const status = decodeInput(input, today, rule);
  if (status !== OK) return { ok: false, message: messageOf[status] as string };
  return { ok: true, sesso: outFemale ? 'D' : 'U', dataNascita: birthDate() };
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
