/**
 * Duplicates of an import (issue 30 item 1): inside the file, and against the studio's patients, by codice fiscale,
 * else (a row or a patient without one) by surname, name and birth date, normalised; a company also by partita IVA,
 * else by its name. Each duplicate is skipped unless the user chooses to update the patient it matches.
 */
import { displayNameOf } from '../anagrafica/display-name.ts';
import type { PatientInput } from '../patients/patient.schema.ts';
import { importMessages as m } from './import.messages.ts';

/** What the caller knows of each patient of the studio (a light query: no clinical data). */
export type ExistingPatient = {
  id: string;
  codiceFiscale: string | null;
  partitaIva?: string | null;
  nome: string | null;
  cognome: string | null;
  ragioneSociale?: string | null;
  /** DD-MM-YYYY (the API's form) or YYYY-MM-DD (the database's): both are read. */
  dataNascita: string | null;
};

export const duplicateActions = ['skip', 'update'] as const;
export type DuplicateAction = (typeof duplicateActions)[number];

export type ImportDuplicate =
  | { kind: 'file'; action: DuplicateAction; firstRow: number; message: string }
  | { kind: 'existing'; action: DuplicateAction; patientId: string; message: string };

const nameKey = (text: string | null | undefined): string =>
  (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/gu, '');
/** A birth date in either form, as YYYYMMDD. */
const dateKey = (date: string | null | undefined): string => {
  if (!date) return '';
  const ui = /^(\d{2})-(\d{2})-(\d{4})$/u.exec(date);
  if (ui) return `${ui[3]}${ui[2]}${ui[1]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/u.exec(date);
  return iso ? `${iso[1]}${iso[2]}${iso[3]}` : '';
};
const codeKey = (code: string | null | undefined): string => (code ?? '').replace(/\s+/gu, '').toUpperCase();

/**
 * The keys a patient is matched by, strongest first: codice fiscale; for a company its partita IVA (without IT);
 * then surname + name + birth date (a person), or the company's name. A key that cannot be built is left out (no
 * name-and-date key without a birth date: two "Rossi Mario" without one are not assumed to be the same person).
 */
const keysOf = (p: {
  codiceFiscale?: string | null;
  partitaIva?: string | null;
  nome?: string | null;
  cognome?: string | null;
  ragioneSociale?: string | null;
  dataNascita?: string | null;
}): { strong: string[]; weak: string | null } => {
  const strong: string[] = [];
  const cf = codeKey(p.codiceFiscale);
  if (cf) strong.push(`cf:${cf}`);
  const company = Boolean(p.ragioneSociale) && !p.nome && !p.cognome;
  if (company) {
    const piva = codeKey(p.partitaIva).replace(/^IT/u, '');
    if (piva) strong.push(`piva:${piva}`);
    const name = nameKey(p.ragioneSociale);
    return { strong, weak: name ? `rs:${name}` : null };
  }
  const date = dateKey(p.dataNascita);
  const names = `${nameKey(p.cognome)}|${nameKey(p.nome)}`;
  return { strong, weak: date && names !== '|' ? `np:${names}|${date}` : null };
};

const inputParts = (input: PatientInput) => {
  const g = input.datiGenerali;
  return {
    codiceFiscale: g.codiceFiscale,
    partitaIva: g.partitaIva,
    nome: g.nome,
    cognome: g.cognome,
    ragioneSociale: g.ragioneSociale,
    dataNascita: g.dataNascita,
  };
};

/**
 * Finds the duplicates among the valid rows of an import.
 * @param rows the rows' patient inputs with their row numbers, in file order (invalid rows left out).
 * @param existing the studio's patients.
 * @returns by row number, the duplicate found: an existing patient first (the row would update or skip it), else an
 * earlier row of the file. A strong key (codice fiscale, partita IVA) decides over the weak one: rows with two
 * different fiscal codes are never the same person, whatever their names. Rows without a duplicate are absent.
 */
export const findImportDuplicates = (
  rows: readonly { row: number; input: PatientInput }[],
  existing: readonly ExistingPatient[],
): Map<number, ImportDuplicate> => {
  const existingByKey = new Map<string, ExistingPatient>();
  for (const p of existing) {
    const { strong, weak } = keysOf(p);
    for (const k of strong) if (!existingByKey.has(k)) existingByKey.set(k, p);
    // the weak key only for patients without a fiscal code, or it would match a row with another code
    if (weak && strong.length === 0 && !existingByKey.has(weak)) existingByKey.set(weak, p);
    if (weak && !existingByKey.has(`${weak}|any`)) existingByKey.set(`${weak}|any`, p);
  }
  const firstRowByKey = new Map<string, number>();
  const result = new Map<number, ImportDuplicate>();
  for (const { row, input } of rows) {
    const { strong, weak } = keysOf(inputParts(input));
    // against the studio: a strong key; else the weak one, against a patient without a code, or any patient when
    // the row has no code
    let match: ExistingPatient | undefined;
    for (const k of strong) match ??= existingByKey.get(k);
    if (!match && weak) match = existingByKey.get(strong.length === 0 ? `${weak}|any` : weak);
    if (match) {
      result.set(row, {
        kind: 'existing',
        action: 'skip',
        patientId: match.id,
        message: m.duplicateExisting(
          displayNameOf({
            tipologiaPersona: match.ragioneSociale && !match.nome && !match.cognome ? 'GIURIDICA' : 'FISICA',
            nome: match.nome,
            cognome: match.cognome,
            ragioneSociale: match.ragioneSociale ?? null,
          }),
        ),
      });
    } else {
      let first: number | undefined;
      for (const k of strong) first ??= firstRowByKey.get(k);
      if (first === undefined && weak) first = firstRowByKey.get(strong.length === 0 ? `${weak}|any` : weak);
      if (first !== undefined)
        result.set(row, { kind: 'file', action: 'skip', firstRow: first, message: m.duplicateInFile(first) });
    }
    // remember this row's keys (the first row of a key stays the one others point to)
    for (const k of strong) if (!firstRowByKey.has(k)) firstRowByKey.set(k, row);
    if (weak && strong.length === 0 && !firstRowByKey.has(weak)) firstRowByKey.set(weak, row);
    if (weak && !firstRowByKey.has(`${weak}|any`)) firstRowByKey.set(`${weak}|any`, row);
  }
  return result;
};

/**
 * The user's choice for a duplicate: update the existing patient instead of skipping the row. A duplicate inside the
 * file can only be skipped (the first row is the one imported).
 */
export const withDuplicateAction = (duplicate: ImportDuplicate, action: DuplicateAction): ImportDuplicate =>
  duplicate.kind === 'existing' ? { ...duplicate, action } : duplicate;
