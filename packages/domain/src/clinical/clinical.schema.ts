import { requiredText, textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { clinicalMessages as m } from './clinical.messages.ts';
import { type OutcomeMeasureCode, outcomeMeasureCodes } from './outcome-measures.ts';

/** The longest free text of a section: a long history fits, a pasted book does not (decision 029). */
export const clinicalTextMax = 20_000;
/** The longest short text (pain location, a test's name). */
export const clinicalShortTextMax = 500;

const isoPattern = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
/** @returns whether a YYYY-MM-DD text names a day that exists (from 1900 on). */
export const isClinicalDate = (value: string): boolean => {
  const match = isoPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= ([31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number);
};
const clinicalDateSchema = z.string({ error: m.invalidDate }).refine(isClinicalDate, { error: m.invalidDate });

/**
 * A free text of the record: the shared string rule (decision 033; lines allowed), trimmed, empty becomes null,
 * refused beyond `max` characters with the limit said.
 */
const text = (max: number) =>
  z
    .string()
    .max(max, { error: m.noteTooLong(max) })
    .check(textRule({ multiline: true }))
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });
const longText = () => text(clinicalTextMax);
const shortText = () => text(clinicalShortTextMax);

// ——— Settings: which sections of an evaluation the studio uses (PATCH /settings/cartella-paziente) ———

/** The sections of an evaluation, in the order the form shows them. */
export const evaluationSections = [
  'motivoInvio',
  'anamnesi',
  'dolore',
  'esameObiettivo',
  'testFunzionali',
  'articolarita',
  'diagnosi',
  'obiettivi',
  'pianoTrattamento',
  'note',
] as const;
export type EvaluationSection = (typeof evaluationSections)[number];

export const evaluationSectionLabels: Record<EvaluationSection, string> = {
  motivoInvio: 'Motivo dell’invio',
  anamnesi: 'Anamnesi',
  dolore: 'Dolore',
  esameObiettivo: 'Esame obiettivo',
  testFunzionali: 'Test funzionali',
  articolarita: 'Articolarità (ROM)',
  diagnosi: 'Diagnosi funzionale',
  obiettivi: 'Obiettivi',
  pianoTrattamento: 'Piano di trattamento',
  note: 'Note',
};

/** The key of settings cartella-paziente that lists the sections in use; absent means all of them. */
export const evaluationSectionsSettingKey = 'sezioniValutazione';

/** @returns the sections a studio uses, from its cartella-paziente settings (all when never chosen). */
export const evaluationSectionsOf = (settings: Record<string, unknown> | undefined): EvaluationSection[] => {
  const chosen = settings?.[evaluationSectionsSettingKey];
  if (!Array.isArray(chosen)) return [...evaluationSections];
  return evaluationSections.filter((s) => chosen.includes(s));
};

/**
 * The cartella-paziente section body: `sezioniValutazione` must list known sections; other keys stay free (as every
 * section, at most 64 KiB: the settings route checks the whole).
 */
export const cartellaPazienteSettingsSchema = z.object({
  [evaluationSectionsSettingKey]: z
    .array(z.enum(evaluationSections, { error: m.unknownSection }))
    .max(evaluationSections.length)
    .optional(),
});

// ——— Evaluations (valutazioni) ———

export const evaluationKinds = ['INIZIALE', 'CONTROLLO'] as const;
export type EvaluationKind = (typeof evaluationKinds)[number];
export const evaluationKindLabels: Record<EvaluationKind, string> = {
  INIZIALE: 'Valutazione iniziale',
  CONTROLLO: 'Rivalutazione',
};

export const romSides = ['DX', 'SX', 'BILATERALE'] as const;
export const romSideLabels: Record<(typeof romSides)[number], string> = {
  DX: 'Destro',
  SX: 'Sinistro',
  BILATERALE: 'Bilaterale',
};
export const romMaxRows = 60;
/** The ROM table's column headings, on screen and in the evaluation's PDF. */
export const romColumnLabels = {
  distretto: 'Distretto',
  movimento: 'Movimento',
  lato: 'Lato',
  attivo: 'Attivo (°)',
  passivo: 'Passivo (°)',
} as const;

const degrees = z.number().int().min(-360, { error: m.romRange }).max(360, { error: m.romRange }).nullish();

