import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { studios } from './studios.ts';

/** A studio calendar (spec part 1 §3). Events arrive with the calendar issue. */
export const calendars = pgTable(
  'calendars',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    summary: text('summary').notNull(),
    description: text('description'),
    googleCalendarId: text('google_calendar_id'),
    googleColor: text('google_color'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendars_studio_idx').on(t.studioId)],
);
