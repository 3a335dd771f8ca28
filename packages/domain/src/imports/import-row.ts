/**
 * The check of one imported row (issue 30 item 1): the cells of a row, through the column mapping, become the text of
 * each field (what the preview shows and lets the user correct), then either a patient input the patient API accepts
 * (POST /pazienti's body, checked by the same `patientInputSchema` as the patient form) or the Italian problems per
 * field; warnings (the fiscal code disagreeing with the name, a comune not found …) never block a row.
 */

import { homeCountry } from '../patients/patient.rules.ts';
import { type PatientInput, patientInputSchema } from '../patients/patient.schema.ts';
import { type Comune, comuneByBelfiore, comuni } from '../reference/comuni.ts';
import { countries } from '../reference/countries.ts';
import { codiceFiscaleAgreement, nameCode, surnameCode } from './codice-fiscale-agreement.ts';
import { type ColumnMapping, type ImportField, importFields } from './header-mapping.ts';
import { importMessages as m } from './import.messages.ts';
import { parseImportDate } from './import-date.ts';
import { importLimits } from './import-limits.ts';
import { type ImportCell, isFormulaCell } from './read-import-file.ts';

/** The text of each mapped field of a row, as read (numbers and dates already turned into text). */
export type ImportValues = Partial<Record<ImportField, string>>;

/** A problem or warning on one field of a row ('riga' for the row as a whole). */
export type ImportProblem = { field: ImportField | 'riga'; message: string };

/**
 * A row checked: `problems` block it, `warnings` do not (the fiscal code disagrees with the name, a comune not found),
 * `filled` tells which empty fields were completed from other data (sex from the fiscal code, province from the comune).
 */
export type ImportRowCheck =
  | {
      ok: true;
      /** The patient as POST /pazienti accepts it. */
      input: PatientInput;
      warnings: ImportProblem[];
      filled: ImportProblem[];
    }
  | { ok: false; problems: ImportProblem[]; warnings: ImportProblem[]; filled: ImportProblem[] };

export type ImportRowOptions = {
  /** Tags added to every imported patient (issue 30 item 1), besides those of a tags column. */
  tags?: readonly string[];
  /** The reference day for two-digit years and the fiscal code's century (default: now). */
  today?: Date;
  /** XLSX dates counted from 1904 (ImportTable.date1904). */
  date1904?: boolean;
};

// ---------- cells to text ----------

const padCap = (n: number): string => String(n).padStart(5, '0');

/**
 * The text of each mapped field from a row's cells, for any kind of import: a formula cell and a cell too long become
 * problems of their field; a number goes through `numberText` (dates, times, codes each read their own way); a boolean
 * is VERO/FALSO.
 */
export const mappedCellValues = <F extends string>(
  cells: readonly ImportCell[],
  mapping: readonly (F | null)[],
  numberText: (field: F, cell: number) => string,
): { values: Partial<Record<F, string>>; cellProblems: { field: F; message: string }[] } => {
  const values: Partial<Record<F, string>> = {};
  const cellProblems: { field: F; message: string }[] = [];
  for (let i = 0; i < mapping.length; i++) {
    const field = mapping[i];
    if (!field) continue;
    const cell = cells[i] ?? null;
    if (cell === null) continue;
    if (isFormulaCell(cell)) {
      cellProblems.push({ field, message: m.formulaCell });
      continue;
    }
    const text =
      typeof cell === 'number' ? numberText(field, cell) : typeof cell === 'boolean' ? (cell ? 'VERO' : 'FALSO') : cell;
    if (text.length > importLimits.maxCellLength) {
      cellProblems.push({ field, message: m.cellTooLong });
      continue;
    }
    values[field] = text;
  }
  return { values, cellProblems };
};

/** An XLSX number as plain text: no exponent, no grouping. */
export const plainNumberText = (cell: number): string =>
  Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);

/**
 * The text of each mapped field from a row's cells. XLSX numbers become text without exponent or grouping (a CAP
 * typed as a number, 187, gets its leading zeros back: 00187); a number in the birth-date column is a serial day.
 * @returns the values, and the problems of the cells themselves (a formula, a cell too long), which no correction
 * of the other fields removes: pass them to checkImportValues with the values.
 */