/** One range-of-motion measure: joint, movement, side, active and passive degrees. */
export const romRowSchema = z.object({
  distretto: requiredText(100),
  movimento: requiredText(100),
  lato: z.enum(romSides).nullish(),
  attivo: degrees,
  passivo: degrees,
  note: shortText(),
});
export type RomRow = z.output<typeof romRowSchema>;

const evaluationFields = {
  tipo: z.enum(evaluationKinds),
  data: clinicalDateSchema,
  motivoInvio: longText(),
  anamnesi: longText(),
  doloreNrs: z.number().int().min(0, { error: m.nrsRange }).max(10, { error: m.nrsRange }).nullish(),
  doloreSede: shortText(),
  doloreCaratteristiche: longText(),
  esameObiettivo: longText(),
  testFunzionali: longText(),
  articolarita: z
    .array(romRowSchema)
    .max(romMaxRows, { error: m.tooManyRom(romMaxRows) })
    .nullish()
    .transform((v) => v ?? []),
  diagnosi: longText(),
  obiettivi: longText(),
  pianoTrattamento: longText(),
  note: longText(),
};

/** POST /valutazioni */
export const evaluationInputSchema = z.strictObject({ pazienteId: z.uuid(), ...evaluationFields });
export type EvaluationInput = z.input<typeof evaluationInputSchema>;
/** PUT /valutazioni/{id}: the whole evaluation again (its patient does not change). */
export const evaluationUpdateSchema = z.strictObject(evaluationFields);
export type EvaluationData = z.output<typeof evaluationUpdateSchema>;

/** The texts of an evaluation (what the access log never holds and the export writes). */
export const evaluationTextFields = [
  'motivoInvio',
  'anamnesi',
  'doloreSede',
  'doloreCaratteristiche',
  'esameObiettivo',
  'testFunzionali',
  'diagnosi',
  'obiettivi',
  'pianoTrattamento',
  'note',
] as const;

const authorSchema = z.object({ userId: z.string().nullable(), name: z.string().nullable() });

