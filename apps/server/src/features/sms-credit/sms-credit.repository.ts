import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consumptionMeters, type SmsCreditReason, smsCreditMovements, studios } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

/**
 * The SMS credit ledger and the consumption meters (decision 036 "Credit"). Calls from a signed-in studio pass its
 * context; the payment webhook, the reminder job and the server-to-server meter call pass a scope of the studio they
 * resolved themselves (creditScope).
 */
export type CreditScope = Pick<StudioContext, 'studioId'>;
const scoped = (scope: CreditScope) => scope as StudioContext;

/** SECURITY: only from a studio id the server itself trusts (a verified webhook, its own job, a checked secret). */
export const creditScope = (studioId: string): CreditScope => ({ studioId });

export type ConsumptionMeterRow = typeof consumptionMeters.$inferSelect;
export type Functionality = ConsumptionMeterRow['functionality'];

export const smsCreditRepository = {
  /** unsafe: whether a studio exists, for the server-to-server call that names it in its body (no request studio). */
  unsafeStudioExists: (db: DbOrTx, studioId: string) =>
    db
      .select({ id: studios.id })
      .from(studios)
      .where(eq(studios.id, studioId))
      .then((r) => r.length > 0),

  balance: (db: DbOrTx, scope: CreditScope) =>
    db
      .select({ total: sql<string>`coalesce(sum(${smsCreditMovements.qty}), 0)` })
      .from(smsCreditMovements)
      .where(inStudio(smsCreditMovements, scoped(scope)))
      .then((r) => Number(r[0]?.total ?? 0)),

  /** Writes a movement unless its key was already used in the studio: true when written. */
  insertMovement: (
    db: DbOrTx,
    scope: CreditScope,
    movement: { qty: number; reason: SmsCreditReason; idempotencyKey: string },
  ) =>
    db
      .insert(smsCreditMovements)
      .values(ownedBy(scoped(scope), movement))
      .onConflictDoNothing({ target: [smsCreditMovements.studioId, smsCreditMovements.idempotencyKey] })
      .returning({ id: smsCreditMovements.id })
      .then((r) => r.length > 0),

  movementByKey: (db: DbOrTx, scope: CreditScope, idempotencyKey: string) =>
    db
      .select()
      .from(smsCreditMovements)
      .where(inStudio(smsCreditMovements, scoped(scope), eq(smsCreditMovements.idempotencyKey, idempotencyKey)))
      .then((r) => r[0] ?? null),

  /** The studio's meter of a functionality, made (switched off) when missing. */
  ensureMeter: async (db: DbOrTx, scope: CreditScope, functionality: Functionality) => {
    await db
      .insert(consumptionMeters)
      .values(ownedBy(scoped(scope), { functionality }))
      .onConflictDoNothing({ target: [consumptionMeters.studioId, consumptionMeters.functionality] });
    return db
      .select()
      .from(consumptionMeters)
      .where(inStudio(consumptionMeters, scoped(scope), eq(consumptionMeters.functionality, functionality)))
      .then((r) => r[0] as ConsumptionMeterRow);
  },

  /**
   * Locks the studio's meter row until the transaction ends: takes of one studio run one after the other, so two
   * parallel takes never both see the same balance (the row is made first when missing).
   */
  lockMeter: async (db: DbOrTx, scope: CreditScope, functionality: Functionality) => {
    await smsCreditRepository.ensureMeter(db, scope, functionality);
    await db
      .select({ id: consumptionMeters.id })
      .from(consumptionMeters)
      .where(inStudio(consumptionMeters, scoped(scope), eq(consumptionMeters.functionality, functionality)))
      .for('update');
  },

  meters: (db: DbOrTx, scope: CreditScope) =>
    db
      .select()
      .from(consumptionMeters)
      .where(inStudio(consumptionMeters, scoped(scope)))
      .orderBy(asc(consumptionMeters.functionality)),

  meterById: (db: DbOrTx, scope: CreditScope, id: string) =>
    db
      .select()
      .from(consumptionMeters)
      .where(inStudio(consumptionMeters, scoped(scope), eq(consumptionMeters.id, id)))
      .then((r) => r[0] ?? null),

  setEnabled: (db: DbOrTx, scope: CreditScope, id: string, enabled: boolean) =>
    db
      .update(consumptionMeters)
      .set({ enabled, updatedAt: new Date() })
      .where(inStudio(consumptionMeters, scoped(scope), and(eq(consumptionMeters.id, id))))
      .returning()
      .then((r) => r[0] ?? null),
};
