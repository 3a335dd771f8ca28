/**
 * Whether a valid personal codice fiscale agrees with the name, surname, sex, birth date and birthplace given
 * beside it (issue 30 item 1), by the rules that build the code (DM 23/12/1976 art. 1-3): surname and name as three
 * letters each (consonants, then vowels, then X; a name with four consonants or more skips the second), the birth
 * data decoded by `checkCodiceFiscale` (omocodia letters turned back into digits, so an omocodic code agrees too).
 */
import { checkCodiceFiscale } from '../anagrafica/codice-fiscale.ts';
import { type Birthplace, birthplaceByBelfiore } from '../reference/belfiore.ts';

const lettersOf = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/gu, '');
const isVowel = (c: string): boolean => c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U';
const split = (text: string): { consonants: string; vowels: string } => {
  let consonants = '';
  let vowels = '';
  for (const c of lettersOf(text)) {
    if (isVowel(c)) vowels += c;
    else consonants += c;
  }
  return { consonants, vowels };
};

/** The three letters of a surname in a fiscal code: "Rossi" → RSS, "Fo" → FOX, "D'Amico" → DMC. */
export const surnameCode = (surname: string): string => {
  const { consonants, vowels } = split(surname);
  return `${consonants}${vowels}XXX`.slice(0, 3);
};

/** The three letters of a given name: "Mario" → MRA, "Gianfranco" → GFR (1st, 3rd and 4th of four consonants or more). */
export const nameCode = (name: string): string => {
  const { consonants, vowels } = split(name);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
};

/** A place name compared loosely: accents, case, punctuation and spaces ignored ("Forlì" = "FORLI'"). */
const placeKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/gu, '');

export type CodiceFiscaleDisagreement = 'cognome' | 'nome' | 'sesso' | 'dataNascita' | 'comuneNascita';

export type CodiceFiscaleAgreement = {
  /** The fields given that the code contradicts (a field not given is not compared). */
  disagreements: CodiceFiscaleDisagreement[];
  /** What the code says: sex, birth date (DD-MM-YYYY, century by the 110-year rule), birthplace when known. */
  decoded: { sesso: 'U' | 'D'; dataNascita: string; birthplace: Birthplace | null; centuryAmbiguous: boolean };
};

/**
 * Compares a personal code with the data given beside it. The year is compared on its last two digits (the code
 * holds no century). A birthplace is compared only when the code's place is known (a comune in force or suppressed,
 * a foreign state) and the name given is not a province or "estero" alone.
 * @returns null when the code is not a valid personal code (its own message comes from the patient schema).
 */
export const codiceFiscaleAgreement = (
  code: string,
  given: {
    cognome?: string | null;
    nome?: string | null;
    sesso?: 'U' | 'D' | null;
    dataNascita?: string | null;
    comuneNascita?: string | null;
  },
  today?: Date,
): CodiceFiscaleAgreement | null => {
  const check = checkCodiceFiscale(code, today);
  if (!check.valid) return null;
  const cf = check.code;
  const disagreements: CodiceFiscaleDisagreement[] = [];
  if (given.cognome && lettersOf(given.cognome) && surnameCode(given.cognome) !== cf.slice(0, 3))
    disagreements.push('cognome');
  if (given.nome && lettersOf(given.nome) && nameCode(given.nome) !== cf.slice(3, 6)) disagreements.push('nome');
  if (given.sesso && given.sesso !== check.sesso) disagreements.push('sesso');
  if (given.dataNascita && /^\d{2}-\d{2}-\d{4}$/.test(given.dataNascita)) {
    // DD-MM-YYYY: day, month and the last two digits of the year
    const a = given.dataNascita;
    const b = check.dataNascita;
    if (a.slice(0, 6) !== b.slice(0, 6) || a.slice(8) !== b.slice(8)) disagreements.push('dataNascita');
  }
  const birthplace = birthplaceByBelfiore(check.belfiore);
  if (given.comuneNascita && birthplace) {
    const key = placeKey(given.comuneNascita);
    const generic = key === '' || key === 'estero' || key === 'ee';
    if (!generic && key !== placeKey(birthplace.nome)) disagreements.push('comuneNascita');
  }
  return {
    disagreements,
    decoded: {
      sesso: check.sesso,
      dataNascita: check.dataNascita,
      birthplace,
      centuryAmbiguous: check.centuryAmbiguous,
    },
  };
};
