import { count } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { studios } from '../../db/schema/index.ts';

export const backupsRepository = {
  /**
   * unsafe: how many studios the install has (decision 041: a studio's owner takes the install's backups only where it
   * is the only one); a number, no studio's rows.
   */
  unsafeCountStudios: (db: DbOrTx) =>
    db
      .select({ n: count() })
      .from(studios)
      .then((r) => r[0]?.n ?? 0),
};
