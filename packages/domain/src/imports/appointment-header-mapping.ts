/**
 * Matching a file's columns to an appointment's fields (issue 30 item 2, decision 045): Italian and English names,
 * the columns of agenda exports (Google Calendar's CSV "Subject, Start Date, Start Time, End Date, End Time,
 * Description", Outlook's "Oggetto, Data inizio, Ora inizio, Data fine, Ora fine"), then changed by hand by the user.
 */
import { headerMapper } from './header-mapping.ts';

export const appointmentImportFields = [
  'data',
  'oraInizio',
  'oraFine',
  /** Minutes, or "1h30" / "01:30". */
  'durata',
  /** The end's day in exports that write it apart (Google, Outlook): only a day after the start's is meaningful. */
  'dataFine',
  'codiceFiscale',
  'cognome',
  'nome',
  /** "Paziente" / Google's "Subject": surname and name in one column. */
  'paziente',
  /** Tells omonimi apart when there is no fiscal code. */
  'dataNascita',
  'servizio',
  'operatore',
  'note',
] as const;
export type AppointmentImportField = (typeof appointmentImportFields)[number];

export const appointmentImportFieldLabels: Record<AppointmentImportField, string> = {
  data: 'Data',
  oraInizio: 'Ora inizio',
  oraFine: 'Ora fine',
  durata: 'Durata (minuti)',
  dataFine: 'Data fine',
  codiceFiscale: 'Codice fiscale del paziente',
  cognome: 'Cognome del paziente',
  nome: 'Nome del paziente',
  paziente: 'Paziente (cognome e nome)',
  dataNascita: 'Data di nascita del paziente',
  servizio: 'Prestazione',
  operatore: 'Operatore',
  note: 'Note',
};

const synonyms: Record<AppointmentImportField, readonly string[]> = {
  data: [
    'Data',
    'Giorno',
    'Data appuntamento',
    'Data inizio',
    'Data seduta',
    'Data visita',
    'Data e ora',
    'Inizio',
    'Date',
    'Start date',
    'Start',
    'Appointment date',
    'Day',
  ],
  oraInizio: [
    'Ora inizio',
    'Ora',
    'Orario',
    'Orario inizio',
    'Ora di inizio',
    'Dalle',
    'Dalle ore',
    'Start time',
    'Time',
    'From',
  ],
  oraFine: ['Ora fine', 'Orario fine', 'Ora di fine', 'Alle', 'Alle ore', 'Fine', 'End time', 'To', 'End'],
  durata: ['Durata', 'Durata (min)', 'Durata minuti', 'Minuti', 'Min', 'Duration', 'Length', 'Minutes'],
  dataFine: ['Data fine', 'End date'],
  codiceFiscale: ['Codice fiscale', 'Cod. fiscale', 'C.F.', 'CF', 'Codice fiscale paziente', 'Tax code', 'Fiscal code'],
  cognome: ['Cognome', 'Cognome paziente', 'Last name', 'Surname', 'Family name'],
  nome: ['Nome', 'Nome paziente', 'First name', 'Given name'],
  paziente: [
    'Paziente',
    'Cliente',
    'Assistito',
    'Nominativo',
    'Cognome e nome',
    'Nome e cognome',
    'Oggetto',
    'Titolo',
    'Patient',
    'Patient name',
    'Client',
    'Customer',
    'Name',
    'Subject',
    'Title',
  ],
  dataNascita: ['Data di nascita', 'Data nascita', 'Nato il', 'Nata il', 'DOB', 'Date of birth', 'Birth date'],
  servizio: [
    'Prestazione',
    'Servizio',
    'Trattamento',
    'Terapia',
    'Tipo',
    'Tipo appuntamento',
    'Tipo visita',
    'Service',
    'Treatment',
    'Appointment type',
    'Type',
  ],
  operatore: [
    'Operatore',
    'Professionista',
    'Terapista',
    'Fisioterapista',
    'Medico',
    'Dottore',
    'Collaboratore',
    'Staff',
    'Risorsa',
    'Practitioner',
    'Therapist',
    'Provider',
    'Staff member',
    'Resource',
  ],
  note: ['Note', 'Annotazioni', 'Commenti', 'Descrizione', 'Notes', 'Description', 'Comments'],
};

const appointmentHeaders = headerMapper(appointmentImportFields, synonyms);

/** The appointment field each column fills, by column index; null for a column left out. */
export type AppointmentColumnMapping = (AppointmentImportField | null)[];

/** The field a header name suggests on its own, or null. */
export const appointmentFieldForHeader = (name: string): AppointmentImportField | null =>
  appointmentHeaders.fieldFor(name);

/**
 * The automatic mapping of a header row (each field taken by its leftmost column); a combined "Paziente" column is
 * left out when surname or name have their own (it repeats them).
 */
export const mapAppointmentHeader = (header: readonly string[]): AppointmentColumnMapping => {
  const mapping = appointmentHeaders.map(header);
  if (mapping.includes('paziente') && (mapping.includes('cognome') || mapping.includes('nome')))
    return mapping.map((f) => (f === 'paziente' ? null : f));
  return mapping;
};

/** The user's choices applied to a mapping (see applyMappingOverride). */
export const applyAppointmentMappingOverride = (
  mapping: AppointmentColumnMapping,
  override: Readonly<Record<number, AppointmentImportField | null>>,
): AppointmentColumnMapping => appointmentHeaders.override(mapping, override);

/**
 * What a mapping misses to read appointments: a day, a start time (or a day column holding the time too, which only
 * the rows can tell), an end or a duration, and who the patient is.
 * @returns the Italian message, or null when the mapping is enough.
 */
export const appointmentMappingProblem = (mapping: AppointmentColumnMapping): string | null => {
  const has = (f: AppointmentImportField) => mapping.includes(f);
  if (!has('data')) return 'Nessuna colonna corrisponde alla data dell’appuntamento: indicala a mano.';
  if (!has('codiceFiscale') && !has('cognome') && !has('paziente'))
    return 'Nessuna colonna indica il paziente: indica a mano la colonna con il codice fiscale o con cognome e nome.';
  return null;
};