export const rowValues = (
  cells: readonly ImportCell[],
  mapping: ColumnMapping,
  opts: { date1904?: boolean } = {},
): { values: ImportValues; cellProblems: ImportProblem[] } =>
  mappedCellValues(cells, mapping, (field, cell) => {
    if (field === 'dataNascita') return parseImportDate(cell, opts) ?? String(cell);
    if (field === 'cap' && Number.isInteger(cell) && cell >= 0 && cell < 100_000) return padCap(cell);
    return plainNumberText(cell);
  });

/**
 * SECURITY (formula injection, OWASP "CSV injection"): a value starting with = + - or @ may run as a formula when a
 * spreadsheet opens a file it is written to; refused, not escaped (decision 039).
 */
export const startsLikeFormula = (text: string): boolean => /^[=+\-@]/u.test(text);

// ---------- field readers ----------

/**
 * SECURITY (formula injection, OWASP "CSV injection"): a value starting with = + - or @ may run as a formula when a
 * spreadsheet opens a file it is written to. Such values are refused with a message, not stored escaped: the user
 * corrects them in the preview (decision 039). The one exception is a phone number with its + prefix.
 */
const formulaStart = /^[=+\-@]/u;
const plainPhone = /^\+[0-9 ()\-./]+$/u;
const isPhoneField = (f: ImportField) => f === 'cellulare' || f === 'telefono';

const sessoOf = (text: string): 'U' | 'D' | null => {
  const key = text.trim().toUpperCase().replace(/\.$/u, '');
  if (['M', 'U', 'MASCHIO', 'MASCHILE', 'UOMO', 'MALE', 'MAN'].includes(key)) return 'U';
  if (['F', 'D', 'FEMMINA', 'FEMMINILE', 'DONNA', 'FEMALE', 'WOMAN', 'W'].includes(key)) return 'D';
  return null;
};

const looseKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/gu, '');

let countryIndex: Map<string, string> | undefined;
/** The ISO alpha-2 code of a nationality written as a code (IT, ITA) or a country name in Italian or English. */
const nazionalitaOf = (text: string): string | null => {
  const key = looseKey(text);
  if (!key) return null;
  if (!countryIndex) {
    countryIndex = new Map();
    for (const c of countries) {
      for (const name of [c.codAlpha2, c.codAlpha3, c.itName, c.enName]) countryIndex.set(looseKey(name), c.codAlpha2);
    }
  }
  const found = countryIndex.get(key);
  if (found) return found;
  // "Italiana", "italiano", "Italian": the home country's adjective, by far the most common in old records
  return /^italian[aeio]?$/u.test(key) ? homeCountry : null;
};

let comuniByName: Map<string, Comune[]> | undefined;
/** The comuni in force with this name (accents, case and punctuation ignored), or the one with this catastral code. */
const comuniNamed = (text: string): readonly Comune[] => {
  const trimmed = text.trim();
  if (/^[A-Z][0-9]{3}$/iu.test(trimmed)) {
    const byCode = comuneByBelfiore(trimmed);
    return byCode ? [byCode] : [];
  }
  if (!comuniByName) {
    comuniByName = new Map();
    for (const c of comuni) {
      for (const name of c.nomeAltraLingua ? [c.nome, c.nomeAltraLingua] : [c.nome]) {
        const key = looseKey(name);
        const list = comuniByName.get(key);
        if (list) list.push(c);
        else comuniByName.set(key, [c]);
      }
    }
  }
  return comuniByName.get(looseKey(trimmed)) ?? [];
};

/** A province as written: "RM", "(RM)", "rm", or the name of its chief town ("Roma"). */
const provinciaOf = (text: string): string => {
  const bare = text
    .trim()
    .replace(/^\((.*)\)$/u, '$1')
    .trim();
  if (/^[A-Za-z]{2}$/u.test(bare)) return bare.toUpperCase();
  const named = comuniNamed(bare);
  return named.length === 1 ? (named[0] as Comune).provincia : bare;
};

/** Words that mark a company name ("Rossi S.r.l.", "Studio Bianchi", "Polisportiva …"). */
const companyMarker =
  /(^|[^a-z])(s\.?r\.?l\.?s?|s\.?p\.?a\.?|s\.?n\.?c\.?|s\.?a\.?s\.?|s\.?c\.?a\.?r\.?l\.?|onlus|coop|cooperativa|associazione|asd|ssd|fondazione|consorzio|studio|societa|ente|comune di|asl|ausl|azienda)([^a-z]|$)/u;

