import { describe, expect, it } from 'vitest';
import { anagraficaMessages as am } from '../anagrafica/anagrafica.messages.ts';
import { patientMessages } from './patient.messages.ts';
import {
  isValidForFattura,
  normalizeSearchText,
  opposesSistemaTs,
  patientDisplayName,
  patientSearchText,
} from './patient.rules.ts';
import {
  mayLackCodiceFiscale,
  type PatientInput,
  patientInputSchema,
  patientInputSchemaWithoutCodiceFiscale,
  patientUpdateInputSchema,
} from './patient.schema.ts';

const address = { indirizzo: 'Via Dante 3', cap: '20121', comune: 'Milano', provincia: 'MI' };
const mario = (g: Partial<PatientInput['datiGenerali']> = {}, rest: Partial<PatientInput> = {}): PatientInput => ({
  datiGenerali: { nome: 'Mario', cognome: 'Rossi', codiceFiscale: 'RSSMRA78E14F205V', ...g },
  residenza: address,
  ...rest,
});
const fieldErrors = (input: unknown) => {
  const r = patientInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('patient input', () => {
  it('defaults to an active natural person of Italian nationality who allows transmission to the Sistema TS', () => {
    const p = patientInputSchema.parse(mario());
    expect(p).toMatchObject({
      state: 'ACTIVE',
      tags: [],
      datiGenerali: { tipologiaPersona: 'FISICA', sesso: 'U', nazionalita: 'IT', isPubblicaAmministrazione: false },
      datiSanitari: { trasmissioneSistemaSanitario: true },
    });
  });

  it('upper-cases the fiscal code and drops its spaces', () => {
    expect(patientInputSchema.parse(mario({ codiceFiscale: ' rssmra78e14 f205v ' })).datiGenerali.codiceFiscale).toBe(
      'RSSMRA78E14F205V',
    );
  });

  it('gives the spec message of the fiscal-code rule that fails', () => {
    expect(fieldErrors(mario({ codiceFiscale: 'RSSMRA78E31B205V' }))['datiGenerali.codiceFiscale']).toBeDefined();
    expect(fieldErrors(mario({ codiceFiscale: 'RSSMRA78Z14F205V' }))['datiGenerali.codiceFiscale']).toBe(
      am.codiceFiscaleMonth,
    );
    expect(fieldErrors(mario({ codiceFiscale: 'RSSMRA78E14F205' }))['datiGenerali.codiceFiscale']).toBe(
      am.codiceFiscaleLength,
    );
  });

  it('clears the company fields of a person and the personal fields of a company', () => {
    const person = patientInputSchema.parse(mario({ ragioneSociale: 'X srl', isPubblicaAmministrazione: true }));
    expect(person.datiGenerali).toMatchObject({ ragioneSociale: null, isPubblicaAmministrazione: false });
    const company = patientInputSchema.parse({
      datiGenerali: {
        tipologiaPersona: 'GIURIDICA',
        ragioneSociale: 'Atletica Navigli ASD',
        nome: 'Mario',
        sesso: 'D',
        codiceFiscale: '01234567897',
        partitaIva: '01234567897',
      },
    });
    expect(company.datiGenerali).toMatchObject({ nome: null, cognome: null, sesso: 'U' });
  });

  it('accepts Latin names with accents and apostrophes, and refuses other scripts', () => {
    expect(fieldErrors(mario({ cognome: 'D’Annunzio', nome: 'Nicolò' }))).toEqual({});
    expect(fieldErrors(mario({ nome: 'Ἀλέξανδρος' }))['datiGenerali.nome']).toBe(patientMessages.latinOnly);
  });

  it('wants a 6-character office code for a public administration and 7 characters otherwise', () => {
    const pa = (codiceDestinatario: string) => ({
      datiGenerali: {
        tipologiaPersona: 'GIURIDICA',
        ragioneSociale: 'Comune di Milano',
        codiceFiscale: '01199250158',
        isPubblicaAmministrazione: true,
        codiceDestinatario,
      },
    });
    expect(fieldErrors(pa('UFRL7E'))).toEqual({});
    expect(fieldErrors(pa('0000000'))['datiGenerali.codiceDestinatario']).toBe(am.codiceDestinatarioInvalid);
    expect(fieldErrors(mario({ codiceDestinatario: 'abc1234' }))).toEqual({});
    expect(fieldErrors(mario({ codiceDestinatario: 'UFRL7E' }))['datiGenerali.codiceDestinatario']).toBe(
      am.codiceDestinatarioInvalid,
    );
  });

  it('takes a company tax code of 11 characters (11 digits with the VAT check digit) or a sole trader’s personal code', () => {
    const company = (codiceFiscale: string) => ({
      datiGenerali: {
        tipologiaPersona: 'GIURIDICA',
        ragioneSociale: 'Rossi Srl',
        codiceFiscale,
        partitaIva: '01199250158',
      },
    });
    const cf = (code: string) => fieldErrors(company(code))['datiGenerali.codiceFiscale'];
    // spec part 1 §5, part 2 §5: 11 alphanumeric characters; 11 digits carry the partita IVA check digit
    expect(cf('01199250158')).toBeUndefined();
    expect(cf('01199250159')).toBe(am.codiceFiscaleInvalid);
    expect(cf('0119925015')).toBe(am.codiceFiscaleInvalid);
    // decision 012: a sole trader (ditta individuale) invoices under the owner's personal code, checked in full
    expect(cf('RSSMRA78E14F205V')).toBeUndefined();
    expect(cf('RSSMRA78E14F205X')).toBe(am.codiceFiscaleInvalid);
  });

  it('refuses a birth date that does not exist or lies in the future', () => {
    expect(fieldErrors(mario({ dataNascita: '29-02-2023' }))['datiGenerali.dataNascita']).toBe(
      patientMessages.dataNascitaInvalid,
    );
    expect(fieldErrors(mario({ dataNascita: '01-01-2999' }))['datiGenerali.dataNascita']).toBe(
      patientMessages.dataNascitaFuture,
    );
    expect(fieldErrors(mario({ dataNascita: '29-02-2024' }))).toEqual({});
  });

  it('keeps a tag once whatever its case, trimmed', () => {
    expect(patientInputSchema.parse(mario({}, { tags: [' Sportivo ', 'sportivo', 'Over  65'] })).tags).toEqual([
      'sportivo',
      'Over 65',
    ]);
  });
});

describe('a patient made by an online booking (decision 035)', () => {
  const booked = mario({ codiceFiscale: null });
  it('may be saved without the fiscal code, and only such a patient', () => {
    expect(mayLackCodiceFiscale('ONLINE_BOOKING')).toBe(true);
    expect(mayLackCodiceFiscale(null)).toBe(false);
    expect(fieldErrors(booked)).toEqual({ 'datiGenerali.codiceFiscale': am.required });
    expect(patientInputSchemaWithoutCodiceFiscale.safeParse(booked).success).toBe(true);
    // PUT's body: the service requires the code of everyone else, knowing the record's source
    expect(patientUpdateInputSchema.safeParse({ id: crypto.randomUUID(), ...booked }).success).toBe(true);
  });

  it('still has a fiscal code given checked, and is not valid for an invoice without one', () => {
    const wrong = patientInputSchemaWithoutCodiceFiscale.safeParse(mario({ codiceFiscale: 'RSSMRA78E14F205X' }));
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path.join('.')).toBe('datiGenerali.codiceFiscale');
    const saved = patientInputSchemaWithoutCodiceFiscale.parse(booked);
    expect(isValidForFattura(saved)).toBe(false);
  });
});

