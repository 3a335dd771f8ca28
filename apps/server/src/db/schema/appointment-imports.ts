import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/**
 * A self-service import of appointments (issue 30 item 2, decision 045), as patient_imports is for patients: the file
 * (its bytes in storage under storage_key), the user's mapping, corrections and choices, the calendar chosen, and the
 * progress of the job. The preview is not stored: it is computed again from the file and these choices.
 */
export const appointmentImports = pgTable(
  'appointment_imports',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    memberId: uuid('member_id').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    counts: jsonb('counts').$type<Record<string, number>>(),
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    fixes: jsonb('fixes').$type<Record<string, Record<string, string>>>().notNull().default(sql`'{}'::jsonb`),
    /** By row number: 'skip', or 'import' for a duplicate the user wants anyway. */
    choices: jsonb('choices').$type<Record<string, 'skip' | 'import'>>().notNull().default(sql`'{}'::jsonb`),
    /** The calendar the appointments go to; null: the studio's first, chosen at the start. No foreign key: checked. */
    calendarId: uuid('calendar_id'),
    /** Past appointments written as paid (decision 045). */
    pastPaid: boolean('past_paid').notNull().default(true),
    status: text('status', { enum: ['PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'UNDONE'] })
      .notNull()
      .default('PREVIEW'),
    toWrite: integer('to_write').notNull().default(0),
    written: integer('written').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appointment_imports_studio_idx').on(t.studioId, t.createdAt)],
);

/** The plan of a started appointment import, one row per file row, and its outcome (see patient_import_rows). */
export const appointmentImportRows = pgTable(
  'appointment_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => appointmentImports.id, { onDelete: 'cascade' }),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    action: text('action', { enum: ['IMPORT', 'SKIP'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'IMPORTED', 'SKIPPED', 'REMOVED', 'KEPT'] }).notNull(),
    /** The event's columns to write; null once written or for a skipped row. */
    input: jsonb('input'),
    /** What the report shows: the day, time and patient. */
    name: text('name').notNull(),
    reason: text('reason'),
    /** The event written, its id chosen with the plan (no foreign key: the event may be deleted later). */
    eventId: uuid('event_id'),
    /** The event's updated_at right after the import wrote it: undo removes it only if unchanged since. */
    writtenAt: timestamp('written_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('appointment_import_rows_pending_idx').on(t.studioId, t.importId, t.status, t.rowNumber),
  ],
);
