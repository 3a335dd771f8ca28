import { describe, expect, it } from 'vitest';
import { anagraficaMessages as am } from '../anagrafica/anagrafica.messages.ts';
import { codiceFiscaleAgreement, nameCode, surnameCode } from './codice-fiscale-agreement.ts';
import { mapHeader } from './header-mapping.ts';
import { importMessages as m } from './import.messages.ts';
import { checkImportValues, type ImportRowCheck, type ImportValues, rowValues, splitFullName } from './import-row.ts';
import { formulaCell } from './read-import-file.ts';

const today = new Date(2026, 10, 27);
const check = (values: ImportValues, tags?: string[]) => checkImportValues(values, { today, tags });

// Valid codes, check characters by the official tables
const ROSSI_MARIO = 'RSSMRA80A01H501U'; // man, 01-01-1980, Roma
const ROSSI_MARIO_OMOCODIA = 'RSSMRA80A01H50MM'; // the same with the last digit of the place as its letter
const BIANCHI_ANNA_MARIA = 'BNCNMR75C55F205E'; // woman, 15-03-1975, Milano
const MULLER_HANS = 'MLLHNS90E10Z112L'; // man, 10-05-1990, born in Germany (Z112)
const DE_LUCA_GIUSEPPE = 'DLCGPP85T10F839F'; // man, 10-12-1985, Napoli
const PIVA = '01234567897';

const ok = (r: ImportRowCheck) => {
  if (!r.ok) throw new Error(`row refused: ${JSON.stringify(r.problems)}`);
  return r;
};
const problems = (r: ImportRowCheck) => {
  if (r.ok) throw new Error('row accepted, expected problems');
  return r.problems;
};

const mario: ImportValues = {
  cognome: 'Rossi',
  nome: 'Mario',
  codiceFiscale: ROSSI_MARIO,
  sesso: 'M',
  dataNascita: '01/01/1980',
};

describe('fiscal code letters of surname and name', () => {
  it.each([
    ['Rossi', 'RSS'],
    ['Fo', 'FOX'],
    ["D'Amico", 'DMC'],
    ['De Luca', 'DLC'],
    ['Müller', 'MLL'],
    ['Niccolò', 'NCC'],
  ])('surname %s → %s', (s, code) => expect(surnameCode(s)).toBe(code));
  it.each([
    ['Mario', 'MRA'],
    ['Gianfranco', 'GFR'],
    ['Anna Maria', 'NMR'],
    ['Giuseppe', 'GPP'],
    ['Ugo', 'GUO'],
    ['Al', 'LAX'],
  ])('name %s → %s', (s, code) => expect(nameCode(s)).toBe(code));
});

describe('codiceFiscaleAgreement', () => {
  it('agrees with the data the code was made from, omocodia or not', () => {
    const given = {
      cognome: 'Rossi',
      nome: 'Mario',
      sesso: 'U',
      dataNascita: '01-01-1980',
      comuneNascita: 'Roma',
    } as const;
    expect(codiceFiscaleAgreement(ROSSI_MARIO, given, today)?.disagreements).toEqual([]);
    expect(codiceFiscaleAgreement(ROSSI_MARIO_OMOCODIA, given, today)?.disagreements).toEqual([]);
  });

  it('names every field the code contradicts', () => {
    const r = codiceFiscaleAgreement(
      ROSSI_MARIO,
      { cognome: 'Verdi', nome: 'Luigi', sesso: 'D', dataNascita: '02-01-1980', comuneNascita: 'Milano' },
      today,
    );
    expect(r?.disagreements).toEqual(['cognome', 'nome', 'sesso', 'dataNascita', 'comuneNascita']);
  });

  it('compares the year on its last two digits (the code holds no century)', () => {
    expect(codiceFiscaleAgreement(ROSSI_MARIO, { dataNascita: '01-01-1880' }, today)?.disagreements).toEqual([]);
  });

  it('reads a foreign birthplace (Z code) and compares it with the state given', () => {
    const r = codiceFiscaleAgreement(MULLER_HANS, { comuneNascita: 'Germania' }, today);
    expect(r?.disagreements).toEqual([]);
    expect(r?.decoded.birthplace).toEqual({ kind: 'estero', nome: 'Germania', codAlpha2: 'DE' });
    expect(codiceFiscaleAgreement(MULLER_HANS, { comuneNascita: 'Austria' }, today)?.disagreements).toEqual([
      'comuneNascita',
    ]);
    expect(codiceFiscaleAgreement(MULLER_HANS, { comuneNascita: 'Estero' }, today)?.disagreements).toEqual([]);
  });

  it('answers null for a code that is not valid', () => {
    expect(codiceFiscaleAgreement('RSSMRA80A01H501X', {}, today)).toBeNull();
  });
});

