import { describe, expect, it } from 'vitest';
import { applyMappingOverride, fieldForHeader, headerKey, mapHeader, mappingNamesPatients } from './header-mapping.ts';

describe('fieldForHeader', () => {
  it.each([
    ['Cognome', 'cognome'],
    ['COGNOME', 'cognome'],
    ['Last name', 'cognome'],
    ['Surname', 'cognome'],
    ['Nome', 'nome'],
    ['First Name', 'nome'],
    ['Codice Fiscale', 'codiceFiscale'],
    ['C.F.', 'codiceFiscale'],
    ['CF', 'codiceFiscale'],
    ['cod. fiscale', 'codiceFiscale'],
    ['Tax code', 'codiceFiscale'],
    ['Data di nascita', 'dataNascita'],
    ['Nato il', 'dataNascita'],
    ['DOB', 'dataNascita'],
    ['Birth date', 'dataNascita'],
    ['Cellulare', 'cellulare'],
    ['Cell.', 'cellulare'],
    ['Mobile', 'cellulare'],
    ['Telefono', 'telefono'],
    ['E-mail', 'email'],
    ['Email', 'email'],
    ['Posta elettronica', 'email'],
    ['PEC', 'pec'],
    ['Indirizzo', 'indirizzo'],
    ['Via', 'indirizzo'],
    ['CAP', 'cap'],
    ['C.A.P.', 'cap'],
    ['Comune', 'comune'],
    ['Città', 'comune'],
    ["CITTA'", 'comune'],
    ['Provincia', 'provincia'],
    ['Prov.', 'provincia'],
    ['Sesso', 'sesso'],
    ['Luogo di nascita', 'comuneNascita'],
    ['Partita IVA', 'partitaIva'],
    ['P.IVA', 'partitaIva'],
    ['Note', 'note'],
    ['Ragione sociale', 'ragioneSociale'],
    ['Nome e cognome', 'nomeCompleto'],
    ['Paziente', 'nomeCompleto'],
    ['Nominativo', 'nomeCompleto'],
    // Outlook (Italian) and Google contacts exports
    ['Indirizzo posta elettronica', 'email'],
    ['CAP (ab.)', 'cap'],
    ['E-mail 1 - Value', 'email'],
    ['Phone 1 - Value', 'cellulare'],
    ['Given Name', 'nome'],
    ['Family Name', 'cognome'],
    // invoicing programs
    ['Codice SDI', 'codiceDestinatario'],
    ['Denominazione', 'ragioneSociale'],
  ])('maps "%s" to %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it('ignores accents, case, spaces and punctuation', () => {
    expect(headerKey('  Città di NASCITA ')).toBe(headerKey('citta-di-nascita'));
    expect(fieldForHeader('  data   di  nascita:')).toBe('dataNascita');
    expect(fieldForHeader('Nazionalità')).toBe(fieldForHeader('NAZIONALITA'));
  });

  it('reads a known name followed by a number ("Email 2") or a hint in brackets', () => {
    expect(fieldForHeader('Email 2')).toBe('email');
    expect(fieldForHeader('Data di nascita (gg/mm/aaaa)')).toBe('dataNascita');
    expect(fieldForHeader('Cognome *')).toBe('cognome');
    expect(fieldForHeader('Telefono 1 (casa)')).toBe('telefono');
    expect(fieldForHeader('Email [principale]')).toBe('email');
  });

  it('leaves unknown columns out', () => {
    expect(fieldForHeader('Codice interno')).toBeNull();
    expect(fieldForHeader('')).toBeNull();
    expect(fieldForHeader('---')).toBeNull();
  });
});

describe('mapHeader', () => {
  it('maps each field at most once, the leftmost column winning', () => {
    expect(mapHeader(['Cognome', 'Nome', 'Telefono', 'Tel.', 'Codice interno', 'Cognome'])).toEqual([
      'cognome',
      'nome',
      'telefono',
      null,
      null,
      null,
    ]);
  });

  it('leaves a combined name column out when surname or name have their own (Google: Name, Given Name, Family Name)', () => {
    expect(mapHeader(['Name', 'Given Name', 'Family Name'])).toEqual([null, 'nome', 'cognome']);
    expect(mapHeader(['Paziente', 'Codice fiscale'])).toEqual(['nomeCompleto', 'codiceFiscale']);
  });
});

describe('applyMappingOverride', () => {
  const auto = mapHeader(['Cognome', 'Nome', 'Telefono', 'Altro telefono']);

  it('sets a column and takes the field away from the column that had it', () => {
    const next = applyMappingOverride(auto, { 3: 'telefono', 2: 'cellulare' });
    expect(next).toEqual(['cognome', 'nome', 'cellulare', 'telefono']);
  });

  it('leaves a column out with null, and does not change the mapping given', () => {
    const next = applyMappingOverride(auto, { 1: null });
    expect(next).toEqual(['cognome', null, 'telefono', null]);
    expect(auto).toEqual(['cognome', 'nome', 'telefono', null]);
  });

  it('ignores indexes outside the header and unknown fields', () => {
    // @ts-expect-error an unknown field, as a tampered request could send
    expect(applyMappingOverride(auto, { 9: 'email', 0: 'password' })).toEqual(auto);
  });

  it('tells whether the mapping names who each row is', () => {
    expect(mappingNamesPatients(auto)).toBe(true);
    expect(mappingNamesPatients(applyMappingOverride(auto, { 0: null, 1: null }))).toBe(false);
  });
});
