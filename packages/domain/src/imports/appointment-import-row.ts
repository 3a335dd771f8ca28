/**
 * The check of one imported appointment (issue 30 item 2, decision 045): the text of each field, through the column
 * mapping, becomes the appointment to write (Europe/Rome wall time to instants, the patient, service and staff member
 * matched against the studio's) or the Italian problems per field. A patient is never created: a row whose patient
 * is not found, or is found more than once, is a problem the user corrects in the preview.
 */
import { toRomeWall } from '../calendar/time-zone.ts';
import type { AppointmentColumnMapping, AppointmentImportField } from './appointment-header-mapping.ts';
import { appointmentImportMessages as am, importMessages as m } from './import.messages.ts';
import { parseImportDate } from './import-date.ts';
import { mappedCellValues, plainNumberText, startsLikeFormula } from './import-row.ts';
import {
  appointmentInstants,
  importMaxAppointmentMinutes,
  parseImportDuration,
  parseImportTime,
  timeInDateText,
} from './import-time.ts';
import type { ImportCell } from './read-import-file.ts';

export type AppointmentImportValues = Partial<Record<AppointmentImportField, string>>;
export type AppointmentImportProblem = { field: AppointmentImportField | 'riga'; message: string };

/** A patient of the studio as the import matches it (no clinical data). dataNascita is YYYY-MM-DD. */
export type ImportPatientRef = {
  id: string;
  codiceFiscale: string | null;
  cognome: string | null;
  nome: string | null;
  ragioneSociale: string | null;
  dataNascita: string | null;
};
/** A service (prestazione) of the studio. */
export type ImportServiceRef = { id: string; name: string; durationMinutes: number; grossPriceCents: number };
/** A member of the studio's staff. */
export type ImportStaffRef = { id: string; name: string; lastname: string; email: string };

/** The appointment a valid row becomes (POST /events' data, less the calendar and colour the import chooses). */
export type AppointmentImportInput = {
  start: Date;
  end: Date;
  pazienteId: string;
  /** The patient's name as the calendar shows it: the appointment's title. */
  patientName: string;
  productId: string | null;
  /** The service's price (integer cents), as the appointment dialog fills it. */
  priceCents: number | null;
  staffMemberId: string | null;
  note: string | null;
};

export type AppointmentRowCheck =
  | {
      ok: true;
      input: AppointmentImportInput;
      warnings: AppointmentImportProblem[];
      filled: AppointmentImportProblem[];
    }
  | {
      ok: false;
      problems: AppointmentImportProblem[];
      warnings: AppointmentImportProblem[];
      filled: AppointmentImportProblem[];
    };

// ---------- matching ----------

/**
 * The comparison key of a name: accents, case, apostrophes and punctuation ignored, words in any order ("D'Amico
 * Maria" = "maria damico"): files write "Cognome Nome" and "Nome Cognome" alike.
 */