describe('checkImportValues: a person', () => {
  it('gives the patient input the patient API accepts', () => {
    const r = ok(
      check(
        {
          ...mario,
          cellulare: '333/1234567',
          email: ' Mario.Rossi@Example.it ',
          indirizzo: 'Via Roma',
          civico: '1',
          cap: '00187',
          comune: 'Roma',
          provincia: 'rm',
          note: 'Allergico al lattice',
        },
        ['Importati'],
      ),
    );
    expect(r.warnings).toEqual([]);
    expect(r.filled).toEqual([{ field: 'comuneNascita', message: m.filledFromCodiceFiscale }]);
    expect(r.input).toMatchObject({
      tags: ['Importati'],
      datiGenerali: {
        tipologiaPersona: 'FISICA',
        cognome: 'Rossi',
        nome: 'Mario',
        sesso: 'U',
        codiceFiscale: ROSSI_MARIO,
        dataNascita: '01-01-1980',
        comuneNascita: 'Roma',
        provinciaNascita: 'RM',
        nazionalita: 'IT',
        note: 'Allergico al lattice',
      },
      contatti: { cellulare: '333 1234567', email: 'Mario.Rossi@Example.it' },
      residenza: { indirizzo: 'Via Roma, 1', cap: '00187', comune: 'Roma', provincia: 'RM' },
    });
  });

  it('accepts an omocodia code that agrees with the data, without warnings', () => {
    const r = ok(
      check({ ...mario, codiceFiscale: ROSSI_MARIO_OMOCODIA, comuneNascita: 'Roma', provinciaNascita: 'RM' }),
    );
    expect(r.warnings).toEqual([]);
    expect(r.filled).toEqual([]);
  });

  it('warns, without refusing the row, when the code disagrees with surname, sex and birth date', () => {
    const r = ok(check({ ...mario, cognome: 'Verdi', sesso: 'F', dataNascita: '02/01/1980' }));
    expect(r.warnings).toEqual([
      { field: 'cognome', message: m.cfCognomeMismatch },
      { field: 'sesso', message: m.cfSessoMismatch },
      { field: 'dataNascita', message: m.cfDataNascitaMismatch },
    ]);
  });

  it('takes sex, birth date and birthplace from the code when the file has none', () => {
    const r = ok(check({ cognome: 'Bianchi', nome: 'Anna Maria', codiceFiscale: BIANCHI_ANNA_MARIA }));
    expect(r.input.datiGenerali).toMatchObject({
      sesso: 'D',
      dataNascita: '15-03-1975',
      comuneNascita: 'Milano',
      provinciaNascita: 'MI',
    });
    expect(r.warnings).toEqual([]);
    expect(r.filled.map((w) => w.field)).toEqual(['sesso', 'dataNascita', 'comuneNascita']);
  });

  it('accepts a person born abroad with a Z code and a foreign nationality', () => {
    const r = ok(
      check({
        cognome: 'Müller',
        nome: 'Hans',
        codiceFiscale: MULLER_HANS,
        comuneNascita: 'Germania',
        nazionalita: 'Germania',
      }),
    );
    expect(r.warnings).toEqual([]);
    expect(r.input.datiGenerali).toMatchObject({ nazionalita: 'DE', dataNascita: '10-05-1990', sesso: 'U' });
  });

  it('accepts a foreign national without a fiscal code, refuses an Italian one without it', () => {
    ok(check({ cognome: 'Smith', nome: 'John', nazionalita: 'Regno Unito' }));
    ok(check({ cognome: 'Smith', nome: 'John', nazionalita: 'GB' }));
    expect(problems(check({ cognome: 'Rossi', nome: 'Mario' }))).toEqual([
      { field: 'codiceFiscale', message: am.required },
    ]);
  });

  it('refuses a wrong fiscal code with the message of the patient form', () => {
    expect(problems(check({ ...mario, codiceFiscale: 'RSSMRA80A01H501X' }))).toEqual([
      { field: 'codiceFiscale', message: am.codiceFiscaleInvalid },
    ]);
    expect(problems(check({ ...mario, codiceFiscale: 'RSSMRA80A01' }))).toEqual([
      { field: 'codiceFiscale', message: am.codiceFiscaleLength },
    ]);
  });

  it('reports every wrong field of a row, each in Italian', () => {
    const p = problems(
      check({
        ...mario,
        dataNascita: '31/02/1980',
        sesso: 'X',
        email: 'mario@',
        cellulare: '333 abc',
        cap: '1234A',
        comune: 'Roma',
        indirizzo: 'Via Roma 1',
        provincia: 'Roma e provincia',
        partitaIva: '12345678901',
      }),
    );
    // every problem at once, and no other (the address is complete: no "Indirizzo non valido")
    expect(new Set(p.map((x) => `${x.field}: ${x.message}`))).toEqual(
      new Set([
        `sesso: ${m.sessoInvalid}`,
        `dataNascita: ${m.dateInvalid}`,
        `email: ${am.emailInvalid}`,
        `cellulare: ${am.phoneInvalid}`,
        `cap: ${am.capInvalid}`,
        `provincia: ${am.provinciaInvalid}`,
        `partitaIva: ${am.partitaIvaInvalid}`,
      ]),
    );
  });

  it("reads M/F, Maschio/Femmina and the app's U/D", () => {
    for (const [text, sesso] of [
      ['M', 'U'],
      ['maschio', 'U'],
      ['U', 'U'],
      ['F', 'D'],
      ['Femmina', 'D'],
      ['D', 'D'],
    ] as const) {
      const code = sesso === 'D' ? BIANCHI_ANNA_MARIA : ROSSI_MARIO;
      const names = sesso === 'D' ? { cognome: 'Bianchi', nome: 'Anna Maria' } : { cognome: 'Rossi', nome: 'Mario' };
      expect(ok(check({ ...names, codiceFiscale: code, sesso: text })).input.datiGenerali.sesso).toBe(sesso);
    }
  });
});

