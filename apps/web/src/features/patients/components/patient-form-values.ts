import { schemaResolver } from '@mantine/form';
import { anagraficaMessages, type CodiceFiscaleCheck, checkCodiceFiscale } from '@studiolo/domain/anagrafica';
import {
  homeCountry,
  type Patient,
  type PatientInput,
  type PatientState,
  patientInputSchema,
  patientInputSchemaWithoutCodiceFiscale,
} from '@studiolo/domain/patients';
import type { Reference } from '../reference.ts';

export type TipologiaPersona = Patient['datiGenerali']['tipologiaPersona'];
export type Sesso = Patient['datiGenerali']['sesso'];

/** spec part 1 §3 and §9: FISICA (default) or GIURIDICA; U man (default), D woman. */
export const tipologiaLabels: Record<TipologiaPersona, string> = {
  FISICA: 'Persona fisica',
  GIURIDICA: 'Persona giuridica',
};
export const sessoLabels: Record<Sesso, string> = { U: 'Uomo', D: 'Donna' };

/** spec part 1 §4, §9: form validators are re-evaluated on every change, debounced 100 ms. */
export const formChangeDebounceMs = 100;

/** The form keeps every field as text (empty text becomes null in the shared schema); paths match the API's. */
export type PatientFormValues = {
  state: PatientState;
  tags: string[];
  datiGenerali: {
    tipologiaPersona: TipologiaPersona;
    nome: string;
    cognome: string;
    ragioneSociale: string;
    sesso: Sesso;
    codiceFiscale: string;
    partitaIva: string;
    codiceDestinatario: string;
    dataNascita: string;
    comuneNascita: string;
    provinciaNascita: string;
    /** ISO alpha-2 of the country. */
    nazionalita: string;
    isPubblicaAmministrazione: boolean;
    note: string;
  };
  contatti: { cellulare: string; telefono: string; email: string; pec: string };
  residenza: { indirizzo: string; cap: string; comune: string; provincia: string };
  datiSanitari: { numeroTesseraSanitaria: string; documentoIdentita: string; trasmissioneSistemaSanitario: boolean };
};

const text = (v: string | null | undefined) => v ?? '';

export const emptyPatientValues = (): PatientFormValues => ({
  state: 'ACTIVE',
  tags: [],
  datiGenerali: {
    tipologiaPersona: 'FISICA',
    nome: '',
    cognome: '',
    ragioneSociale: '',
    sesso: 'U',
    codiceFiscale: '',
    partitaIva: '',
    codiceDestinatario: '',
    dataNascita: '',
    comuneNascita: '',
    provinciaNascita: '',
    nazionalita: homeCountry,
    isPubblicaAmministrazione: false,
    note: '',
  },
  contatti: { cellulare: '', telefono: '', email: '', pec: '' },
  residenza: { indirizzo: '', cap: '', comune: '', provincia: '' },
  datiSanitari: { numeroTesseraSanitaria: '', documentoIdentita: '', trasmissioneSistemaSanitario: true },
});

export const patientToFormValues = (p: Patient): PatientFormValues => {
  const g = p.datiGenerali;
  return {
    state: p.state,
    tags: [...p.tags],
    datiGenerali: {
      tipologiaPersona: g.tipologiaPersona,
      nome: text(g.nome),
      cognome: text(g.cognome),
      ragioneSociale: text(g.ragioneSociale),
      sesso: g.sesso,
      codiceFiscale: text(g.codiceFiscale),
      partitaIva: text(g.partitaIva),
      codiceDestinatario: text(g.codiceDestinatario),
      dataNascita: text(g.dataNascita),
      comuneNascita: text(g.comuneNascita),
      provinciaNascita: text(g.provinciaNascita),
      nazionalita: g.nazionalita || homeCountry,
      isPubblicaAmministrazione: g.isPubblicaAmministrazione,
      note: text(g.note),
    },
    contatti: {
      cellulare: text(p.contatti.cellulare),
      telefono: text(p.contatti.telefono),
      email: text(p.contatti.email),
      pec: text(p.contatti.pec),
    },
    residenza: {
      indirizzo: text(p.residenza.indirizzo),
      cap: text(p.residenza.cap),
      comune: text(p.residenza.comune),
      provincia: text(p.residenza.provincia),
    },
    datiSanitari: {
      numeroTesseraSanitaria: text(p.datiSanitari.numeroTesseraSanitaria),
      documentoIdentita: text(p.datiSanitari.documentoIdentita),
      trasmissioneSistemaSanitario: p.datiSanitari.trasmissioneSistemaSanitario,
    },
  };
};

/**
 * spec part 1 §4: GIURIDICA hides given name, family name and sex, FISICA the company name; the public
 * administration flag exists only for GIURIDICA. What is hidden is not sent.
 */
export const formValuesToPatientInput = (v: PatientFormValues): PatientInput => {
  const g = v.datiGenerali;
  const fisica = g.tipologiaPersona === 'FISICA';
  return {
    state: v.state,
    tags: v.tags,
    datiGenerali: {
      ...g,
      nome: fisica ? g.nome : null,
      cognome: fisica ? g.cognome : null,
      sesso: fisica ? g.sesso : 'U',
      ragioneSociale: fisica ? null : g.ragioneSociale,
      isPubblicaAmministrazione: fisica ? false : g.isPubblicaAmministrazione,
      dataNascita: normalizeUiDate(g.dataNascita),
    },
    contatti: v.contatti,
    residenza: v.residenza,
    datiSanitari: {
      ...v.datiSanitari,
      // spec part 2 §5: only natural persons can oppose the transmission to the Sistema TS
      trasmissioneSistemaSanitario: fisica ? v.datiSanitari.trasmissioneSistemaSanitario : true,
    },
  };
};