describe('patient rules', () => {
  it('shows a person as "cognome nome" and a company by its name', () => {
    expect(
      patientDisplayName({ tipologiaPersona: 'FISICA', nome: 'Mario', cognome: 'Rossi', ragioneSociale: null }),
    ).toBe('Rossi Mario');
    expect(
      patientDisplayName({
        tipologiaPersona: 'GIURIDICA',
        nome: null,
        cognome: null,
        ragioneSociale: 'Comune di Milano',
      }),
    ).toBe('Comune di Milano');
  });

  it('is valid for an invoice with a name, a fiscal identity and a complete address', () => {
    expect(isValidForFattura(patientInputSchema.parse(mario()))).toBe(true);
    const noAddress = patientInputSchema.parse(mario({}, { residenza: undefined }));
    expect(isValidForFattura(noAddress)).toBe(false);
    const foreignNoCode = patientInputSchema.parse(mario({ codiceFiscale: null, nazionalita: 'FR' }));
    expect(isValidForFattura(foreignNoCode)).toBe(false);
  });

  it('flags a natural person who opposes transmission to the Sistema TS, never a company', () => {
    const datiSanitari = { numeroTesseraSanitaria: null, documentoIdentita: null, trasmissioneSistemaSanitario: false };
    expect(opposesSistemaTs({ datiGenerali: { tipologiaPersona: 'FISICA' }, datiSanitari } as never)).toBe(true);
    expect(opposesSistemaTs({ datiGenerali: { tipologiaPersona: 'GIURIDICA' }, datiSanitari } as never)).toBe(false);
  });

  it('searches names without accents or case, and phones as bare digits', () => {
    const p = patientInputSchema.parse(
      mario(
        { nome: 'Nicolò' },
        { contatti: { cellulare: '+39 333 765-4321', telefono: null, email: 'N@X.IT', pec: null } },
      ),
    );
    const text = patientSearchText(p);
    expect(text).toContain('rossi nicolo');
    expect(text).toContain('+393337654321');
    expect(text).toContain('n@x.it');
    expect(normalizeSearchText('  NICOLÒ   Rossi ')).toBe('nicolo rossi');
  });
});
