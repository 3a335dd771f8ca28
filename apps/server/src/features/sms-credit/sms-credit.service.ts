import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type ConsumptionFunctionality,
  type ConsumptionMeter,
  type ConsumptionMeterConsume,
  type ConsumptionMeterEnable,
  smsCreditMessages as m,
} from '@studiolo/domain/reminders';
import type { DbOrTx } from '../../db/client.ts';
import type { SmsCreditReason } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type ConsumptionMeterRow, creditScope, smsCreditRepository as repo } from './sms-credit.repository.ts';

/**
 * The SMS credit ledger (issue 29, decision 036 "Credit"), the one owner of a studio's SMS credit. Every movement
 * carries an idempotency key unique in its studio: a purchase credited twice (a replayed webhook) or a reminder's
 * credit taken twice (a retried job) is written once. Call these inside the transaction of the change they go with.
 */

const smsFunctionality: ConsumptionFunctionality = 'SMS_APPOINTMENT_REMINDER';

/**
 * Adds credit (a purchase: key = the payment's id; an adjustment: key of the correction).
 * @returns false when that key was already applied in the studio (nothing written).
 */
export const addSmsCredit = (
  tx: DbOrTx,
  input: { studioId: string; qty: number; key: string; reason?: Exclude<SmsCreditReason, 'reminder'> },
): Promise<boolean> => {
  if (!Number.isInteger(input.qty) || input.qty <= 0)
    throw new RangeError('addSmsCredit: qty must be a positive integer');
  return repo.insertMovement(tx, creditScope(input.studioId), {
    qty: input.qty,
    reason: input.reason ?? 'purchase',
    idempotencyKey: input.key,
  });
};

export type TakeSmsCreditResult =
  /** Taken now; balance after. */
  | { outcome: 'taken'; balance: number }
  /** That key was already taken before: nothing taken again. */
  | { outcome: 'already-taken'; balance: number }
  /** The balance is below qty: nothing taken. */
  | { outcome: 'insufficient'; balance: number };

/**
 * Takes `qty` credits under `key`, never below zero. Locks the studio's meter row first, so parallel takes of one
 * studio run in turn and never both spend the same credit; must run inside a transaction (`tx`).
 */
export const takeSmsCredit = async (
  tx: DbOrTx,
  input: { studioId: string; qty: number; key: string; reason?: Exclude<SmsCreditReason, 'purchase'> },
): Promise<TakeSmsCreditResult> => {
  if (!Number.isInteger(input.qty) || input.qty <= 0)
    throw new RangeError('takeSmsCredit: qty must be a positive integer');
  const scope = creditScope(input.studioId);
  await repo.lockMeter(tx, scope, smsFunctionality);
  if (await repo.movementByKey(tx, scope, input.key))
    return { outcome: 'already-taken', balance: await repo.balance(tx, scope) };
  const balance = await repo.balance(tx, scope);
  if (balance < input.qty) return { outcome: 'insufficient', balance };
  await repo.insertMovement(tx, scope, {
    qty: -input.qty,
    reason: input.reason ?? 'reminder',
    idempotencyKey: input.key,
  });
  return { outcome: 'taken', balance: balance - input.qty };
};

/** The studio's SMS credit balance (credits; one per SMS segment). */
export const smsCreditBalance = (db: DbOrTx, studioId: string): Promise<number> =>
  repo.balance(db, creditScope(studioId));

/** The studio's SMS meter (made when missing): its id, and the box's switch (off until the studio turns it on). */
export const smsCreditMeter = (db: DbOrTx, studioId: string): Promise<ConsumptionMeterRow> =>
  repo.ensureMeter(db, creditScope(studioId), smsFunctionality);

const toMeter = (row: ConsumptionMeterRow, qty: number): ConsumptionMeter => ({
  id: row.id,
  studioId: row.studioId,
  functionality: row.functionality,
  qty,
  enabled: row.enabled,
});

/** GET /consumption-meter: the studio's meters (the SMS one made on the first read). */
export const listMeters = async (deps: AppDeps, ctx: StudioContext): Promise<ConsumptionMeter[]> => {
  await repo.ensureMeter(deps.db, ctx, smsFunctionality);
  const [rows, qty] = await Promise.all([repo.meters(deps.db, ctx), repo.balance(deps.db, ctx)]);
  return rows.map((r) => toMeter(r, qty));
};

/** GET /consumption-meter/{functionality}. */
export const meterOf = async (
  deps: AppDeps,
  ctx: StudioContext,
  functionality: ConsumptionFunctionality,
): Promise<ConsumptionMeter> => {
  const row = await repo.ensureMeter(deps.db, ctx, functionality);
  return toMeter(row, await repo.balance(deps.db, ctx));
};

/** GET /consumption-meter/{id}: another studio's meter is not found. */
export const meterById = async (deps: AppDeps, ctx: StudioContext, id: string): Promise<ConsumptionMeter> => {
  const row = await repo.meterById(deps.db, ctx, id);
  if (!row) throw notFound();
  return toMeter(row, await repo.balance(deps.db, ctx));
};

/** PATCH /consumption-meter/enable: the box's switch. */
export const enableMeter = (deps: AppDeps, ctx: StudioContext, input: ConsumptionMeterEnable) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.setEnabled(tx, ctx, input.consumptionMeterId, input.enabled);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, {
      action: input.enabled ? 'consumption-meter.enable' : 'consumption-meter.disable',
      entityType: 'consumption-meter',
      entityId: row.id,
      changedFields: ['enabled'],
    });
    return toMeter(row, await repo.balance(tx, ctx));
  });

/** Constant-time comparison of the caller's secret with the configured one (hashed first: equal lengths). */
const secretMatches = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * PATCH /consumption-meter/{functionality} (spec part 2 §7): a server-to-server call reporting `qty` credits consumed
 * by the studio. SECURITY: it carries no user token; the shared secret CONSUMPTION_METER_SECRET (never sent to a
 * browser) is what authorises it, and without one configured the call is refused.
 */
export const consumeCredit = async (
  deps: AppDeps,
  functionality: ConsumptionFunctionality,
  input: ConsumptionMeterConsume,
  meta: RequestMeta,
): Promise<{ meter: ConsumptionMeter; message: string }> => {
  const expected = deps.config.CONSUMPTION_METER_SECRET;
  if (!expected) throw new AppError('FORBIDDEN', m.secretNotConfigured);
  if (!secretMatches(input.secret, expected)) throw new AppError('UNAUTHORIZED', m.secretWrong);
  if (!(await repo.unsafeStudioExists(deps.db, input.studioId))) throw new AppError('NOT_FOUND', m.studioNotFound);
  const scope = creditScope(input.studioId);
  const key = input.idempotencyKey ? `meter:${input.idempotencyKey}` : `meter:${crypto.randomUUID()}`;
  return deps.db.transaction(async (tx) => {
    const taken = await takeSmsCredit(tx, { studioId: input.studioId, qty: input.qty, key });
    if (taken.outcome === 'insufficient') throw new AppError('CONFLICT', m.notEnoughCredit);
    if (taken.outcome === 'taken')
      await recordAudit(
        tx,
        { userId: null, actorUserId: null, studioId: input.studioId, meta },
        {
          action: 'consumption-meter.consume',
          entityType: 'consumption-meter',
          entityId: (await repo.ensureMeter(tx, scope, functionality)).id,
          detail: `qty ${input.qty}`,
        },
      );
    const row = await repo.ensureMeter(tx, scope, functionality);
    return {
      meter: toMeter(row, taken.balance),
      message: taken.outcome === 'taken' ? m.consumed : m.alreadyConsumed,
    };
  });
};
