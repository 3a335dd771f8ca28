import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * Every e-mail the product sends or would send. With no SMTP_URL the local outbox keeps it here
 * (status LOCAL_OUTBOX) and as an .eml file under DATA_DIR/outbox, so nothing is silently dropped.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    studioId: uuid('studio_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>().notNull(),
    status: text('status').notNull(),
    transport: text('transport').notNull(),
    error: text('error'),
    emlPath: text('eml_path'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_messages_studio_idx').on(t.studioId, t.createdAt)],
);
