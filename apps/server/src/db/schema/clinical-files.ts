import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { clinicalDiaryEntries, clinicalEvaluations } from './clinical.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { patients } from './patients.ts';
import { studios } from './studios.ts';

/**
 * A file attached to a patient's clinical record (issue 16 item 3). The bytes live in the storage adapter under
 * storage_key (an id, never a name from the request); the row is written only after the bytes are stored.
 */
export const patientAttachments = pgTable(
  'patient_attachments',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    // part of the clinical record: deleting the patient is refused (decision 040, NO ACTION as in clinical.ts)
    pazienteId: uuid('paziente_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    kind: text('kind', { enum: ['pdf', 'image', 'document', 'text'] }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalSizeBytes: bigint('original_size_bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('patient_attachments_patient_idx').on(t.studioId, t.pazienteId, t.createdAt),
    index('patient_attachments_studio_idx').on(t.studioId, t.pazienteId, t.id),
  ],
);

/**
 * JSON kept as text: written and read whole, never queried inside. A 60,000-point drawing as jsonb cost PGlite
 * 0.1–0.4 s of parsing on the event loop per write (decision 033); as text it is copied.
 */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value),
});

/**
 * A body chart drawn for a patient (issue 16 item 4): the image id and the strokes as vector data, so it is shown
 * again exactly as drawn at any size. valutazione_id and diario_id are the evaluation or diary entry of the same
 * patient it was drawn from (checked by the service); deleting that record keeps the drawing, unlinked.
 */
export const bodyCharts = pgTable(
  'body_charts',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    // part of the clinical record: deleting the patient is refused (decision 040, NO ACTION as in clinical.ts)
    pazienteId: uuid('paziente_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    imageId: smallint('image_id').notNull(),
    title: text('title'),
    note: text('note'),
    strokes: jsonText('strokes').notNull().default(sql`'[]'`),
    valutazioneId: uuid('valutazione_id').references(() => clinicalEvaluations.id, { onDelete: 'set null' }),
    diarioId: uuid('diario_id').references(() => clinicalDiaryEntries.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('body_charts_patient_idx').on(t.studioId, t.pazienteId, t.updatedAt),
    index('body_charts_valutazione_idx').on(t.valutazioneId),
    index('body_charts_diario_idx').on(t.diarioId),
  ],
);

/**
 * Stored objects whose rows are gone, waiting to be removed from storage (decision 030). Filled by triggers on
 * patient_attachments and documenti_ricevuti (migration 0028), so a file leaves storage however its row went (its own
 * DELETE, a deleted patient or studio); emptied by the sweep in features/clinical. No foreign key: the studio may be
 * gone already.
 */
export const storageDeletions = pgTable('storage_deletions', {
  storageKey: text('storage_key').primaryKey(),
  studioId: uuid('studio_id').notNull(),
  createdAt: createdAt(),
});
