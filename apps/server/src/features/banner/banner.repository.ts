import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { globalNotifications } from '../../db/schema/index.ts';

export type GlobalNotificationRow = typeof globalNotifications.$inferSelect;
type Columns = Omit<typeof globalNotifications.$inferInsert, 'key' | 'updatedAt'>;

/** The one global notification (platform content, not studio-owned: no studio scope). */
const key = 'global';

export const bannerRepository = {
  find: (db: DbOrTx) =>
    db
      .select()
      .from(globalNotifications)
      .where(eq(globalNotifications.key, key))
      .then((r) => r[0] ?? null),

  upsert: (db: DbOrTx, columns: Columns, now: Date) =>
    db
      .insert(globalNotifications)
      .values({ key, ...columns, updatedAt: now })
      .onConflictDoUpdate({ target: globalNotifications.key, set: { ...columns, updatedAt: now } })
      .returning()
      .then((r) => r[0] as GlobalNotificationRow),
};
