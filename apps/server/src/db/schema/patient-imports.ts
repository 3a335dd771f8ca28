import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/**
 * A self-service import of patients (issue 30 item 1, decision 039): the file uploaded (its bytes in storage under
 * storage_key), the user's column mapping, corrections and choices, and the progress of the job that writes it.
 * The preview itself is not stored: it is computed again from the file and these choices.
 */
export const patientImports = pgTable(
  'patient_imports',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the job writes as this user (audit trail). */
    createdBy: uuid('created_by').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    memberId: uuid('member_id').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    /** The header row's names, by column. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** The counts of the last preview computed (null when the mapping names no patient). */
    counts: jsonb('counts').$type<Record<string, number>>(),
    /** The column mapping in force (ColumnMapping: a field or null per column). */
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    /** The user's corrections: by row number, the text of each field changed. */
    fixes: jsonb('fixes').$type<Record<string, Record<string, string>>>().notNull().default(sql`'{}'::jsonb`),
    /** The user's choices: by row number, 'skip', or 'update' for a duplicate of a patient of the studio. */
    choices: jsonb('choices').$type<Record<string, 'skip' | 'update' | 'import'>>().notNull().default(sql`'{}'::jsonb`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** PREVIEW until started; QUEUED (planned rows written) → RUNNING → DONE; FAILED; UNDONE. */
    status: text('status', { enum: ['PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'UNDONE'] })
      .notNull()
      .default('PREVIEW'),
    /** Rows of the plan to write (import or update) and how many are written: the progress bar. */
    toWrite: integer('to_write').notNull().default(0),
    written: integer('written').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('patient_imports_studio_idx').on(t.studioId, t.createdAt)],
);

/**
 * The plan of a started import, one row per file row, and its outcome: PENDING rows are written by the job in
 * batches (each batch in one transaction with its patients), so a crash resumes at the first PENDING row.
 */
export const patientImportRows = pgTable(
  'patient_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => patientImports.id, { onDelete: 'cascade' }),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    action: text('action', { enum: ['IMPORT', 'UPDATE', 'SKIP'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'IMPORTED', 'UPDATED', 'SKIPPED', 'REMOVED', 'KEPT'] }).notNull(),
    /** The patient input (POST /pazienti's body) to write; null once written or for a skipped row. */
    input: jsonb('input'),
    /** The name shown in the report. */
    name: text('name').notNull(),
    /** Why a row was skipped, or kept at undo. */
    reason: text('reason'),
    /** The patient written (no foreign key: the patient may be deleted later; the report keeps the row). */
    patientId: uuid('patient_id'),
    /** The patient's updated_at right after the import wrote it: undo removes it only if unchanged since. */
    writtenAt: timestamp('written_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('patient_import_rows_pending_idx').on(t.studioId, t.importId, t.status, t.rowNumber),
  ],
);
