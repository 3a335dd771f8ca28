import { describe, expect, it } from 'vitest';
import { mapAppointmentHeader } from './appointment-header-mapping.ts';
import {
  type AppointmentImportInput,
  appointmentRowValues,
  buildImportMatchIndex,
  checkAppointmentValues,
  findAppointmentDuplicates,
  findStaffOverlaps,
  type ImportPatientRef,
  matchImportPatient,
  nameMatchKey,
} from './appointment-import-row.ts';
import { makeXlsx } from './make-xlsx.testing.ts';
import { formulaCell, readImportFile } from './read-import-file.ts';

const patient = (id: string, over: Partial<ImportPatientRef> = {}): ImportPatientRef => ({
  id,
  codiceFiscale: null,
  cognome: 'Rossi',
  nome: 'Mario',
  ragioneSociale: null,
  dataNascita: null,
  ...over,
});

const patients = [
  patient('p-rossi', { codiceFiscale: 'RSSMRA80A01H501U', dataNascita: '1980-01-01' }),
  patient('p-bianchi', { cognome: 'Bianchi', nome: 'Anna Maria', codiceFiscale: 'BNCNMR85M41F205X' }),
  patient('p-damico', { cognome: "D'Amico", nome: 'Lucía' }),
  // omonimi: two Verdi Luca with different codes and birth dates
  patient('p-verdi-1', {
    cognome: 'Verdi',
    nome: 'Luca',
    codiceFiscale: 'VRDLCU70A01H501X',
    dataNascita: '1970-01-01',
  }),
  patient('p-verdi-2', {
    cognome: 'Verdi',
    nome: 'Luca',
    codiceFiscale: 'VRDLCU90B02F205Y',
    dataNascita: '1990-02-02',
  }),
];
const services = [
  { id: 's-tecar', name: 'Tecarterapia', durationMinutes: 30, grossPriceCents: 4000 },
  { id: 's-visita', name: 'Visita fisiatrica', durationMinutes: 45, grossPriceCents: 9000 },
];
const giulia = { id: 'm-giulia', name: 'Giulia', lastname: 'Neri', email: 'giulia@studio.it' };
const paolo = { id: 'm-paolo', name: 'Paolo', lastname: 'Neri', email: 'paolo@studio.it' };
const index = buildImportMatchIndex({ patients, services, staff: [giulia, paolo], practitioners: [giulia, paolo] });
const today = new Date('2026-11-28T10:00:00Z');
const check = (values: Record<string, string>, idx = index) => checkAppointmentValues(values, { index: idx, today });

describe('nameMatchKey', () => {
  it('ignores accents, case, apostrophes and the order of the words', () => {
    expect(nameMatchKey("D'Amico", 'Lucía')).toBe(nameMatchKey('lucia damico'));
    expect(nameMatchKey('Rossi Mario')).toBe(nameMatchKey('MARIO', 'ROSSI'));
  });
});

