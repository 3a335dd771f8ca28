import { residenzaSchema } from '../anagrafica/address.ts';
import { anagraficaMessages as am } from '../anagrafica/anagrafica.messages.ts';
import { checkCodiceDestinatario } from '../anagrafica/codice-destinatario.ts';
import { checkCodiceFiscale } from '../anagrafica/codice-fiscale.ts';
import { contattiSchema, contattiValueSchema } from '../anagrafica/contacts.ts';
import { isValidPartitaIva } from '../anagrafica/fiscal-codes.ts';
import { sessi, type TipologiaPersona, tipologiePersona } from '../anagrafica/persona.ts';
import { isExistingUiDate, uiDateToIso } from '../shared/dates.ts';
import { isLatinText, optionalText, toLatinText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { patientMessages as m } from './patient.messages.ts';
import { homeCountry, patientStates } from './patient.rules.ts';

/** spec part 1 §5: names and company name accept Latin characters only (curly quotes are straightened first). */
const latinName = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null ? null : v.replace(/[\u2018\u2019]/gu, "'").trim() || null))
    .refine((v) => v === null || isLatinText(v), { error: m.latinOnly });

/** spec part 2 §5: some fields are trimmed and forced to upper case; spaces inside codes are dropped. */
const upperCode = (max: number) =>
  z
    .string()
    .max(max + 8)
    .nullish()
    .transform((v) => v?.replace(/\s+/g, '').toUpperCase() || null)
    .refine((v) => v === null || v.length <= max, { error: `Massimo ${max} caratteri` });

const birthDate = z
  .string()
  .nullish()
  .transform((v) => v?.trim() || null)
  .refine((v) => v === null || isExistingUiDate(v), { error: m.dataNascitaInvalid })
  .refine((v) => v === null || !isExistingUiDate(v) || uiDateToIso(v) <= new Date().toISOString().slice(0, 10), {
    error: m.dataNascitaFuture,
  });

export const datiGeneraliInputSchema = z.object({
  tipologiaPersona: z.enum(tipologiePersona, { error: am.required }).default('FISICA'),
  nome: latinName(100),
  cognome: latinName(100),
  ragioneSociale: latinName(200),
  sesso: z.enum(sessi).default('U'),
  codiceFiscale: upperCode(16),
  partitaIva: upperCode(28),
  codiceDestinatario: upperCode(7),
  dataNascita: birthDate,
  comuneNascita: latinName(100),
  provinciaNascita: z
    .string()
    .max(10)
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null)
    .refine((v) => v === null || /^[A-Z]{2}$/.test(v), { error: am.provinciaInvalid }),
  nazionalita: z
    .string()
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || homeCountry)
    .refine((v) => /^[A-Z]{2}$/.test(v), { error: m.nazionalitaInvalid }),
  isPubblicaAmministrazione: z.boolean().default(false),
  note: optionalText(4000, { multiline: true }),
});

export const datiSanitariInputSchema = z.object({
  numeroTesseraSanitaria: upperCode(20),
  documentoIdentita: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => (v == null ? null : toLatinText(v).trim() || null)),
  /** spec part 1 §3: default true; false means the patient opposes transmission to the Sistema TS. */
  trasmissioneSistemaSanitario: z.boolean().default(true),
});

/** A tag: trimmed, inner spaces collapsed, Latin text, 1–40 characters. */
export const tagSchema = z
  .string({ error: m.tagInvalid })
  .max(100)
  .transform((v) => toLatinText(v).replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, { error: m.tagInvalid }).max(40, { error: m.tagInvalid }));

const emptyResidenza = { indirizzo: null, cap: null, comune: null, provincia: null };
const emptyContatti = { cellulare: null, telefono: null, email: null, pec: null };

/**
 * POST /pazienti and PUT /pazienti (with id): the patient's data (spec part 1 §3), checked by the rules of
 * part 1 §5 and part 2 §5. The server computes nomeCompleto and validForFattura.
 */
const patientFields = {
  state: z.enum(patientStates).default('ACTIVE'),
  tags: z.array(tagSchema).max(30).default([]),
  datiGenerali: datiGeneraliInputSchema,
  contatti: contattiSchema.default(emptyContatti),
  residenza: residenzaSchema.default(emptyResidenza),
  datiSanitari: datiSanitariInputSchema.default({
    numeroTesseraSanitaria: null,
    documentoIdentita: null,
    trasmissioneSistemaSanitario: true,
  }),
};
type PatientFieldsOutput = z.output<z.ZodObject<typeof patientFields>>;