describe('checkImportValues: formula injection', () => {
  it.each(["=cmd|' /C calc'!A0", '+HYPERLINK("http://evil","clic")', '-2+3', '@SUM(A1)'])(
    'refuses %s with a clear message, in any field',
    (value) => {
      const p = problems(check({ ...mario, note: value }));
      expect(p).toEqual([{ field: 'note', message: m.formulaLike(value[0] as string) }]);
      expect(problems(check({ ...mario, cognome: value }))).toContainEqual({
        field: 'cognome',
        message: m.formulaLike(value[0] as string),
      });
    },
  );

  it('refuses a cell longer than the limit, whatever the field', () => {
    const mapping = mapHeader(['Cognome', 'Nome', 'Codice fiscale', 'Note']);
    const { values, cellProblems } = rowValues(['Rossi', 'Mario', ROSSI_MARIO, 'x'.repeat(10_001)], mapping);
    expect(values.note).toBeUndefined();
    expect(problems(checkImportValues(values, { today }, cellProblems))).toEqual([
      { field: 'note', message: m.cellTooLong },
    ]);
  });

  it('accepts a phone number with its + prefix', () => {
    expect(ok(check({ ...mario, cellulare: '+39 333 1234567' })).input.contatti?.cellulare).toBe('+39 333 1234567');
  });

  it('refuses a formula cell of an XLSX, keeping nothing of it', () => {
    const mapping = mapHeader(['Cognome', 'Nome', 'Codice fiscale', 'Note']);
    const { values, cellProblems } = rowValues(['Rossi', 'Mario', ROSSI_MARIO, formulaCell], mapping);
    expect(values).toEqual({ cognome: 'Rossi', nome: 'Mario', codiceFiscale: ROSSI_MARIO });
    expect(problems(checkImportValues(values, { today }, cellProblems))).toEqual([
      { field: 'note', message: m.formulaCell },
    ]);
  });
});

