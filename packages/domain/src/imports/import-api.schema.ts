/**
 * The API of the patient import (issue 30 item 1, decision 039): what the server answers about an import and what
 * the web sends back (the mapping changed by hand, corrections of cells, choices per row, tags).
 */
import { z } from '../shared/zod-it.ts';
import { importFields } from './header-mapping.ts';
import { importLimits } from './import-limits.ts';

export const importStatuses = ['PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'UNDONE'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** What the user chose for a row: skip it, or (a duplicate of a patient of the studio) update that patient. */
export const importRowChoices = ['import', 'skip', 'update'] as const;
export type ImportRowChoice = (typeof importRowChoices)[number];

const fieldSchema = z.enum(importFields);
const problemSchema = z.object({ field: z.string(), message: z.string() });

export const importCountsSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  withWarnings: z.number().int(),
  /** Rows the import would write now (valid, not skipped; duplicates only when set to update). */
  toImport: z.number().int(),
  toUpdate: z.number().int(),
  toSkip: z.number().int(),
});

/**
 * The view of an import (both imports): the file, its columns and their mapping to `field`, the import's own
 * choices (`own`), the counts of the preview, the progress and the outcome.
 */
export const importViewSchemaOf = <Field extends z.ZodType, Own extends z.ZodRawShape>(field: Field, own: Own) =>
  z.object({
    id: z.uuid(),
    fileName: z.string(),
    status: z.enum(importStatuses),
    format: z.enum(['csv', 'xlsx']).nullable(),
    /** The header row's names, by column. */
    columns: z.array(z.string()),
    /** The field each column fills (null: left out). */
    mapping: z.array(field.nullable()),
    ...own,
    counts: importCountsSchema.nullable(),
    /** Message when the file cannot be checked with this mapping (no column names the patient, the date…). */
    mappingProblem: z.string().nullable(),
    progress: z.object({ toWrite: z.number().int(), written: z.number().int() }),
    result: z.object({ imported: z.number().int(), updated: z.number().int(), skipped: z.number().int() }),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** Until when the import can be undone (24 hours after it finished); null when it cannot. */
    undoUntil: z.string().nullable(),
  });

export const patientImportSchema = importViewSchemaOf(fieldSchema, { tags: z.array(z.string()) });
export type PatientImport = z.infer<typeof patientImportSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  values: z.record(z.string(), z.string()),
  ok: z.boolean(),
  problems: z.array(problemSchema),
  warnings: z.array(problemSchema),
  filled: z.array(problemSchema),
  duplicate: z
    .object({ kind: z.enum(['file', 'existing']), message: z.string(), patientId: z.string().nullable() })
    .nullable(),
  choice: z.enum(importRowChoices),
  /** Whether the user corrected this row. */
  fixed: z.boolean(),
});
export type ImportPreviewRowView = z.infer<typeof importPreviewRowSchema>;

export const importRowsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
  /** problemi: rows with problems, warnings or a duplicate; tutte: every row. */
  filtro: z.enum(['problemi', 'tutte']).default('problemi'),
});

/** A page of an import's preview rows. */
export const importRowsPageSchemaOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    content: z.array(row),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });

export const importRowsPageSchema = importRowsPageSchemaOf(importPreviewRowSchema);

const rowNumber = z
  .number()
  .int()
  .min(1)
  .max(importLimits.maxRows + 1000);

/**
 * The changes both imports take: the mapping changed by hand (column index → field, null: leave the column out),
 * the corrected text of some fields of a row (an empty text empties the field), and a choice per row.
 */
export const importChangesShapeOf = <Field extends z.ZodEnum, Choice extends z.ZodEnum>(
  field: Field,
  choice: Choice,
) => ({
  mapping: z
    .array(z.strictObject({ column: z.number().int().min(0).max(importLimits.maxColumns), field: field.nullable() }))
    .max(importLimits.maxColumns)
    .optional(),
  fixes: z
    .array(z.strictObject({ row: rowNumber, values: z.partialRecord(field, z.string().max(4000)) }))
    .max(1000)
    .optional(),
  choices: z
    .array(z.strictObject({ row: rowNumber, choice }))
    .max(importLimits.maxRows)
    .optional(),
});

export const importChangesSchema = z
  .strictObject({
    ...importChangesShapeOf(fieldSchema, z.enum(importRowChoices)),
    tags: z.array(z.string().trim().min(1).max(50)).max(10).optional(),
  })
  .refine((v) => v.mapping || v.fixes || v.choices || v.tags, { message: 'Nessuna modifica indicata.' });
export type ImportChanges = z.infer<typeof importChangesSchema>;

export const importUndoResultSchema = z.object({
  removed: z.number().int(),
  /** Patients kept, with why (changed since the import, or with appointments, documents, clinical records). */
  kept: z.array(z.object({ row: z.number().int(), patientId: z.string(), name: z.string(), reason: z.string() })),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;

/** Texts of the import's routes (not worded in the spec: decision 039). */
export const importApiMessages = {
  noFile: 'Scegli il file da importare.',
  uploaded: 'File caricato: controlla le colonne e le righe prima di importare.',
  updated: 'Anteprima aggiornata.',
  notInPreview: 'L’importazione è già stata avviata: non si può più modificare.',
  nothingToImport: 'Nessuna riga da importare: correggi le righe con problemi o scegli cosa fare dei duplicati.',
  started: 'Importazione avviata.',
  notDone: 'L’importazione non è ancora terminata.',
  undoExpired: 'L’importazione può essere annullata solo entro 24 ore dalla fine.',
  undone: 'Importazione annullata.',
  alreadyUndone: 'L’importazione è già stata annullata.',
  fileGone: 'Il file dell’importazione non è più disponibile: caricalo di nuovo.',
  rowUnknown: (row: number) => `La riga ${row} non è nel file.`,
  updateOnlyExisting: (row: number) =>
    `La riga ${row} non è un paziente già presente: si può solo importare o saltare.`,
  // the report and undo
  skippedInvalid: (problems: string) => `Riga non valida: ${problems}`,
  skippedByUser: 'Saltata per scelta.',
  skippedDuplicate: (message: string) => `Duplicato saltato: ${message}`,
  skippedExistsNow: 'Un paziente con lo stesso codice fiscale è stato inserito nel frattempo.',
  keptChanged: 'Modificato dopo l’importazione.',
  keptLinked: 'Ha appuntamenti, documenti o dati clinici.',
  keptUpdated: 'Paziente già presente, aggiornato dall’importazione: non viene eliminato.',
} as const;
