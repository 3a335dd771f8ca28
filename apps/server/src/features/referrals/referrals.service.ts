import {
  referralMessages as m,
  type Referral,
  type ReferralInput,
  type ReferralList,
  referralCreditCents,
  referralDailyLimit,
  referralSignupLink,
} from '@studiolo/domain/referrals';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import { noRequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type ReferralCreditRow, type ReferralRow, referralsRepository as repo } from './referrals.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

const toReferral = (row: ReferralRow): Referral => ({
  id: row.id,
  userInviteeEmail: row.inviteeEmail,
  userInviteeRegistered: row.completedAt !== null,
  inviteeSignedUp: row.inviteeSignedUp,
  invitationReason: row.invitationReason,
  createdAt: row.createdAt.toISOString(),
});

export const listReferrals = async (deps: AppDeps, ctx: StudioContext): Promise<ReferralList> => ({
  referrals: (await repo.list(deps.db, ctx)).map(toReferral),
  inviterUserId: ctx.userId,
  creditCents: referralCreditCents,
});

/**
 * Invites a colleague by e-mail (spec part 2 §2, §5). Refused: oneself, an address already registered (decision 038:
 * said plainly, as the best products do, the probe bounded by the daily limit), an address this studio already invited.
 */
export const createReferral = async (deps: AppDeps, ctx: StudioContext, input: ReferralInput): Promise<Referral> => {
  // every attempt counts, refused ones too: the limit bounds what the registered-address answer can reveal
  const { hits } = await deps.loginAttempts.hit(`referral:${ctx.userId}`, dayMs);
  if (hits > referralDailyLimit) throw new AppError('RATE_LIMITED', m.tooMany, { retryAfterMinutes: 24 * 60 });
  const email = input.userInviteeEmail;
  if (email === ctx.email.toLowerCase()) throw invalidField('userInviteeEmail', m.self);
  if (await repo.unsafeEmailRegistered(deps.db, email)) throw invalidField('userInviteeEmail', m.alreadyRegistered);
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insert(tx, ctx, { inviteeEmail: email, invitationReason: input.invitationReason });
    if (!created) throw new AppError('CONFLICT', m.duplicate, { fields: { userInviteeEmail: m.duplicate } });
    await recordAudit(tx, ctx, { action: 'referral.create', entityType: 'referral', entityId: created.id });
    return created;
  });
  const inviter = await repo.userName(deps.db, ctx.userId);
  const inviterName = [inviter?.nome, inviter?.cognome].filter(Boolean).join(' ') || ctx.email;
  await deps.mailer.send({
    studioId: ctx.studioId,
    to: email,
    subject: m.mailSubject(inviterName),
    text: m.mailText(
      inviterName,
      input.invitationReason,
      referralSignupLink(publicUrl(deps), ctx.userId),
      referralCreditCents / 100,
    ),
  });
  return toReferral({ ...row, inviteeSignedUp: false });
};

/** Cancels a pending invitation (spec part 2 §4: only pending ones); a completed one answers 409. */
export const deleteReferral = (deps: AppDeps, ctx: StudioContext, id: string) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.find(tx, ctx, id);
    if (!row) throw notFound();
    if (row.completedAt || !(await repo.deletePending(tx, ctx, id))) throw new AppError('CONFLICT', m.notPending);
    await recordAudit(tx, ctx, { action: 'referral.delete', entityType: 'referral', entityId: id });
  });

/** A credit granted by a completed referral, to put on the credited studio's balance at the payment provider. */
export type ReferralCreditGrant = Pick<ReferralCreditRow, 'id' | 'studioId' | 'amountCents' | 'idempotencyKey'> & {
  referralId: string;
  side: 'inviter' | 'invitee';
};

/**
 * Called by the payment webhook, inside its transaction, when a studio's FIRST subscription payment succeeded
 * (issue 29 item 4). When the studio's owner signed up through an invite link, the inviter's referral is completed and
 * both sides get 50 € (spec part 2 §9), recorded in referral_credits in the same transaction, once: a second call (a
 * replayed webhook, a later payment) finds the referral completed and grants nothing.
 * @returns the credits granted by this call (empty when none), for the caller to apply at the provider.
 */
export const onFirstSubscriptionPayment = async (
  tx: DbOrTx,
  studioId: string,
  now: Date = new Date(),
): Promise<ReferralCreditGrant[]> => {
  if (await repo.unsafeCompletedBy(tx, studioId)) return [];
  const owner = (await repo.unsafeInvitedOwnersOf(tx, studioId)).find((o) => o.invitedByUserId);
  if (!owner?.invitedByUserId || owner.invitedByUserId === owner.userId) return [];
  const inviterStudioId = await repo.unsafeOwnedStudioOf(tx, owner.invitedByUserId);
  // the inviter owns no studio (nothing to credit), or invited their own studio
  if (!inviterStudioId || inviterStudioId === studioId) return [];
  const referral = await repo.unsafeComplete(tx, {
    studioId: inviterStudioId,
    inviterUserId: owner.invitedByUserId,
    inviteeEmail: owner.email.toLowerCase(),
    inviteeStudioId: studioId,
    now,
  });
  if (!referral) return [];
  const sides = [
    { side: 'inviter' as const, studioId: inviterStudioId },
    { side: 'invitee' as const, studioId },
  ];
  const credits = await repo.insertCredits(
    tx,
    sides.map((s) => ({
      referralId: referral.id,
      side: s.side,
      studioId: s.studioId,
      amountCents: referralCreditCents,
      // idempotent by referral id: the provider applies a retried call with the same key once
      idempotencyKey: `referral:${referral.id}:${s.side}`,
    })),
  );
  await recordAudit(
    tx,
    { userId: null, actorUserId: null, studioId: inviterStudioId, meta: webhookMeta },
    { action: 'referral.complete', entityType: 'referral', entityId: referral.id, detail: 'credit 2x5000 cents' },
  );
  return credits.map((c) => ({
    id: c.id,
    referralId: c.referralId,
    side: c.side as 'inviter' | 'invitee',
    studioId: c.studioId,
    amountCents: c.amountCents,
    idempotencyKey: c.idempotencyKey,
  }));
};

const webhookMeta = noRequestMeta;

/** The referral credit the studio has earned (the /billing page shows it). */
export const earnedReferralCreditCents = (deps: AppDeps, ctx: StudioContext) => repo.creditCentsOf(deps.db, ctx);

/** Marks a credit as held by the provider's customer balance (after addCustomerBalance answered). */
export const markReferralCreditApplied = (db: DbOrTx, creditId: string, at: Date) =>
  repo.markCreditApplied(db, creditId, at);

/**
 * The studio's referral credits recorded but not yet on its provider balance (it had no customer when the referral
 * completed, or the provider call failed): billing applies them with their own idempotency keys once it can (the
 * studio's customer created, a later webhook), so a credit is never lost and never applied twice.
 */
export const unappliedReferralCredits = async (db: DbOrTx, studioId: string): Promise<ReferralCreditGrant[]> =>
  (await repo.unsafeUnappliedCreditsOf(db, studioId)).map((c) => ({
    id: c.id,
    referralId: c.referralId,
    side: c.side as 'inviter' | 'invitee',
    studioId: c.studioId,
    amountCents: c.amountCents,
    idempotencyKey: c.idempotencyKey,
  }));