/**
 * spec part 1 §5: dates are typed D-M-YYYY and shown DD-MM-YYYY. Also accepts / and . as separators and the
 * eight digits without separators; anything else is returned as typed, for the validator to flag.
 */
export const normalizeUiDate = (value: string): string => {
  const typed = value.trim();
  const parts = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!parts) return typed;
  return `${(parts[1] as string).padStart(2, '0')}-${(parts[2] as string).padStart(2, '0')}-${parts[3]}`;
};

const resolveStrict = schemaResolver(patientInputSchema, { sync: true });
// decision 035: a patient made by an online booking may be saved without the fiscal code until the studio completes it
const resolveWithoutCode = schemaResolver(patientInputSchemaWithoutCodiceFiscale, { sync: true });

const setAtPath = (target: Record<string, unknown>, path: string, value: unknown) => {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return;
    node = next as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = value;
};

/**
 * The shared schema's messages for the form (the server checks the same schema). zod applies the rules across
 * fields (name required, tax-code rules by person type) only once every field is well formed, so they are also
 * checked with the malformed fields left out: the person sees every problem at once, not one after another.
 */
export const validatePatientValues = (
  values: PatientFormValues,
  opts: { mayLackCodiceFiscale?: boolean } = {},
): Record<string, string> => {
  const resolve = opts.mayLackCodiceFiscale ? resolveWithoutCode : resolveStrict;
  const input = formValuesToPatientInput(values);
  const errors = resolve(input) as Record<string, string>;
  const paths = Object.keys(errors);
  if (paths.length === 0) return errors;

  const cleaned = structuredClone(input) as Record<string, unknown>;
  for (const path of paths) setAtPath(cleaned, path, null);
  const crossField = resolve(cleaned) as Record<string, string>;
  for (const [path, message] of Object.entries(crossField)) {
    if (path.startsWith('datiGenerali.') && !(path in errors)) errors[path] = message;
  }

  // The specific message of spec part 1 §5 ("Carattere mese non valido…") rather than the generic one.
  const cfPath = 'datiGenerali.codiceFiscale';
  const code = input.datiGenerali.codiceFiscale?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (errors[cfPath] === anagraficaMessages.codiceFiscaleInvalid && code.length === 16) {
    const check = checkCodiceFiscale(code);
    if (!check.valid) errors[cfPath] = check.message;
  }
  return errors;
};

// ---------- what a fiscal code tells ----------

/** The fields a personal fiscal code (or a health card) fills. */
export const derivedFields = ['sesso', 'dataNascita', 'comuneNascita', 'provinciaNascita', 'nazionalita'] as const;
export type DerivedField = (typeof derivedFields)[number];
export type DerivedValues = Partial<Record<DerivedField, string>>;

/**
 * Province of a foreign birthplace: "EE" (Estero), as Italian registry forms write it for people born abroad; the
 * town field then holds the state's name.
 */
export const foreignProvincia = 'EE';

/** Sex and birth date of a valid code. */
export const birthDataOf = (check: Extract<CodiceFiscaleCheck, { valid: true }>): DerivedValues => ({
  sesso: check.sesso,
  dataNascita: check.dataNascita,
});

/** Birthplace of a valid code: the comune and its province, or the foreign state (and then the nationality). */
export const birthplaceOf = (reference: Reference, belfiore: string): DerivedValues => {
  const place = reference.birthplaceByBelfiore(belfiore);
  if (!place) return {};
  if (place.kind === 'comune') {
    return { comuneNascita: place.nome, provinciaNascita: place.provincia, nazionalita: homeCountry };
  }
  return {
    comuneNascita: place.nome,
    provinciaNascita: foreignProvincia,
    ...(place.codAlpha2 ? { nazionalita: place.codAlpha2 } : {}),
  };
};

/**
 * Applies what a code tells to the fields that are empty or still hold what the previous code put there (or the
 * untouched default): never over what the person typed by hand.
 * @param filled what the code filled so far (the defaults of a new patient count as filled).
 * @returns the changed fields and the new record of what the code filled.
 */
export const applyDerived = (
  current: Record<DerivedField, string>,
  derived: DerivedValues,
  filled: DerivedValues,
): { changes: DerivedValues; filled: DerivedValues } => {
  const changes: DerivedValues = {};
  const nextFilled: DerivedValues = { ...filled };
  for (const field of derivedFields) {
    const value = derived[field];
    if (value === undefined) continue;
    const now = current[field];
    if (now === '' || now === filled[field] || now === value) {
      if (now !== value) changes[field] = value;
      nextFilled[field] = value;
    }
  }
  return { changes, filled: nextFilled };
};

/** "ROSSI", "DE LUCA", "D'ANGELO" as a card gives them → "Rossi", "De Luca", "D'Angelo". */
export const titleCase = (value: string): string =>
  value.toLocaleLowerCase('it-IT').replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => {
    return before + letter.toLocaleUpperCase('it-IT');
  });
