import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { inStudio } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type MailRow = typeof mailMessages.$inferSelect;

const listColumns = {
  id: mailMessages.id,
  to: mailMessages.to,
  subject: mailMessages.subject,
  status: mailMessages.status,
  transport: mailMessages.transport,
  error: mailMessages.error,
  createdAt: mailMessages.createdAt,
};

export const mailRepository = {
  insert: (db: DbOrTx, row: typeof mailMessages.$inferInsert) => db.insert(mailMessages).values(row),

  listForStudio: (db: DbOrTx, ctx: StudioContext, limit: number) =>
    db
      .select(listColumns)
      .from(mailMessages)
      .where(inStudio(mailMessages, ctx))
      .orderBy(desc(mailMessages.createdAt))
      .limit(limit),

  findForStudio: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(mailMessages)
      .where(inStudio(mailMessages, ctx, eq(mailMessages.id, id)))
      .then((r) => r[0] ?? null),

  /** unsafe: every studio's mail, for the platform's support people (route limited to ROLE_ADMIN/ROLE_DEV). */
  unsafeListAll: (db: DbOrTx, limit: number) =>
    db.select(listColumns).from(mailMessages).orderBy(desc(mailMessages.createdAt)).limit(limit),
};
