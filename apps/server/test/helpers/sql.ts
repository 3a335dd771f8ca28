import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/** Raw SQL for assertions (tests only): the rows, typed by the caller. */
export const rowsOf = async <T>(db: Db, text: string): Promise<T[]> => {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
};