export const nameMatchKey = (...parts: (string | null | undefined)[]): string =>
  parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/['’`.]/gu, '')
    .split(/[^a-z0-9]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');

const codeKey = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/gu, '');

export type ImportMatchIndex = {
  patientsByCode: Map<string, ImportPatientRef>;
  patientsByName: Map<string, ImportPatientRef[]>;
  servicesByName: Map<string, ImportServiceRef>;
  staffByKey: Map<string, ImportStaffRef[]>;
  /** The staff member every row without one gets: the studio's only practitioner, or null. */
  defaultStaff: ImportStaffRef | null;
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
};

/**
 * The indexes rows are matched against. `practitioners` are the staff who see patients (the default staff member is
 * the only one of them, when there is only one).
 */
export const buildImportMatchIndex = (data: {
  patients: readonly ImportPatientRef[];
  services: readonly ImportServiceRef[];
  staff: readonly ImportStaffRef[];
  practitioners?: readonly ImportStaffRef[];
}): ImportMatchIndex => {
  const patientsByCode = new Map<string, ImportPatientRef>();
  const patientsByName = new Map<string, ImportPatientRef[]>();
  for (const p of data.patients) {
    if (p.codiceFiscale) patientsByCode.set(codeKey(p.codiceFiscale), p);
    const person = nameMatchKey(p.cognome, p.nome);
    if (person) push(patientsByName, person, p);
    const company = nameMatchKey(p.ragioneSociale);
    if (company) push(patientsByName, company, p);
  }
  const servicesByName = new Map<string, ImportServiceRef>();
  for (const s of data.services) {
    const key = nameMatchKey(s.name);
    if (key && !servicesByName.has(key)) servicesByName.set(key, s);
  }
  const staffByKey = new Map<string, ImportStaffRef[]>();
  for (const s of data.staff) {
    push(staffByKey, nameMatchKey(s.name, s.lastname), s);
    push(staffByKey, nameMatchKey(s.lastname), s);
    push(staffByKey, s.email.trim().toLowerCase(), s);
  }
  const practitioners = data.practitioners ?? data.staff;
  return {
    patientsByCode,
    patientsByName,
    servicesByName,
    staffByKey,
    defaultStaff: practitioners.length === 1 ? (practitioners[0] as ImportStaffRef) : null,
  };
};

export type PatientMatch =
  | { kind: 'one'; patient: ImportPatientRef; warning?: string }
  | { kind: 'none'; message: string }
  | { kind: 'many'; count: number };

/**
 * The studio's patient a row names: by codice fiscale first; else by surname and name (or a combined name), the birth
 * date choosing among omonimi. A code that no patient has matches by name only a patient registered without a code
 * (two different codes are two people, whatever the names).
 */
export const matchImportPatient = (
  index: ImportMatchIndex,
  who: { codiceFiscale?: string; cognome?: string; nome?: string; paziente?: string; dataNascitaIso?: string | null },
): PatientMatch => {
  const code = who.codiceFiscale ? codeKey(who.codiceFiscale) : '';
  if (code) {
    const byCode = index.patientsByCode.get(code);
    if (byCode) return { kind: 'one', patient: byCode };
  }
  const key = who.cognome || who.nome ? nameMatchKey(who.cognome, who.nome) : nameMatchKey(who.paziente);
  if (!key) return { kind: 'none', message: code ? am.patientCodeNotFound(code) : am.patientMissing };
  let candidates = index.patientsByName.get(key) ?? [];
  if (code) candidates = candidates.filter((p) => !p.codiceFiscale);
  if (who.dataNascitaIso) {
    const sameDay = candidates.filter((p) => p.dataNascita === who.dataNascitaIso);
    candidates = sameDay.length > 0 ? sameDay : candidates.filter((p) => !p.dataNascita);
  }
  if (candidates.length === 0)
    return { kind: 'none', message: code ? am.patientCodeNotFound(code) : am.patientNotFound };
  if (candidates.length > 1) return { kind: 'many', count: candidates.length };
  return {
    kind: 'one',
    patient: candidates[0] as ImportPatientRef,
    ...(code ? { warning: am.patientMatchedByName } : {}),
  };
};

/** The staff member a cell names (full name in any order, surname alone, or e-mail), when exactly one. */
export const matchImportStaff = (
  index: ImportMatchIndex,
  text: string,
): { kind: 'one'; staff: ImportStaffRef } | { kind: 'none' } | { kind: 'many' } => {
  const email = text.trim().toLowerCase();
  const found = index.staffByKey.get(email) ?? index.staffByKey.get(nameMatchKey(text)) ?? [];
  if (found.length === 1) return { kind: 'one', staff: found[0] as ImportStaffRef };
  return found.length === 0 ? { kind: 'none' } : { kind: 'many' };
};

// ---------- cells to text ----------

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes since midnight as HH:MM. */
export const minutesText = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The text of each mapped field of a row. XLSX numbers: a serial day in the date columns, a fraction of a day in the
 * time columns (09:30), minutes in the duration column.
 */
export const appointmentRowValues = (
  cells: readonly ImportCell[],
  mapping: AppointmentColumnMapping,
  opts: { date1904?: boolean } = {},
): { values: AppointmentImportValues; cellProblems: AppointmentImportProblem[] } =>
  mappedCellValues(cells, mapping, (field, cell) => {
    if (field === 'data' || field === 'dataFine' || field === 'dataNascita') {
      const day = parseImportDate(cell, opts);
      if (!day) return plainNumberText(cell);
      // a date-time cell: its time after the day, as a text export writes it
      const minutes = field === 'data' && !Number.isInteger(cell) ? parseImportTime(cell) : null;
      return minutes === null ? day.replaceAll('-', '/') : `${day.replaceAll('-', '/')} ${minutesText(minutes)}`;
    }
    if (field === 'oraInizio' || field === 'oraFine') {
      const minutes = parseImportTime(cell);
      return minutes === null ? plainNumberText(cell) : minutesText(minutes);
    }
    if (field === 'durata') {
      const minutes = parseImportDuration(cell);
      return minutes === null ? plainNumberText(cell) : String(minutes);
    }
    return plainNumberText(cell);
  });

// ---------- the row check ----------

export type AppointmentRowOptions = {
  index: ImportMatchIndex;
  /** The reference day for two-digit years (default: now). */
  today?: Date;
  /** The order of day and month in the file's date column (dateOrderOf). */
  dateOrder?: 'dmy' | 'mdy';
};

const textFields: readonly AppointmentImportField[] = [
  'codiceFiscale',
  'cognome',
  'nome',
  'paziente',
  'servizio',
  'operatore',
  'note',
];

const uiToIso = (ui: string) => `${ui.slice(6, 10)}-${ui.slice(3, 5)}-${ui.slice(0, 2)}`;

/**
 * Checks one row: the day, the times and the length, the patient (never created), the service and the staff member
 * (unknown ones are warnings: an appointment may go without), the note.
 * @param cellProblems the problems rowValues found in the cells themselves (formulas, cells too long).
 */
export const checkAppointmentValues = (
  values: AppointmentImportValues,
  opts: AppointmentRowOptions,
  cellProblems: readonly AppointmentImportProblem[] = [],
): AppointmentRowCheck => {
  const problems: AppointmentImportProblem[] = [...cellProblems];
  const warnings: AppointmentImportProblem[] = [];
  const filled: AppointmentImportProblem[] = [];
  const refused = new Set(cellProblems.map((p) => p.field));
  const v: AppointmentImportValues = {};
  for (const [field, value] of Object.entries(values) as [AppointmentImportField, string | undefined][]) {
    const text = value?.trim();
    if (!text || refused.has(field)) continue;
    // SECURITY (formula injection): refused with a message, as the patient import does (decision 039)
    if (textFields.includes(field) && startsLikeFormula(text)) {
      problems.push({ field, message: m.formulaLike(text[0] as string) });
      refused.add(field);
      continue;
    }
    v[field] = text;
  }
  const dateOpts = { today: opts.today ?? new Date(), order: opts.dateOrder ?? 'dmy', century: 'nearest' } as const;

  // when
  let day: string | null = null;
  if (!v.data) {
    if (!refused.has('data')) problems.push({ field: 'data', message: am.dateMissing });
  } else {
    day = parseImportDate(v.data, dateOpts);
    if (!day) problems.push({ field: 'data', message: am.dateInvalid });
  }
  let startMinutes: number | null = null;
  const startText = v.oraInizio ?? (v.data ? timeInDateText(v.data) : null);
  if (!startText) {
    if (!refused.has('oraInizio')) problems.push({ field: 'oraInizio', message: am.startMissing });
  } else {
    startMinutes = parseImportTime(startText);
    if (startMinutes === null) problems.push({ field: v.oraInizio ? 'oraInizio' : 'data', message: am.timeInvalid });
  }
  let endDay: string | undefined;
  if (v.dataFine) {
    const parsed = parseImportDate(v.dataFine, dateOpts);
    if (!parsed) problems.push({ field: 'dataFine', message: am.dateInvalid });
    // the same day as the start is the common case (Google writes it on every row)
    else if (parsed !== day) endDay = parsed;
  }
  let endMinutes: number | null = null;
  let duration: number | null = null;
  if (v.oraFine) {
    endMinutes = parseImportTime(v.oraFine);
    if (endMinutes === null) problems.push({ field: 'oraFine', message: am.timeInvalid });
  } else if (v.durata) {
    duration = parseImportDuration(v.durata);
    if (duration === null) problems.push({ field: 'durata', message: am.durationInvalid });
  }

  // who
  let dataNascitaIso: string | null = null;
  if (v.dataNascita) {
    const birth = parseImportDate(v.dataNascita, { today: dateOpts.today });
    if (!birth) problems.push({ field: 'dataNascita', message: am.birthDateInvalid });
    else dataNascitaIso = uiToIso(birth);
  }
  const match = matchImportPatient(opts.index, { ...v, dataNascitaIso });
  const patientField: AppointmentImportField = v.codiceFiscale
    ? 'codiceFiscale'
    : v.cognome || v.nome
      ? v.cognome
        ? 'cognome'
        : 'nome'
      : 'paziente';
  if (match.kind === 'none') {
    if (!refused.has(patientField)) problems.push({ field: patientField, message: match.message });
  } else if (match.kind === 'many') {
    problems.push({
      field: v.codiceFiscale ? 'codiceFiscale' : patientField,
      message: am.patientAmbiguous(match.count),
    });
  } else if (match.warning) warnings.push({ field: 'codiceFiscale', message: match.warning });

  // what and by whom: optional on an appointment, so an unknown one is a warning and the appointment goes without
  let service: ImportServiceRef | null = null;
  if (v.servizio) {
    service = opts.index.servicesByName.get(nameMatchKey(v.servizio)) ?? null;
    if (!service) warnings.push({ field: 'servizio', message: am.serviceNotFound(v.servizio) });
  }
  let staffId: string | null = null;
  if (v.operatore) {
    const staff = matchImportStaff(opts.index, v.operatore);
    if (staff.kind === 'one') staffId = staff.staff.id;
    else
      warnings.push({
        field: 'operatore',
        message: staff.kind === 'many' ? am.staffAmbiguous(v.operatore) : am.staffNotFound(v.operatore),
      });
  } else if (opts.index.defaultStaff && !refused.has('operatore')) {
    staffId = opts.index.defaultStaff.id;
    filled.push({ field: 'operatore', message: am.staffDefault });
  }
  if (v.note && v.note.length > 4000) problems.push({ field: 'note', message: am.noteTooLong });

  // the end: its time, else the duration, else the service's
  if (endMinutes === null && duration === null && !v.oraFine && !v.durata) {
    if (service) {
      duration = service.durationMinutes;
      filled.push({ field: 'durata', message: am.endFromService });
    } else if (!refused.has('oraFine') && !refused.has('durata'))
      problems.push({ field: 'oraFine', message: am.endMissing });
  }
  let instants: { start: Date; end: Date } | null = null;
  if (day && startMinutes !== null && (endMinutes !== null || duration !== null)) {
    instants = appointmentInstants(
      day,
      startMinutes,
      endMinutes !== null ? { endMinutes, ...(endDay ? { endUiDate: endDay } : {}) } : { minutes: duration as number },
    );
    const length = (instants.end.getTime() - instants.start.getTime()) / 60_000;
    if (length <= 0) problems.push({ field: v.oraFine ? 'oraFine' : 'durata', message: am.endBeforeStart });
    else if (length > importMaxAppointmentMinutes)
      problems.push({ field: v.oraFine ? 'oraFine' : 'durata', message: am.tooLong(importMaxAppointmentMinutes / 60) });
    // the hour the spring change skips: the calendar moves it forward; say so
    const wallStart = toRomeWall(instants.start.getTime());
    const asked =
      Date.UTC(Number(day.slice(6)), Number(day.slice(3, 5)) - 1, Number(day.slice(0, 2))) + startMinutes * 60_000;
    if (wallStart !== asked)
      warnings.push({
        field: 'oraInizio',
        message: am.skippedHour(minutesText(Math.round((wallStart % 86_400_000) / 60_000))),
      });
  }

  if (problems.length > 0 || !instants || match.kind !== 'one') return { ok: false, problems, warnings, filled };
  const p = match.patient;
  return {
    ok: true,
    input: {
      start: instants.start,
      end: instants.end,
      pazienteId: p.id,
      patientName: [p.cognome, p.nome].filter(Boolean).join(' ') || p.ragioneSociale || '',
      productId: service?.id ?? null,
      priceCents: service ? service.grossPriceCents : null,
      staffMemberId: staffId,
      note: v.note ?? null,
    },
    warnings,
    filled,
  };
};

// ---------- across rows: duplicates and overlaps ----------

/** An appointment already in the studio's calendar, as duplicates and overlaps are found against it. */
export type ExistingAppointment = {
  id: string;
  pazienteId: string | null;
  staffMemberId: string | null;
  start: Date;
  end: Date;
};

export type AppointmentDuplicate = { kind: 'file' | 'existing'; message: string; eventId: string | null };

/**
 * Rows repeating an appointment: the same patient at the same start already in the calendar, or in an earlier row of
 * the file. Skipped by default (the user may import them anyway).
 */
export const findAppointmentDuplicates = (
  rows: readonly { row: number; input: AppointmentImportInput }[],
  existing: readonly ExistingAppointment[],
): Map<number, AppointmentDuplicate> => {
  const key = (pazienteId: string | null, start: Date) => `${pazienteId}@${start.getTime()}`;
  const inCalendar = new Map<string, string>();
  for (const e of existing) if (e.pazienteId) inCalendar.set(key(e.pazienteId, e.start), e.id);
  const seen = new Map<string, number>();
  const found = new Map<number, AppointmentDuplicate>();
  for (const r of rows) {
    const k = key(r.input.pazienteId, r.input.start);
    const eventId = inCalendar.get(k);
    if (eventId) found.set(r.row, { kind: 'existing', message: am.duplicateExisting, eventId });
    else {
      const earlier = seen.get(k);
      if (earlier !== undefined)
        found.set(r.row, { kind: 'file', message: am.duplicateInFile(earlier), eventId: null });
      else seen.set(k, r.row);
    }
  }
  return found;
};

/**
 * Rows overlapping another appointment of the same staff member (in the calendar or in the file): a warning only,
 * since the calendar itself lets a staff member's appointments overlap (group sessions, a colleague covering).
 * Pass only the rows that would be written (valid, not skipped).
 */
export const findStaffOverlaps = (
  rows: readonly { row: number; input: AppointmentImportInput }[],
  existing: readonly ExistingAppointment[],
): Map<number, string> => {
  type Item = { start: number; end: number; row: number | null };
  const byStaff = new Map<string, Item[]>();
  for (const e of existing)
    if (e.staffMemberId) push(byStaff, e.staffMemberId, { start: e.start.getTime(), end: e.end.getTime(), row: null });
  for (const r of rows)
    if (r.input.staffMemberId)
      push(byStaff, r.input.staffMemberId, { start: r.input.start.getTime(), end: r.input.end.getTime(), row: r.row });
  const found = new Map<number, string>();
  for (const items of byStaff.values()) {
    items.sort((a, b) => a.start - b.start || a.end - b.end);
    let longest: Item | null = null;
    for (const item of items) {
      if (longest && item.start < longest.end) {
        const other = (x: Item) => (x.row === null ? am.overlapExisting : am.overlapFileRow(x.row));
        if (item.row !== null && !found.has(item.row)) found.set(item.row, am.overlap(other(longest)));
        if (longest.row !== null && !found.has(longest.row)) found.set(longest.row, am.overlap(other(item)));
      }
      if (!longest || item.end > longest.end) longest = item;
    }
  }
  return found;
};