describe('matchImportPatient', () => {
  it('matches by codice fiscale first', () => {
    expect(matchImportPatient(index, { codiceFiscale: 'rssmra80a01h501u', paziente: 'Qualcun Altro' })).toMatchObject({
      kind: 'one',
      patient: { id: 'p-rossi' },
    });
  });

  it('matches by surname and name, accents, case and order ignored', () => {
    expect(matchImportPatient(index, { paziente: 'lucia damico' })).toMatchObject({ patient: { id: 'p-damico' } });
    expect(matchImportPatient(index, { cognome: 'BIANCHI', nome: 'anna maria' })).toMatchObject({
      patient: { id: 'p-bianchi' },
    });
  });

  it('asks for the codice fiscale when a name belongs to several patients (omonimi)', () => {
    expect(matchImportPatient(index, { paziente: 'Verdi Luca' })).toEqual({ kind: 'many', count: 2 });
  });

  it('tells omonimi apart by birth date or by their different codes', () => {
    expect(matchImportPatient(index, { paziente: 'Verdi Luca', dataNascitaIso: '1990-02-02' })).toMatchObject({
      patient: { id: 'p-verdi-2' },
    });
    expect(matchImportPatient(index, { codiceFiscale: 'VRDLCU70A01H501X', paziente: 'Verdi Luca' })).toMatchObject({
      patient: { id: 'p-verdi-1' },
    });
  });

  it('never takes a patient with another code for the one a row names by code', () => {
    const found = matchImportPatient(index, { codiceFiscale: 'VRDLCU80C03L219Z', paziente: 'Verdi Luca' });
    expect(found.kind).toBe('none');
  });

  it('matches a code by name only to a patient registered without a code, with a warning', () => {
    expect(matchImportPatient(index, { codiceFiscale: 'DMCLCU80A41H501Z', paziente: "D'Amico Lucia" })).toMatchObject({
      kind: 'one',
      patient: { id: 'p-damico' },
      warning: expect.stringMatching(/codice fiscale/),
    });
  });

  it('finds nobody for an unknown name', () => {
    expect(matchImportPatient(index, { paziente: 'Sconosciuto Tizio' })).toMatchObject({
      kind: 'none',
      message: expect.stringMatching(/^Paziente non trovato/),
    });
  });
});