export const evaluationSchema = z.object({
  id: z.uuid(),
  pazienteId: z.uuid(),
  tipo: z.enum(evaluationKinds),
  data: z.string(),
  motivoInvio: z.string().nullable(),
  anamnesi: z.string().nullable(),
  doloreNrs: z.number().nullable(),
  doloreSede: z.string().nullable(),
  doloreCaratteristiche: z.string().nullable(),
  esameObiettivo: z.string().nullable(),
  testFunzionali: z.string().nullable(),
  articolarita: z.array(
    z.object({
      distretto: z.string(),
      movimento: z.string(),
      lato: z.enum(romSides).nullable(),
      attivo: z.number().nullable(),
      passivo: z.number().nullable(),
      note: z.string().nullable(),
    }),
  ),
  diagnosi: z.string().nullable(),
  obiettivi: z.string().nullable(),
  pianoTrattamento: z.string().nullable(),
  note: z.string().nullable(),
  autore: authorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

// ——— Treatment diary (diari) ———

/** An appointment's id as the calendar gives it: the event's, or a series occurrence's (`<uuid>_<yyyymmddThhmmssZ>`). */
export const appointmentIdPattern = /^[0-9a-fA-F-]{36}(_\d{8}T\d{6}Z)?$/;

const diaryFields = {
  data: clinicalDateSchema,
  eventId: z.string().regex(appointmentIdPattern, { error: m.eventNotFound }).nullish(),
  soggettivo: longText(),
  oggettivo: longText(),
  valutazione: longText(),
  piano: longText(),
  trattamenti: longText(),
};
const notEmpty = (v: {
  soggettivo: unknown;
  oggettivo: unknown;
  valutazione: unknown;
  piano: unknown;
  trattamenti: unknown;
}) => Boolean(v.soggettivo || v.oggettivo || v.valutazione || v.piano || v.trattamenti);

/** POST /diari: one entry per session, SOAP (soggettivo, oggettivo, valutazione, piano) and the treatments done. */
export const diaryInputSchema = z
  .strictObject({ pazienteId: z.uuid(), ...diaryFields })
  .refine(notEmpty, { error: m.diaryEmpty, path: ['soggettivo'] });
export type DiaryInput = z.input<typeof diaryInputSchema>;
/** PUT /diari/{id} */
export const diaryUpdateSchema = z
  .strictObject(diaryFields)
  .refine(notEmpty, { error: m.diaryEmpty, path: ['soggettivo'] });
export type DiaryData = z.output<typeof diaryUpdateSchema>;

export const diaryTextFields = ['soggettivo', 'oggettivo', 'valutazione', 'piano', 'trattamenti'] as const;
export const diaryFieldLabels: Record<(typeof diaryTextFields)[number], string> = {
  soggettivo: 'Soggettivo',
  oggettivo: 'Oggettivo',
  valutazione: 'Valutazione',
  piano: 'Piano',
  trattamenti: 'Trattamenti eseguiti',
};

export const diaryEntrySchema = z.object({
  id: z.uuid(),
  pazienteId: z.uuid(),
  data: z.string(),
  eventId: z.string().nullable(),
  /** When the linked appointment starts (ISO instant), to show it beside the entry. */
  appuntamentoInizio: z.string().nullable(),
  soggettivo: z.string().nullable(),
  oggettivo: z.string().nullable(),
  valutazione: z.string().nullable(),
  piano: z.string().nullable(),
  trattamenti: z.string().nullable(),
  autore: authorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

// ——— Outcome measures (misure di esito) ———

/** POST /misure-esito: a questionnaire filled in; the server scores it (outcome-measures.ts). */
export const outcomeInputSchema = z.strictObject({
  pazienteId: z.uuid(),
  codice: z.enum(outcomeMeasureCodes),
  data: clinicalDateSchema,
  risposte: z
    .record(z.string().max(40), z.number().int().min(0).max(100).nullable())
    .refine((r) => Object.keys(r).length <= 40, { error: m.tooManyAnswers }),
  note: text(2000),
});
export type OutcomeInput = z.input<typeof outcomeInputSchema>;

export const outcomeRecordSchema = z.object({
  id: z.uuid(),
  pazienteId: z.uuid(),
  codice: z.enum(outcomeMeasureCodes),
  data: z.string(),
  risposte: z.record(z.string(), z.number().nullable()),
  punteggio: z.number(),
  min: z.number(),
  max: z.number(),
  unita: z.string(),
  fascia: z.string(),
  peggioreSeAlto: z.boolean(),
  note: z.string().nullable(),
  autore: authorSchema,
  createdAt: z.string(),
});
export type OutcomeRecord = z.infer<typeof outcomeRecordSchema> & { codice: OutcomeMeasureCode };

// ——— Access log ———

/** What part of the record an access touched (attachments and body charts log with their own kinds). */
export const clinicalRecordKinds = ['valutazione', 'diario', 'misura-esito', 'allegato', 'body-chart'] as const;
export type ClinicalRecordKind = (typeof clinicalRecordKinds)[number];
export const clinicalAccessActions = ['read', 'create', 'update', 'delete', 'export'] as const;
export type ClinicalAccessAction = (typeof clinicalAccessActions)[number];

export const clinicalKindLabels: Record<ClinicalRecordKind, string> = {
  valutazione: 'valutazioni',
  diario: 'diario dei trattamenti',
  'misura-esito': 'questionari di esito',
  allegato: 'allegati',
  'body-chart': 'body chart',
};
const actionLabels: Record<ClinicalAccessAction, string> = {
  read: 'Lettura',
  create: 'Scrittura',
  update: 'Modifica',
  delete: 'Eliminazione',
  export: 'Esportazione',
};
/** The audit action of a clinical access: `clinical.<kind>.<action>`. */
export const clinicalAuditAction = (kind: ClinicalRecordKind, action: ClinicalAccessAction) =>
  `clinical.${kind}.${action}`;
/** The Italian label of every clinical access action, for the activity log. */
export const clinicalAuditActionLabels: Record<string, string> = Object.fromEntries(
  clinicalRecordKinds.flatMap((k) =>
    clinicalAccessActions.map((a) => [
      clinicalAuditAction(k, a),
      `Cartella clinica: ${actionLabels[a].toLowerCase()} ${clinicalKindLabels[k]}`,
    ]),
  ),
);
