/**
 * The API of the appointment import (issue 30 item 2, decision 045): the same shape as the patient import's
 * (import-api.schema.ts), with the appointment's fields, no tags, no "update", and the two choices of its own: the
 * calendar the appointments go to and whether past ones count as settled.
 */
import { z } from '../shared/zod-it.ts';
import { appointmentImportFields } from './appointment-header-mapping.ts';
import { importCountsSchema, importPreviewRowSchema, importStatuses } from './import-api.schema.ts';
import { importLimits } from './import-limits.ts';

const fieldSchema = z.enum(appointmentImportFields);

export const appointmentImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(importStatuses),
  format: z.enum(['csv', 'xlsx']).nullable(),
  columns: z.array(z.string()),
  mapping: z.array(fieldSchema.nullable()),
  /** The calendar the appointments go to (the studio's first when not chosen). */
  calendarId: z.uuid().nullable(),
  /** Past appointments written as paid (their accounts were kept in the previous program): default true. */
  pastPaid: z.boolean(),
  counts: importCountsSchema.nullable(),
  mappingProblem: z.string().nullable(),
  progress: z.object({ toWrite: z.number().int(), written: z.number().int() }),
  result: z.object({ imported: z.number().int(), updated: z.number().int(), skipped: z.number().int() }),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoUntil: z.string().nullable(),
});
export type AppointmentImport = z.infer<typeof appointmentImportSchema>;

/** A row of the preview: the patient's row shape, plus what the row was matched to (for the user to check). */
export const appointmentImportPreviewRowSchema = importPreviewRowSchema.extend({
  /** The appointment as it would be written: when (ISO instants), whom, what, by whom; null for an invalid row. */
  appointment: z
    .object({
      start: z.string(),
      end: z.string(),
      patientName: z.string(),
      serviceName: z.string().nullable(),
      staffName: z.string().nullable(),
    })
    .nullable(),
});
export type AppointmentImportPreviewRowView = z.infer<typeof appointmentImportPreviewRowSchema>;

export const appointmentImportRowsPageSchema = z.object({
  content: z.array(appointmentImportPreviewRowSchema),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

const rowNumber = z
  .number()
  .int()
  .min(1)
  .max(importLimits.maxRows + 1000);

export const appointmentImportChangesSchema = z
  .strictObject({
    mapping: z
      .array(
        z.strictObject({ column: z.number().int().min(0).max(importLimits.maxColumns), field: fieldSchema.nullable() }),
      )
      .max(importLimits.maxColumns)
      .optional(),
    fixes: z
      .array(z.strictObject({ row: rowNumber, values: z.partialRecord(fieldSchema, z.string().max(4000)) }))
      .max(1000)
      .optional(),
    /** A row imported or skipped (a duplicate is skipped unless set to import). */
    choices: z
      .array(z.strictObject({ row: rowNumber, choice: z.enum(['import', 'skip']) }))
      .max(importLimits.maxRows)
      .optional(),
    calendarId: z.uuid().optional(),
    pastPaid: z.boolean().optional(),
  })
  .refine((v) => v.mapping || v.fixes || v.choices || v.calendarId || v.pastPaid !== undefined, {
    message: 'Nessuna modifica indicata.',
  });
export type AppointmentImportChanges = z.infer<typeof appointmentImportChangesSchema>;

export const appointmentImportUndoResultSchema = z.object({
  removed: z.number().int(),
  /** Appointments kept, with why (changed since the import, invoiced, with clinical records). */
  kept: z.array(z.object({ row: z.number().int(), eventId: z.string(), name: z.string(), reason: z.string() })),
});
export type AppointmentImportUndoResult = z.infer<typeof appointmentImportUndoResultSchema>;

/** Texts of the appointment import's routes (not worded in the spec: decision 045). */
export const appointmentImportApiMessages = {
  uploaded: 'File caricato: controlla le colonne e le righe prima di importare.',
  nothingToImport: 'Nessun appuntamento da importare: correggi le righe con problemi o scegli cosa fare dei duplicati.',
  noCalendar: 'Lo studio non ha un calendario in cui importare gli appuntamenti: creane uno nel calendario.',
  calendarNotFound: 'Calendario non trovato.',
  skippedInvalid: (problems: string) => `Riga non valida: ${problems}`,
  skippedByUser: 'Saltata per scelta.',
  skippedDuplicate: (message: string) => `Duplicato saltato: ${message}`,
  skippedPatientGone: 'Il paziente è stato eliminato nel frattempo.',
  keptChanged: 'Modificato dopo l’importazione.',
  keptLinked: 'Collegato a un documento contabile o a dati clinici.',
} as const;
