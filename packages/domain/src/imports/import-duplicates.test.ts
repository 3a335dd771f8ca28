import { describe, expect, it } from 'vitest';
import type { PatientInput } from '../patients/patient.schema.ts';
import { importMessages as m } from './import.messages.ts';
import { type ExistingPatient, findImportDuplicates, withDuplicateAction } from './import-duplicates.ts';

const person = (
  cognome: string,
  nome: string,
  dataNascita: string | null,
  codiceFiscale: string | null,
): PatientInput => ({
  datiGenerali: { tipologiaPersona: 'FISICA', cognome, nome, dataNascita, codiceFiscale },
});
const company = (ragioneSociale: string, partitaIva: string | null): PatientInput => ({
  datiGenerali: { tipologiaPersona: 'GIURIDICA', ragioneSociale, partitaIva, codiceFiscale: partitaIva },
});
const existing = (id: string, p: Partial<ExistingPatient>): ExistingPatient => ({
  id,
  codiceFiscale: null,
  nome: null,
  cognome: null,
  dataNascita: null,
  ...p,
});

describe('findImportDuplicates', () => {
  it('finds a row repeating an earlier one by fiscal code, whatever the names say', () => {
    const d = findImportDuplicates(
      [
        { row: 2, input: person('Rossi', 'Mario', '01-01-1980', 'RSSMRA80A01H501U') },
        { row: 3, input: person('ROSSI', 'Mario Luigi', null, 'rssmra80a01h501u') },
      ],
      [],
    );
    expect(d.get(2)).toBeUndefined();
    expect(d.get(3)).toEqual({ kind: 'file', action: 'skip', firstRow: 2, message: m.duplicateInFile(2) });
  });

  it('finds rows without a code by surname, name and birth date, accents and case ignored', () => {
    const d = findImportDuplicates(
      [
        { row: 2, input: person("D'Amico", 'Niccolò', '05-03-1970', null) },
        { row: 7, input: person('DAMICO', 'Niccolo', '05-03-1970', null) },
        { row: 8, input: person('Damico', 'Niccolo', '06-03-1970', null) },
      ],
      [],
    );
    expect([...d.keys()]).toEqual([7]);
  });

  it('does not take two people with the same name and no birth date for one', () => {
    const d = findImportDuplicates(
      [
        { row: 2, input: person('Rossi', 'Mario', null, null) },
        { row: 3, input: person('Rossi', 'Mario', null, null) },
      ],
      [],
    );
    expect(d.size).toBe(0);
  });

  it('never matches two different fiscal codes, even with the same name and birth date (omonimi)', () => {
    const rows = [
      { row: 2, input: person('Rossi', 'Mario', '01-01-1980', 'RSSMRA80A01H501U') },
      { row: 3, input: person('Rossi', 'Mario', '01-01-1980', 'RSSMRA80A01F205X') },
    ];
    expect(findImportDuplicates(rows, []).size).toBe(0);
    expect(
      findImportDuplicates(rows.slice(1), [
        existing('p1', {
          cognome: 'Rossi',
          nome: 'Mario',
          dataNascita: '1980-01-01',
          codiceFiscale: 'RSSMRA80A01H501U',
        }),
      ]).size,
    ).toBe(0);
  });

  it("matches the studio's patients by fiscal code, else by name and birth date (either date form), skipping by default", () => {
    const studio = [
      existing('p-cf', { cognome: 'Rossi', nome: 'Mario', codiceFiscale: 'RSSMRA80A01H501U' }),
      existing('p-name', { cognome: 'Bianchi', nome: 'Anna', dataNascita: '1975-03-15' }),
    ];
    const d = findImportDuplicates(
      [
        { row: 2, input: person('Rossi', 'Mario', null, 'RSSMRA80A01H501U') },
        { row: 3, input: person('Bianchi', 'Anna', '15-03-1975', null) },
        { row: 4, input: person('Bianchi', 'Anna', '15-03-1975', 'BNCNNA75C55F205Z') },
        { row: 5, input: person('Verdi', 'Luca', '15-03-1975', null) },
      ],
      studio,
    );
    expect(d.get(2)).toEqual({
      kind: 'existing',
      action: 'skip',
      patientId: 'p-cf',
      message: m.duplicateExisting('Rossi Mario'),
    });
    expect(d.get(3)).toMatchObject({ kind: 'existing', patientId: 'p-name' });
    // a row with a code matches by name a patient registered without one
    expect(d.get(4)).toMatchObject({ kind: 'existing', patientId: 'p-name' });
    expect(d.get(5)).toBeUndefined();
  });

  it("prefers the studio's patient to an earlier row of the file", () => {
    const d = findImportDuplicates(
      [
        { row: 2, input: person('Rossi', 'Mario', null, 'RSSMRA80A01H501U') },
        { row: 3, input: person('Rossi', 'Mario', null, 'RSSMRA80A01H501U') },
      ],
      [existing('p1', { codiceFiscale: 'RSSMRA80A01H501U', cognome: 'Rossi', nome: 'Mario' })],
    );
    expect(d.get(2)).toMatchObject({ kind: 'existing', patientId: 'p1' });
    expect(d.get(3)).toMatchObject({ kind: 'existing', patientId: 'p1' });
  });

  it('matches companies by partita IVA (with or without IT), else by name', () => {
    const d = findImportDuplicates(
      [
        { row: 2, input: company('Palestra Alfa S.r.l.', '01234567897') },
        { row: 3, input: company('Palestra Beta', null) },
      ],
      [
        existing('c1', { ragioneSociale: 'Alfa srl', partitaIva: 'IT01234567897' }),
        existing('c2', { ragioneSociale: 'PALESTRA BETA' }),
      ],
    );
    expect(d.get(2)).toMatchObject({ kind: 'existing', patientId: 'c1', message: m.duplicateExisting('Alfa srl') });
    expect(d.get(3)).toMatchObject({ kind: 'existing', patientId: 'c2' });
  });
});

describe('withDuplicateAction', () => {
  it('lets the user update an existing patient, never a row of the file', () => {
    expect(
      withDuplicateAction({ kind: 'existing', action: 'skip', patientId: 'p1', message: '' }, 'update'),
    ).toMatchObject({
      action: 'update',
    });
    expect(withDuplicateAction({ kind: 'file', action: 'skip', firstRow: 2, message: '' }, 'update')).toMatchObject({
      action: 'skip',
    });
  });
});