/** Surname particles that belong to the next word ("De Luca", "Dal Bosco", "Lo Russo"). */
const particles = new Set([
  'de',
  'di',
  'da',
  'del',
  'della',
  'dei',
  'degli',
  'dal',
  'dalla',
  'dall',
  'lo',
  'la',
  'li',
  'le',
  'van',
  'von',
  'mc',
  'mac',
  'st',
  'san',
  'santo',
]);

/**
 * Splits a combined name column into surname and name. With a fiscal code, the split (surname first or name
 * first, at any word) whose letters agree with the code wins; otherwise surname first, as Italian lists write it
 * ("Rossi Mario", "De Luca Anna Maria"), the surname taking the particles before it.
 */
export const splitFullName = (full: string, codiceFiscale?: string | null): { cognome: string; nome: string } => {
  const words = full.trim().replace(/,/gu, ' ').split(/\s+/u).filter(Boolean);
  if (words.length <= 1) return { cognome: words[0] ?? '', nome: '' };
  const cf = codiceFiscale?.replace(/\s+/gu, '').toUpperCase() ?? '';
  if (cf.length === 16) {
    // only the letters matter here; whether the code is valid is the row check's business
    const surnameLetters = cf.slice(0, 3);
    const nameLetters = cf.slice(3, 6);
    for (let i = 1; i < words.length; i++) {
      const a = words.slice(0, i).join(' ');
      const b = words.slice(i).join(' ');
      if (surnameCode(a) === surnameLetters && nameCode(b) === nameLetters) return { cognome: a, nome: b };
      if (surnameCode(b) === surnameLetters && nameCode(a) === nameLetters) return { cognome: b, nome: a };
    }
  }
  let cut = 1;
  while (cut < words.length - 1 && particles.has(looseKey(words[cut - 1] as string))) cut++;
  return { cognome: words.slice(0, cut).join(' '), nome: words.slice(cut).join(' ') };
};

/** Where a patient-schema issue goes: the field its path names ('riga' for the person type and the like). */
const fieldOfPath = (path: readonly PropertyKey[]): ImportField | 'riga' => {
  const [section, name] = path;
  if (section === 'tags') return 'tags';
  if (typeof name !== 'string' || name === 'tipologiaPersona' || name === 'isPubblicaAmministrazione') return 'riga';
  return (importFieldSet.has(name) ? name : 'riga') as ImportField | 'riga';
};
const importFieldSet: ReadonlySet<string> = new Set<string>(importFields);

// ---------- the check ----------

/**
 * Checks a row's values (as read by rowValues, or as the user corrected them in the preview).
 * - Every value starting like a formula is refused (see SECURITY above).
 * - A combined name column is split (splitFullName); a row with a company name and no person's name, or a combined
 *   name that reads as a company, is a company (GIURIDICA).
 * - Sex and birth date, when missing, are taken from a valid fiscal code; a code that disagrees with the name,
 *   surname, sex, birth date or birthplace given is a warning, not an error (typing errors in old records and
 *   omocodia codes are common; the studio decides).
 * - A comune may be given by its catastral code (H501); its province (and its CAP, when it has one only) fill the
 *   empty fields; a province may be the chief town's name ("Roma").
 * - Then the patient schema decides, with its messages (spec part 1 §5).
 */
