import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { legalAcceptances } from '../../db/schema/index.ts';

/** A user's acceptances of the legal documents (per person, not studio-owned: no studio scope; decision 043). */
export const legalRepository = {
  listForUser: (db: DbOrTx, userId: string) =>
    db
      .select({
        document: legalAcceptances.document,
        version: legalAcceptances.version,
        acceptedAt: legalAcceptances.acceptedAt,
      })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(legalAcceptances.acceptedAt),

  /** Records the versions accepted; one already recorded keeps its first date. */
  insert: (db: DbOrTx, userId: string, rows: { document: string; version: string }[], acceptedAt: Date) =>
    rows.length === 0
      ? Promise.resolve()
      : db
          .insert(legalAcceptances)
          .values(rows.map((r) => ({ userId, document: r.document, version: r.version, acceptedAt })))
          .onConflictDoNothing(),
};