describe('checkImportValues: companies', () => {
  it('makes a company of a row with a company name and no person', () => {
    const r = ok(check({ ragioneSociale: 'Palestra Alfa S.r.l.', partitaIva: PIVA, codiceFiscale: PIVA }));
    expect(r.input.datiGenerali).toMatchObject({
      tipologiaPersona: 'GIURIDICA',
      ragioneSociale: 'Palestra Alfa S.r.l.',
      partitaIva: PIVA,
      nome: null,
      cognome: null,
    });
  });

  it('makes a company of a combined name that reads as one, or has a partita IVA and no personal code', () => {
    expect(
      ok(check({ nomeCompleto: 'Studio Verdi SNC', partitaIva: PIVA, codiceFiscale: PIVA })).input.datiGenerali,
    ).toMatchObject({ tipologiaPersona: 'GIURIDICA', ragioneSociale: 'Studio Verdi SNC' });
    expect(
      ok(check({ nomeCompleto: 'Alfa Beta', partitaIva: PIVA, codiceFiscale: PIVA })).input.datiGenerali,
    ).toMatchObject({ tipologiaPersona: 'GIURIDICA' });
  });

  it('takes the partita IVA from a numeric codice fiscale, and the reverse', () => {
    expect(ok(check({ ragioneSociale: 'Palestra Alfa S.r.l.', codiceFiscale: PIVA })).input.datiGenerali).toMatchObject(
      {
        partitaIva: PIVA,
      },
    );
    const r = ok(check({ ragioneSociale: 'Palestra Alfa S.r.l.', partitaIva: `IT${PIVA}` }));
    expect(r.input.datiGenerali).toMatchObject({ codiceFiscale: PIVA });
    expect(r.filled).toEqual([{ field: 'codiceFiscale', message: m.filledFromPartitaIva }]);
  });

  it('refuses a company without codice fiscale and partita IVA, on those fields', () => {
    expect(problems(check({ ragioneSociale: 'Palestra Alfa S.r.l.' }))).toEqual([
      { field: 'codiceFiscale', message: am.required },
      { field: 'partitaIva', message: am.required },
    ]);
  });
});

describe('splitFullName and the combined name column', () => {
  it('splits surname first, keeping particles with the surname', () => {
    expect(splitFullName('Rossi Mario')).toEqual({ cognome: 'Rossi', nome: 'Mario' });
    expect(splitFullName('De Luca Anna Maria')).toEqual({ cognome: 'De Luca', nome: 'Anna Maria' });
    expect(splitFullName('Rossi')).toEqual({ cognome: 'Rossi', nome: '' });
  });

  it('lets a valid fiscal code decide the order and the cut', () => {
    expect(splitFullName('Mario Rossi', ROSSI_MARIO)).toEqual({ cognome: 'Rossi', nome: 'Mario' });
    expect(splitFullName('Giuseppe De Luca', DE_LUCA_GIUSEPPE)).toEqual({ cognome: 'De Luca', nome: 'Giuseppe' });
    expect(splitFullName('Bianchi Anna Maria', BIANCHI_ANNA_MARIA)).toEqual({ cognome: 'Bianchi', nome: 'Anna Maria' });
  });

  it('reports a missing name on the combined column', () => {
    expect(problems(check({ nomeCompleto: 'Rossi', codiceFiscale: ROSSI_MARIO }))).toEqual([
      { field: 'nomeCompleto', message: am.required },
    ]);
  });
});

