/**
 * The API of the appointment import (issue 30 item 2, decision 045): the same shape as the patient import's
 * (import-api.schema.ts), with the appointment's fields, no tags, no "update", and the two choices of its own: the
 * calendar the appointments go to and whether past ones count as settled.
 */
import { z } from '../shared/zod-it.ts';
import { appointmentImportFields } from './appointment-header-mapping.ts';
import {
  importApiMessages,
  importChangesShapeOf,
  importPreviewRowSchema,
  importRowsPageSchemaOf,
  importViewSchemaOf,
} from './import-api.schema.ts';

const fieldSchema = z.enum(appointmentImportFields);

export const appointmentImportSchema = importViewSchemaOf(fieldSchema, {
  /** The calendar the appointments go to (the studio's first when not chosen). */
  calendarId: z.uuid().nullable(),
  /** Past appointments written as paid (their accounts were kept in the previous program): default true. */
  pastPaid: z.boolean(),
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

export const appointmentImportRowsPageSchema = importRowsPageSchemaOf(appointmentImportPreviewRowSchema);

export const appointmentImportChangesSchema = z
  .strictObject({
    /** A row imported or skipped (a duplicate is skipped unless set to import). */
    ...importChangesShapeOf(fieldSchema, z.enum(['import', 'skip'])),
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
  uploaded: importApiMessages.uploaded,
  nothingToImport: 'Nessun appuntamento da importare: correggi le righe con problemi o scegli cosa fare dei duplicati.',
  noCalendar: 'Lo studio non ha un calendario in cui importare gli appuntamenti: creane uno nel calendario.',
  calendarNotFound: 'Calendario non trovato.',
  skippedInvalid: importApiMessages.skippedInvalid,
  skippedByUser: importApiMessages.skippedByUser,
  skippedDuplicate: importApiMessages.skippedDuplicate,
  skippedPatientGone: 'Il paziente è stato eliminato nel frattempo.',
  keptChanged: importApiMessages.keptChanged,
  keptLinked: 'Collegato a un documento contabile o a dati clinici.',
} as const;
