import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * Which version of each legal document a user accepted, and when (issue 30 item 4, decision 043). Not studio-owned:
 * a person accepts for themselves. Kept while the account exists; a new version adds a row, the old ones stay.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('legal_acceptances_user_document_version').on(t.userId, t.document, t.version),
    index('legal_acceptances_user_idx').on(t.userId),
  ],
);