describe('checkImportValues: places', () => {
  it('reads a comune from its catastral code, filling province and (single) CAP', () => {
    const r = ok(check({ ...mario, indirizzo: 'Via Garibaldi 3', comune: 'A952' }));
    expect(r.input.residenza).toEqual({
      indirizzo: 'Via Garibaldi 3',
      comune: 'Bolzano',
      provincia: 'BZ',
      cap: '39100',
    });
    expect(r.warnings).toEqual([]);
    expect(r.filled).toEqual([
      { field: 'comuneNascita', message: m.filledFromCodiceFiscale },
      { field: 'provincia', message: m.filledFromComune },
      { field: 'cap', message: m.filledFromComune },
    ]);
  });

  it('reads a province written as its chief town or in parentheses', () => {
    const r = ok(check({ ...mario, indirizzo: 'Via Roma 1', cap: '20121', comune: 'Milano', provincia: 'Milano' }));
    expect(r.input.residenza?.provincia).toBe('MI');
    expect(
      ok(check({ ...mario, indirizzo: 'Via Roma 1', cap: '20121', comune: 'milano', provincia: '(MI)' })).input
        .residenza,
    ).toMatchObject({ comune: 'Milano', provincia: 'MI' });
  });

  it('tells two comuni of the same name apart by the province given', () => {
    const r = ok(check({ ...mario, indirizzo: 'Via Roma 1', comune: 'Castro', provincia: 'LE' }));
    expect(r.input.residenza).toMatchObject({ comune: 'Castro', provincia: 'LE', cap: '73030' });
  });

  it('warns about a comune not found, a province or a CAP that do not fit it', () => {
    expect(
      ok(check({ ...mario, indirizzo: 'Rue X 1', cap: '75001', comune: 'Parigi', provincia: 'EE' })).warnings,
    ).toEqual([{ field: 'comune', message: m.comuneUnknown }]);
    expect(
      ok(check({ ...mario, indirizzo: 'Via Roma 1', cap: '40121', comune: 'Bolzano', provincia: 'BO' })).warnings,
    ).toEqual([
      { field: 'provincia', message: m.comuneProvinciaMismatch('BZ') },
      { field: 'cap', message: m.capComuneMismatch },
    ]);
  });

  it('refuses an incomplete address as the patient form does', () => {
    expect(problems(check({ ...mario, indirizzo: 'Via Roma 1', comune: 'Parigi' }))).toEqual([
      { field: 'indirizzo', message: am.indirizzoInvalid },
    ]);
  });

  it('gives an XLSX CAP typed as a number its leading zeros back, and reads a serial birth date', () => {
    const mapping = mapHeader(['Cognome', 'Nome', 'CF', 'Nato il', 'Indirizzo', 'CAP', 'Comune', 'Cellulare']);
    const { values } = rowValues(
      ['Rossi', 'Mario', ROSSI_MARIO, 29_221, 'Via Roma 1', 187, 'Roma', 3331234567],
      mapping,
    );
    expect(values).toMatchObject({ cap: '00187', dataNascita: '01-01-1980', cellulare: '3331234567' });
    const r = ok(checkImportValues(values, { today }));
    expect(r.warnings).toEqual([]);
    expect(r.input.residenza).toMatchObject({ cap: '00187', comune: 'Roma', provincia: 'RM' });
    expect(r.input.datiGenerali).toMatchObject({ dataNascita: '01-01-1980', sesso: 'U' });
  });
});

describe('checkImportValues: tags', () => {
  it("adds the tags of a tags column to the import's own, once each", () => {
    const r = ok(check({ ...mario, tags: 'Sportivi; lombalgia, importati' }, ['Importati']));
    expect(r.input.tags).toEqual(['Sportivi', 'lombalgia', 'Importati']);
  });
});