/**
 * spec part 1 §5: GIURIDICA hides given name, family name and sex; FISICA hides the company name; the
 * public-administration flag exists only for GIURIDICA. Tags are kept once, whatever their case.
 */
const normalizePatient = <T extends PatientFieldsOutput>(p: T): T => {
  const g = p.datiGenerali;
  const datiGenerali =
    g.tipologiaPersona === 'FISICA'
      ? { ...g, ragioneSociale: null, isPubblicaAmministrazione: false }
      : { ...g, nome: null, cognome: null, sesso: 'U' as const };
  const tags = [...new Map(p.tags.map((t) => [t.toLowerCase(), t])).values()];
  return { ...p, tags, datiGenerali };
};

/**
 * How a patient came into the studio: null when the studio entered them, 'ONLINE_BOOKING' when an online booking made
 * the record (decision 035). Such a patient may lack the fiscal code until the studio completes it.
 */
export const patientSources = ['ONLINE_BOOKING'] as const;
export type PatientSource = (typeof patientSources)[number];

/**
 * Whether a person's record may be saved without a fiscal code although Italian (decision 035): a patient made by an
 * online booking, where the code is optional for the patient, stays editable (a note, a phone) until the studio
 * completes it. As for a foreign patient without one (decision 012), validForFattura stays false and no invoice can
 * be made until it is there; a code that is given is checked the same way.
 */
export const mayLackCodiceFiscale = (source: PatientSource | null | undefined) => source === 'ONLINE_BOOKING';

/** The rules across fields (spec part 1 §5, part 2 §5), reported on the field they concern. */
const checkPatientWith =
  (opts: { codiceFiscaleMayBeMissing: boolean }) => (p: PatientFieldsOutput, ctx: z.core.$RefinementCtx) => {
    const g = p.datiGenerali;
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: ['datiGenerali', field] });
    const italian = g.nazionalita === homeCountry;
    if (g.tipologiaPersona === 'FISICA') {
      if (!g.nome) issue('nome', am.required);
      if (!g.cognome) issue('cognome', am.required);
      const cfMessage = personalCodiceFiscaleMessage(g.codiceFiscale, italian && !opts.codiceFiscaleMayBeMissing);
      if (cfMessage) issue('codiceFiscale', cfMessage);
    } else {
      if (!g.ragioneSociale) issue('ragioneSociale', am.required);
      const cfMessage = companyCodiceFiscaleMessage(g.codiceFiscale, g.isPubblicaAmministrazione, italian);
      if (cfMessage) issue('codiceFiscale', cfMessage);
    }
    const ivaMessage = partitaIvaMessage(g, italian);
    if (ivaMessage) issue('partitaIva', ivaMessage);
    const destinatarioMessage = checkCodiceDestinatario(g.codiceDestinatario, g.isPubblicaAmministrazione);
    if (destinatarioMessage) issue('codiceDestinatario', destinatarioMessage);
  };

const checkPatient = checkPatientWith({ codiceFiscaleMayBeMissing: false });

/** POST /pazienti: the patient's data (spec part 1 §3); the server computes nomeCompleto and validForFattura. */
export const patientInputSchema = z.object(patientFields).transform(normalizePatient).superRefine(checkPatient);
/**
 * The same rules for a patient who may lack the fiscal code (mayLackCodiceFiscale): the form of such a patient, and
 * PUT /pazienti's body, whose service then requires the code of every other Italian person (it knows the source).
 */
export const patientInputSchemaWithoutCodiceFiscale = z
  .object(patientFields)
  .transform(normalizePatient)
  .superRefine(checkPatientWith({ codiceFiscaleMayBeMissing: true }));
/** PUT /pazienti: the same with the patient's id (spec part 1 §7: the id travels in the body). */
export const patientUpdateInputSchema = z
  .object({ id: z.uuid(), ...patientFields })
  .transform(normalizePatient)
  .superRefine(checkPatientWith({ codiceFiscaleMayBeMissing: true }));
export type PatientInput = z.input<typeof patientInputSchema>;
export type PatientData = z.output<typeof patientInputSchema>;

/**
 * spec part 1 §5: a person's tax code is required and has 16 characters; the rules depend on whether the
 * nationality is the home country (decision 012: a foreign national may have none; if given it must be valid).
 */
export const personalCodiceFiscaleMessage = (code: string | null, italian: boolean): string | null => {
  if (!code) return italian ? am.required : null;
  const check = checkCodiceFiscale(code);
  return check.valid ? null : check.message;
};