export const checkImportValues = (
  raw: ImportValues,
  opts: ImportRowOptions = {},
  cellProblems: readonly ImportProblem[] = [],
): ImportRowCheck => {
  const problems: ImportProblem[] = [...cellProblems];
  const warnings: ImportProblem[] = [];
  const filled: ImportProblem[] = [];
  const v: ImportValues = {};
  for (const [field, value] of Object.entries(raw) as [ImportField, string | undefined][]) {
    const text = value?.trim();
    if (!text) continue;
    if (formulaStart.test(text) && !(isPhoneField(field) && plainPhone.test(text))) {
      problems.push({ field, message: m.formulaLike(text[0] as string) });
      continue;
    }
    v[field] = text;
  }

  // who: person or company
  let cognome = v.cognome ?? null;
  let nome = v.nome ?? null;
  let ragioneSociale = v.ragioneSociale ?? null;
  const cfText = v.codiceFiscale?.replace(/\s+/gu, '').toUpperCase() ?? null;
  if (v.nomeCompleto && !cognome && !nome && !ragioneSociale) {
    const companyLike =
      companyMarker.test(v.nomeCompleto.toLowerCase()) || (Boolean(v.partitaIva) && (cfText?.length ?? 0) !== 16);
    if (companyLike) ragioneSociale = v.nomeCompleto;
    else ({ cognome, nome } = splitFullName(v.nomeCompleto, cfText));
  }
  const giuridica = Boolean(ragioneSociale) && !cognome && !nome;
  // an Italian company's numeric codice fiscale is, almost always, its partita IVA: either fills the other when missing
  let codiceFiscale = cfText;
  let partitaIva = v.partitaIva ?? null;
  if (giuridica && !partitaIva && codiceFiscale && /^[0-9]{11}$/u.test(codiceFiscale)) {
    partitaIva = codiceFiscale;
    filled.push({ field: 'partitaIva', message: m.filledFromCodiceFiscale });
  } else if (giuridica && !codiceFiscale && partitaIva && /^(IT)?[0-9]{11}$/u.test(partitaIva.replace(/\s+/gu, ''))) {
    codiceFiscale = partitaIva.replace(/\s+/gu, '').replace(/^IT/u, '');
    filled.push({ field: 'codiceFiscale', message: m.filledFromPartitaIva });
  }

  // sex and birth date
  let sesso: 'U' | 'D' | null = null;
  if (v.sesso) {
    sesso = sessoOf(v.sesso);
    if (!sesso) problems.push({ field: 'sesso', message: m.sessoInvalid });
  }
  let dataNascita: string | null = null;
  if (v.dataNascita) {
    dataNascita = parseImportDate(v.dataNascita, opts);
    if (!dataNascita) problems.push({ field: 'dataNascita', message: m.dateInvalid });
  }

  let nazionalita: string | null = null;
  if (v.nazionalita) {
    nazionalita = nazionalitaOf(v.nazionalita);
    if (!nazionalita) problems.push({ field: 'nazionalita', message: m.nazionalitaUnknown });
  }

  // birthplace: a catastral code or a comune's name gives its province
  let comuneNascita = v.comuneNascita ?? null;
  let provinciaNascita = v.provinciaNascita ? provinciaOf(v.provinciaNascita) : null;
  if (comuneNascita) {
    const found = comuniNamed(comuneNascita);
    const match = found.find((c) => c.provincia === provinciaNascita) ?? (found.length === 1 ? found[0] : undefined);
    if (match) {
      comuneNascita = match.nome;
      if (!provinciaNascita) {
        provinciaNascita = match.provincia;
        filled.push({ field: 'provinciaNascita', message: m.filledFromComune });
      }
    }
  }

  // fiscal code against the rest, and what it gives when the rest is missing
  if (cfText && !giuridica) {
    const agreement = codiceFiscaleAgreement(cfText, { cognome, nome, sesso, dataNascita, comuneNascita }, opts.today);
    if (agreement) {
      const d = agreement.decoded;
      const messages = {
        cognome: m.cfCognomeMismatch,
        nome: m.cfNomeMismatch,
        sesso: m.cfSessoMismatch,
        dataNascita: m.cfDataNascitaMismatch,
        comuneNascita: m.cfLuogoNascitaMismatch(d.birthplace?.nome ?? ''),
      } as const;
      for (const field of agreement.disagreements) warnings.push({ field, message: messages[field] });
      if (!sesso && !v.sesso) {
        sesso = d.sesso;
        filled.push({ field: 'sesso', message: m.filledFromCodiceFiscale });
      }
      if (!dataNascita && !v.dataNascita) {
        dataNascita = d.dataNascita;
        filled.push({ field: 'dataNascita', message: m.filledFromCodiceFiscale });
        if (d.centuryAmbiguous) warnings.push({ field: 'dataNascita', message: m.cfCenturyAmbiguous });
      }
      if (!comuneNascita && !v.comuneNascita && d.birthplace?.kind === 'comune') {
        comuneNascita = d.birthplace.nome;
        provinciaNascita ??= d.birthplace.provincia;
        filled.push({ field: 'comuneNascita', message: m.filledFromCodiceFiscale });
      }
    }
  }

  // residence: comune by name or catastral code, its province and CAP
  let comune = v.comune ?? null;
  let provincia = v.provincia ? provinciaOf(v.provincia) : null;
  let cap = v.cap ?? null;
  if (cap && /^[0-9]{1,4}$/u.test(cap)) cap = cap.padStart(5, '0');
  if (comune) {
    const found = comuniNamed(comune);
    if (found.length === 0) {
      warnings.push({ field: 'comune', message: m.comuneUnknown });
    } else {
      const match = found.find((c) => c.provincia === provincia) ?? (found.length === 1 ? found[0] : undefined);
      if (match) {
        comune = match.nome;
        if (!provincia) {
          provincia = match.provincia;
          filled.push({ field: 'provincia', message: m.filledFromComune });
        } else if (match.provincia !== provincia) {
          warnings.push({ field: 'provincia', message: m.comuneProvinciaMismatch(match.provincia) });
        }
        if (!cap && match.cap.length === 1) {
          cap = match.cap[0] as string;
          filled.push({ field: 'cap', message: m.filledFromComune });
        } else if (cap && match.cap.length > 0 && !match.cap.includes(cap) && !cap.endsWith('100')) {
          warnings.push({ field: 'cap', message: m.capComuneMismatch });
        }
      }
    }
  }
  const indirizzo = v.indirizzo && v.civico ? `${v.indirizzo}, ${v.civico}` : (v.indirizzo ?? null);

  const phone = (text: string | undefined) => text?.replace(/[./]/gu, ' ').replace(/\s+/gu, ' ') ?? null;
  // a tag once, whatever its case (as the patient schema keeps them)
  const tags = [
    ...new Map(
      [
        ...(v.tags ?? '')
          .split(/[,;|]/u)
          .map((t) => t.trim())
          .filter(Boolean),
        ...(opts.tags ?? []),
      ].map((t) => [t.toLowerCase(), t]),
    ).values(),
  ];

  const input: PatientInput = {
    tags,
    datiGenerali: {
      tipologiaPersona: giuridica ? 'GIURIDICA' : 'FISICA',
      nome: giuridica ? null : nome,
      cognome: giuridica ? null : cognome,
      ragioneSociale: giuridica ? ragioneSociale : null,
      sesso: sesso ?? 'U',
      codiceFiscale,
      partitaIva,
      codiceDestinatario: v.codiceDestinatario ?? null,
      dataNascita,
      comuneNascita,
      provinciaNascita,
      nazionalita: nazionalita ?? homeCountry,
      note: v.note ?? null,
    },
    contatti: {
      cellulare: phone(v.cellulare),
      telefono: phone(v.telefono),
      email: v.email ?? null,
      pec: v.pec ?? null,
    },
    residenza: { indirizzo, cap, comune, provincia },
    datiSanitari: {
      numeroTesseraSanitaria: v.numeroTesseraSanitaria ?? null,
      documentoIdentita: v.documentoIdentita ?? null,
    },
  };

  // zod runs the checks across fields (fiscal code required, partita IVA, complete address) only once every field
  // passed its own: further passes without the refused fields report the rest, so the user sees every problem at once
  let attempt: PatientInput = input;
  for (let pass = 0; pass < 3; pass++) {
    const parsed = patientInputSchema.safeParse(attempt);
    if (parsed.success) break;
    for (const issue of parsed.error.issues) {
      let field = fieldOfPath(issue.path);
      // names that came from the combined column are corrected there
      if ((field === 'nome' || field === 'cognome' || field === 'ragioneSociale') && !v[field] && v.nomeCompleto)
        field = 'nomeCompleto';
      // a field already refused keeps its first, more precise message
      if (problems.some((p) => p.field === field)) continue;
      problems.push({ field, message: issue.message });
    }
    attempt = withoutPaths(
      attempt,
      parsed.error.issues.map((i) => i.path),
    );
  }
  if (problems.length > 0) return { ok: false, problems, warnings, filled };
  return { ok: true, input, warnings, filled };
};

/**
 * The input with the fields at these paths set to null (tags emptied), for the next pass. An address loses all its
 * parts at once: without one part it would be refused as incomplete, a problem the user does not have.
 */
const withoutPaths = (input: PatientInput, paths: readonly (readonly PropertyKey[])[]): PatientInput => {
  const copy = structuredClone(input) as Record<string, unknown>;
  for (const [section, name] of paths) {
    if (section === 'tags') copy.tags = [];
    else if (section === 'residenza') copy.residenza = { indirizzo: null, cap: null, comune: null, provincia: null };
    else if (typeof section === 'string' && typeof name === 'string') {
      const part = copy[section];
      if (part && typeof part === 'object') (part as Record<string, unknown>)[name] = null;
    }
  }
  return copy as PatientInput;
};