describe('checkAppointmentValues', () => {
  it('builds the appointment: Rome time to UTC, patient, service with its price, staff by name', () => {
    const result = check({
      data: '10/12/2026',
      oraInizio: '9.30',
      oraFine: '10:15',
      paziente: 'Rossi Mario',
      servizio: 'tecarterapia',
      operatore: 'Neri Giulia',
      note: 'Prima seduta',
    });
    expect(result).toMatchObject({
      ok: true,
      input: {
        start: new Date('2026-12-10T08:30:00Z'),
        end: new Date('2026-12-10T09:15:00Z'),
        pazienteId: 'p-rossi',
        patientName: 'Rossi Mario',
        productId: 's-tecar',
        priceCents: 4000,
        staffMemberId: 'm-giulia',
        note: 'Prima seduta',
      },
      warnings: [],
    });
  });

  it('takes the duration in minutes or as 1h30, else the service’s', () => {
    const withDuration = check({ data: '10/07/2026', oraInizio: '15:00', durata: '1h30', paziente: 'Rossi Mario' });
    expect(withDuration.ok && withDuration.input.end.toISOString()).toBe('2026-07-10T14:30:00.000Z');
    const fromService = check({
      data: '10/07/2026',
      oraInizio: '15:00',
      paziente: 'Rossi Mario',
      servizio: 'Visita fisiatrica',
    });
    expect(fromService.ok && fromService.input.end.toISOString()).toBe('2026-07-10T13:45:00.000Z');
    expect(fromService.filled).toEqual([{ field: 'durata', message: 'Durata ricavata dalla prestazione.' }]);
  });

  it('reads the time from a date-time cell', () => {
    const result = check({ data: '10/07/2026 15:00', durata: '45', codiceFiscale: 'RSSMRA80A01H501U' });
    expect(result.ok && result.input.start.toISOString()).toBe('2026-07-10T13:00:00.000Z');
  });

  it('refuses bad times, an end before the start, a missing end and a day that does not exist', () => {
    expect(check({ data: '10/07/2026', oraInizio: '25:00', durata: '30', paziente: 'Rossi Mario' })).toMatchObject({
      ok: false,
      problems: [{ field: 'oraInizio', message: expect.stringMatching(/^Ora non valida/) }],
    });
    expect(check({ data: '10/07/2026', oraInizio: '10:00', oraFine: '09:00', paziente: 'Rossi Mario' })).toMatchObject({
      problems: [{ field: 'oraFine', message: 'L’ora di fine deve essere successiva all’ora di inizio.' }],
    });
    expect(check({ data: '10/07/2026', oraInizio: '10:00', paziente: 'Rossi Mario' })).toMatchObject({
      problems: [{ field: 'oraFine', message: 'Manca l’ora di fine o la durata.' }],
    });
    expect(check({ data: '31/02/2026', oraInizio: '10:00', durata: '30', paziente: 'Rossi Mario' })).toMatchObject({
      problems: [{ field: 'data' }],
    });
    expect(check({ data: '10/07/2026', oraInizio: '08:00', durata: '13h', paziente: 'Rossi Mario' })).toMatchObject({
      problems: [{ field: 'durata', message: 'Un appuntamento importato non può durare più di 12 ore.' }],
    });
  });

  it('says when a start falls in the hour the spring change skips', () => {
    const result = check({ data: '29/03/2026', oraInizio: '02:30', durata: '30', paziente: 'Rossi Mario' });
    expect(result).toMatchObject({
      ok: true,
      warnings: [{ field: 'oraInizio', message: expect.stringMatching(/03:30/) }],
    });
  });

  it('never creates a patient: an unknown or ambiguous one is a problem of the row', () => {
    expect(check({ data: '10/07/2026', oraInizio: '10:00', durata: '30', paziente: 'Nuovo Paziente' })).toMatchObject({
      ok: false,
      problems: [
        { field: 'paziente', message: expect.stringMatching(/^Paziente non trovato: importa prima i pazienti/) },
      ],
    });
    expect(check({ data: '10/07/2026', oraInizio: '10:00', durata: '30', paziente: 'Luca Verdi' })).toMatchObject({
      ok: false,
      problems: [{ field: 'paziente', message: expect.stringMatching(/indica il codice fiscale/) }],
    });
  });

  it('imports without service or staff member when they are unknown, with a warning', () => {
    const result = check({
      data: '10/07/2026',
      oraInizio: '10:00',
      durata: '30',
      paziente: 'Rossi Mario',
      servizio: 'Agopuntura',
      operatore: 'Neri',
    });
    expect(result).toMatchObject({ ok: true, input: { productId: null, staffMemberId: null } });
    expect(result.warnings.map((w) => w.field)).toEqual(['servizio', 'operatore']);
  });

  it('gives rows without a staff member the studio’s only practitioner', () => {
    const solo = buildImportMatchIndex({ patients, services, staff: [giulia, paolo], practitioners: [giulia] });
    const result = check({ data: '10/07/2026', oraInizio: '10:00', durata: '30', paziente: 'Rossi Mario' }, solo);
    expect(result).toMatchObject({ ok: true, input: { staffMemberId: 'm-giulia' } });
    expect(
      check(
        { data: '10/07/2026', oraInizio: '10:00', durata: '30', paziente: 'Rossi Mario', operatore: 'paolo@studio.it' },
        solo,
      ),
    ).toMatchObject({
      input: { staffMemberId: 'm-paolo' },
    });
  });

  it('refuses formula-like text and formula cells', () => {
    expect(
      check({ data: '10/07/2026', oraInizio: '10:00', durata: '30', paziente: 'Rossi Mario', note: '=HYPERLINK("x")' }),
    ).toMatchObject({
      ok: false,
      problems: [{ field: 'note', message: expect.stringMatching(/formula/) }],
    });
    const { values, cellProblems } = appointmentRowValues(['10/07/2026', formulaCell], ['data', 'oraInizio']);
    expect(values).toEqual({ data: '10/07/2026' });
    expect(cellProblems).toEqual([{ field: 'oraInizio', message: expect.stringMatching(/formula/) }]);
  });

  it('reads XLSX dates and times as numbers', () => {
    // 46213 = 10-07-2026; 0.625 = 15:00
    const { values } = appointmentRowValues([46213, 0.625, 45], ['data', 'oraInizio', 'durata']);
    expect(values).toEqual({ data: '10/07/2026', oraInizio: '15:00', durata: '45' });
  });
});

