import { describe, expect, it } from 'vitest';
import {
  applyAppointmentMappingOverride,
  appointmentFieldForHeader,
  appointmentMappingProblem,
  mapAppointmentHeader,
} from './appointment-header-mapping.ts';

describe('appointmentFieldForHeader', () => {
  it.each([
    ['Data', 'data'],
    ['Giorno', 'data'],
    ['Ora inizio', 'oraInizio'],
    ['ORA', 'oraInizio'],
    ['Ora fine', 'oraFine'],
    ['Durata (min)', 'durata'],
    ['Minuti', 'durata'],
    ['C.F.', 'codiceFiscale'],
    ['Cognome', 'cognome'],
    ['Nome', 'nome'],
    ['Paziente', 'paziente'],
    ['Nominativo', 'paziente'],
    ['Prestazione', 'servizio'],
    ['Servizio', 'servizio'],
    ['Trattamento', 'servizio'],
    ['Operatore', 'operatore'],
    ['Professionista', 'operatore'],
    ['Fisioterapista', 'operatore'],
    ['Note', 'note'],
    ['Data di nascita', 'dataNascita'],
    ['Start Date', 'data'],
    ['Start Time', 'oraInizio'],
    ['End Date', 'dataFine'],
    ['End Time', 'oraFine'],
    ['Subject', 'paziente'],
    ['Description', 'note'],
  ])('reads «%s» as %s', (header, field) => {
    expect(appointmentFieldForHeader(header)).toBe(field);
  });

  it('leaves an unknown column out', () => {
    expect(appointmentFieldForHeader('Colore')).toBeNull();
    expect(appointmentFieldForHeader('Location')).toBeNull();
  });
});

describe('mapAppointmentHeader', () => {
  it('maps a Google Calendar export', () => {
    expect(
      mapAppointmentHeader([
        'Subject',
        'Start Date',
        'Start Time',
        'End Date',
        'End Time',
        'All Day Event',
        'Description',
        'Location',
        'Private',
      ]),
    ).toEqual(['paziente', 'data', 'oraInizio', 'dataFine', 'oraFine', null, 'note', null, null]);
  });

  it('maps an Italian agenda and drops the combined name when surname and name have columns', () => {
    expect(
      mapAppointmentHeader(['Data', 'Dalle', 'Alle', 'Paziente', 'Cognome', 'Nome', 'Prestazione', 'Operatore']),
    ).toEqual(['data', 'oraInizio', 'oraFine', null, 'cognome', 'nome', 'servizio', 'operatore']);
  });

  it('gives each field to its leftmost column only', () => {
    expect(mapAppointmentHeader(['Data', 'Data', 'Ora'])).toEqual(['data', null, 'oraInizio']);
  });
});

describe('applyAppointmentMappingOverride and appointmentMappingProblem', () => {
  it('moves a field from one column to another', () => {
    expect(applyAppointmentMappingOverride(['data', null, 'note'], { 1: 'note' })).toEqual(['data', 'note', null]);
  });

  it('asks for the date and the patient', () => {
    expect(appointmentMappingProblem(['oraInizio', 'paziente'])).toMatch(/data/);
    expect(appointmentMappingProblem(['data', 'oraInizio', 'servizio'])).toMatch(/paziente/);
    expect(appointmentMappingProblem(['data', 'oraInizio', 'codiceFiscale'])).toBeNull();
  });
});
