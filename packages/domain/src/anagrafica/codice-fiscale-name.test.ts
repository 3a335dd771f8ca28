import { describe, expect, it } from 'vitest';
import { codiceFiscaleMatchesName, codiceFiscaleNamePart, codiceFiscaleSurnamePart } from './codice-fiscale-name.ts';

describe('the name part of a codice fiscale', () => {
  it('takes a surname’s consonants, then its vowels, then X', () => {
    expect(codiceFiscaleSurnamePart('Rossi')).toBe('RSS');
    expect(codiceFiscaleSurnamePart('Bo')).toBe('BOX');
    expect(codiceFiscaleSurnamePart('Fo')).toBe('FOX');
    expect(codiceFiscaleSurnamePart("D'Amico")).toBe('DMC');
    expect(codiceFiscaleSurnamePart('De Luca')).toBe('DLC');
    expect(codiceFiscaleSurnamePart('Nicolò')).toBe('NCL');
  });

  it('takes the 1st, 3rd and 4th consonant of a name that has four', () => {
    expect(codiceFiscaleNamePart('Mario')).toBe('MRA');
    expect(codiceFiscaleNamePart('Gianfranco')).toBe('GFR');
    expect(codiceFiscaleNamePart('Luca')).toBe('LCU');
    expect(codiceFiscaleNamePart('Ugo')).toBe('GUO');
  });

  it('matches a code made from the name and tells one of another person', () => {
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Mario', 'Rossi')).toBe(true);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', ' mario ', 'ROSSI')).toBe(true);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Marco', 'Bianchi')).toBe(false);
    expect(codiceFiscaleMatchesName('RSSMRA85T10A562S', 'Maria', 'Rossi')).toBe(true);
  });
});