/**
 * spec part 1 §5: a public administration's tax code is 11 digits; a company's is 11 alphanumeric characters
 * (an 11-digit one carries the partita IVA check digit). A sole trader may use a personal 16-character code.
 */
export const companyCodiceFiscaleMessage = (code: string | null, pa: boolean, italian: boolean): string | null => {
  if (!code) return italian ? am.required : null;
  if (!italian) return /^[A-Z0-9]{1,16}$/.test(code) ? null : am.codiceFiscaleInvalid;
  if (pa) return /^[0-9]{11}$/.test(code) && isValidPartitaIva(code) ? null : am.codiceFiscaleInvalid;
  if (code.length === 16) return checkCodiceFiscale(code).valid ? null : am.codiceFiscaleInvalid;
  if (code.length !== 11 || !/^[A-Z0-9]{11}$/.test(code)) return am.codiceFiscaleInvalid;
  return /^[0-9]{11}$/.test(code) && !isValidPartitaIva(code) ? am.codiceFiscaleInvalid : null;
};

/**
 * VAT rules depend on the legal person and the public administration (spec part 1 §5): required for an Italian
 * company that is not a public administration, optional otherwise; an Italian one is 11 digits with its check digit.
 */
const partitaIvaMessage = (
  g: { tipologiaPersona: TipologiaPersona; partitaIva: string | null; isPubblicaAmministrazione: boolean },
  italian: boolean,
): string | null => {
  const value = g.partitaIva?.replace(/^IT/, '') ?? null;
  if (!value) return italian && g.tipologiaPersona === 'GIURIDICA' && !g.isPubblicaAmministrazione ? am.required : null;
  if (!italian) return /^[A-Z0-9]{2,28}$/.test(value) ? null : am.partitaIvaInvalid;
  return isValidPartitaIva(value) ? null : am.partitaIvaInvalid;
};

const nullableString = z.string().nullable();

/** A patient as the API answers it (spec part 1 §3). */
export const patientSchema = z.object({
  id: z.uuid(),
  studioId: z.uuid(),
  state: z.enum(patientStates),
  tags: z.array(z.string()),
  datiGenerali: z.object({
    tipologiaPersona: z.enum(tipologiePersona),
    nome: nullableString,
    cognome: nullableString,
    ragioneSociale: nullableString,
    nomeCompleto: z.string(),
    sesso: z.enum(sessi),
    codiceFiscale: nullableString,
    partitaIva: nullableString,
    codiceDestinatario: nullableString,
    dataNascita: nullableString,
    comuneNascita: nullableString,
    provinciaNascita: nullableString,
    nazionalita: z.string(),
    isPubblicaAmministrazione: z.boolean(),
    note: nullableString,
  }),
  contatti: contattiValueSchema,
  residenza: z.object({
    indirizzo: nullableString,
    cap: nullableString,
    comune: nullableString,
    provincia: nullableString,
  }),
  datiSanitari: z.object({
    numeroTesseraSanitaria: nullableString,
    documentoIdentita: nullableString,
    trasmissioneSistemaSanitario: z.boolean(),
  }),
  validForFattura: z.boolean(),
  /** null: entered by the studio; 'ONLINE_BOOKING': made by an online booking (decision 035). */
  source: z.enum(patientSources).nullable(),
  /** The patient does not want appointment reminders (decision 036; set by PUT /pazienti/{id}/promemoria). */
  remindersOptOut: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** PUT /pazienti/stato. */
export const patientStateInputSchema = z.object({ id: z.uuid(), state: z.enum(patientStates) });

/** PATCH /pazienti/{id}/tags (spec part 1 §7: {pazienteId, tag}). */
export const patientTagInputSchema = z.object({ pazienteId: z.uuid().optional(), tag: tagSchema });

const queryList = z
  .union([z.string().max(2000), z.array(z.string().max(100)).max(30)])
  .optional()
  .transform((v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : v.split(',')).map((t) => toLatinText(t).replace(/\s+/g, ' ').trim()).filter(Boolean),
  );

/** GET /v2/pazienti (spec part 1 §7): page size 25, the picker uses 20. */
export const patientSearchQuerySchema = z.object({
  studioId: z.uuid().optional(),
  searchText: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v?.trim() || null),
  statoPaziente: z.enum(patientStates).optional(),
  tags: queryList,
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type PatientSearchQuery = z.input<typeof patientSearchQuerySchema>;

export const patientPageSchema = z.object({
  content: z.array(patientSchema),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type PatientPage = z.infer<typeof patientPageSchema>;

export const patientTagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type PatientTagCount = z.infer<typeof patientTagCountSchema>;
