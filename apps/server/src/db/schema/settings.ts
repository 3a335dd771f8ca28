import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/** One row per studio and settings section (fattura, sistema-ts, cartella-paziente, general, calendario, …). */
export const settingsSections = pgTable(
  'settings_sections',
  {
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    section: text('section').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studioId, t.section] })],
);

/** Rooms, service locations and medical devices of settings calendario. */
export const calendarResources = pgTable(
  'calendar_resources',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendar_resources_studio_kind_idx').on(t.studioId, t.kind)],
);

/** Invoicing sections (sezionali): name, active, documentTypes. */
export const sezionali = pgTable(
  'sezionali',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    documentTypes: text('document_types').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sezionali_studio_idx').on(t.studioId)],
);
