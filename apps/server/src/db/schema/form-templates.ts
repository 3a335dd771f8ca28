import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/**
 * A form template (spec part 1 §3 Form template): sanitised HTML with {{token}} placeholders, filled for a patient
 * when a PDF is generated. A signature request (issue 15 parts 4–6) will keep its own copy of the generated PDF and
 * of the template's title, so editing or deleting a template never changes what a patient signed.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** HTML as the sanitiser left it (docs/decisions/025). */
    content: text('content').notNull(),
    /** Readable (never writable) by every other studio (spec part 1 §4). */
    sharedWithCommunity: boolean('shared_with_community').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('form_templates_studio_idx').on(t.studioId, t.title),
    index('form_templates_shared_idx').on(t.title).where(sql`${t.sharedWithCommunity}`),
  ],
);