describe('duplicates and overlaps', () => {
  const input = (row: number, over: Partial<AppointmentImportInput>) => ({
    row,
    input: {
      start: new Date('2026-07-10T08:00:00Z'),
      end: new Date('2026-07-10T08:30:00Z'),
      pazienteId: 'p-rossi',
      patientName: 'Rossi Mario',
      productId: null,
      priceCents: null,
      staffMemberId: 'm-giulia',
      note: null,
      ...over,
    },
  });

  it('finds the same patient at the same start in the calendar and earlier in the file', () => {
    const rows = [input(2, {}), input(3, { pazienteId: 'p-bianchi' }), input(4, { pazienteId: 'p-bianchi' })];
    const existing = [
      {
        id: 'e1',
        pazienteId: 'p-rossi',
        staffMemberId: null,
        start: new Date('2026-07-10T08:00:00Z'),
        end: new Date('2026-07-10T08:30:00Z'),
      },
    ];
    const found = findAppointmentDuplicates(rows, existing);
    expect(found.get(2)).toMatchObject({ kind: 'existing', eventId: 'e1' });
    expect(found.has(3)).toBe(false);
    expect(found.get(4)).toMatchObject({
      kind: 'file',
      message: 'Stesso paziente e stessa ora della riga 3 del file.',
    });
  });

  it('warns of a staff member’s overlapping appointments, in the file and in the calendar', () => {
    const rows = [
      input(2, {}),
      input(3, {
        pazienteId: 'p-bianchi',
        start: new Date('2026-07-10T08:15:00Z'),
        end: new Date('2026-07-10T08:45:00Z'),
      }),
      input(4, { start: new Date('2026-07-10T09:00:00Z'), end: new Date('2026-07-10T09:30:00Z') }),
      input(5, {
        staffMemberId: 'm-paolo',
        start: new Date('2026-07-10T12:00:00Z'),
        end: new Date('2026-07-10T12:30:00Z'),
      }),
    ];
    const existing = [
      {
        id: 'e1',
        pazienteId: 'p-x',
        staffMemberId: 'm-paolo',
        start: new Date('2026-07-10T12:20:00Z'),
        end: new Date('2026-07-10T13:00:00Z'),
      },
    ];
    const found = findStaffOverlaps(rows, existing);
    expect(found.get(2)).toBe('Si sovrappone all’appuntamento della riga 3 dello stesso operatore.');
    expect(found.get(3)).toBe('Si sovrappone all’appuntamento della riga 2 dello stesso operatore.');
    expect(found.has(4)).toBe(false);
    expect(found.get(5)).toBe('Si sovrappone a un appuntamento già in calendario dello stesso operatore.');
  });
});

describe('an XLSX agenda', () => {
  it('reads serial days, times as fractions, durations as numbers, and refuses a formula', () => {
    const read = readImportFile(
      makeXlsx([
        ['Data', 'Ora inizio', 'Durata', 'Paziente', 'Note'],
        [46366, 0.4375, 45, 'Rossi Mario', 'Controllo'],
        [46367, 0.625, 30, 'Rossi Mario', { f: 'HYPERLINK("http://x")', v: 'clic', t: 'str' }],
      ]),
    );
    if (!read.ok) throw new Error(read.message);
    const mapping = mapAppointmentHeader(read.table.header);
    const [first, second] = read.table.rows.map((cells) => {
      const { values, cellProblems } = appointmentRowValues(cells, mapping);
      return checkAppointmentValues(values, { index, today }, cellProblems);
    });
    // 46366 = 10-12-2026, 0.4375 = 10:30 (winter: 09:30 UTC)
    expect(first).toMatchObject({
      ok: true,
      input: { start: new Date('2026-12-10T09:30:00Z'), end: new Date('2026-12-10T10:15:00Z'), note: 'Controllo' },
    });
    expect(second).toMatchObject({
      ok: false,
      problems: [{ field: 'note', message: expect.stringMatching(/formula/) }],
    });
  });
});
