const letters = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
const isVowel = (c: string) => 'AEIOU'.includes(c);
const threeOf = (chars: string[]) => `${chars.join('')}XXX`.slice(0, 3);

/** The three letters a surname gives a codice fiscale: its consonants, then its vowels, then X. */
export const codiceFiscaleSurnamePart = (cognome: string) => {
  const l = [...letters(cognome)];
  return threeOf([...l.filter((c) => !isVowel(c)), ...l.filter(isVowel)]);
};

/** The three letters a given name gives: the 1st, 3rd and 4th consonant when it has four or more, else as a surname. */
export const codiceFiscaleNamePart = (nome: string) => {
  const l = [...letters(nome)];
  const consonants = l.filter((c) => !isVowel(c));
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return threeOf([...consonants, ...l.filter(isVowel)]);
};

/**
 * Whether a (valid, normalised) personal codice fiscale was made from this name and surname: its first six letters
 * are those the two give. Birth date and place are not checked (a booking does not ask them).
 */
export const codiceFiscaleMatchesName = (codiceFiscale: string, nome: string, cognome: string) =>
  codiceFiscale.slice(0, 6) === `${codiceFiscaleSurnamePart(cognome)}${codiceFiscaleNamePart(nome)}`;
