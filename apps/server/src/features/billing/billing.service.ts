import {
  effectivePlan,
  isSubscriptionOverdue,
  billingMessages as m,
  type PlanFeature,
  type PublicPlan,
  planDisplayName,
  planFeatureLabels,
  planHighlights,
  planIncludes,
  type StripePrice,
  type SubscriptionPlan,
  type SubscriptionStatus,
  type SubscriptionSummary,
  staffSeats,
  subscriptionPlans,
} from '@studiolo/domain/billing';
import { stripeSubStatuses } from '@studiolo/domain/studio';
import type { PaymentEvent } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../shared/app-error.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  earnedReferralCreditCents,
  markReferralCreditApplied,
  onFirstSubscriptionPayment,
  type ReferralCreditGrant,
  unappliedReferralCredits,
} from '../referrals/referrals.service.ts';
import { addSmsCredit } from '../sms-credit/sms-credit.service.ts';
import { billingRepository as repo } from './billing.repository.ts';

/** The provider's failures (network, keys) answer 503 with a clear text; the full error goes to the log. */
const provider = async <T>(_deps: AppDeps, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // the provider's own error stays attached for the log; the studio reads the Italian text
    throw Object.assign(new AppError('SERVICE_UNAVAILABLE', m.providerUnavailable), { cause: err });
  }
};

export const listPrices = (deps: AppDeps, kind?: StripePrice['metadata']['kind']) =>
  provider(deps, async () => {
    const prices = await deps.payments.listPrices();
    return (kind ? prices.filter((p) => p.metadata.kind === kind) : prices).sort(
      (a, b) => (a.unitAmount ?? 0) - (b.unitAmount ?? 0),
    );
  });

/** GET /plans: the plans' prices (the list /billing shows) with the highlights /billing lists under each. */
export const publicPlans = async (deps: AppDeps): Promise<PublicPlan[]> =>
  (await listPrices(deps, 'plan')).map((p) => {
    const plan = planDisplayName(p.metadata.plan ?? 'BASIC');
    return {
      priceId: p.id,
      plan,
      unitAmount: p.unitAmount,
      currency: p.currency,
      interval: p.interval,
      highlights: [...planHighlights[plan]],
    };
  });

export const getPrice = async (deps: AppDeps, id: string) => {
  const price = await provider(deps, () => deps.payments.getPrice(id));
  if (!price) throw new AppError('NOT_FOUND', m.priceNotFound);
  return price;
};

/**
 * SECURITY: the return address must be a page of this app (same origin): the provider redirects the browser there
 * after paying, and an address of someone else's would make Studiolo's Checkout a redirector for phishing.
 */
export const sameOriginUrl = (value: string, origin: string): string => {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new AppError('VALIDATION', m.returnUrlInvalid, { fields: { urlAfterCheckout: m.returnUrlInvalid } });
  }
  if (url.origin !== new URL(origin).origin || value.includes('\\'))
    throw new AppError('VALIDATION', m.returnUrlInvalid, { fields: { urlAfterCheckout: m.returnUrlInvalid } });
  return url.toString();
};

const withParam = (url: string, key: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.toString();
};

/** GET /stripe-integration: a Checkout for the request's own studio (the studio comes from the token, never asked). */
export const checkout = async (
  deps: AppDeps,
  ctx: StudioContext,
  input: { priceId: string; urlAfterCheckout: string },
  origin: string,
) => {
  const returnUrl = sameOriginUrl(input.urlAfterCheckout, origin);
  const price = await getPrice(deps, input.priceId);
  const { account, studio } = await repo.findForStudio(deps.db, ctx);
  // one subscription per studio: a plan change goes through the portal, never a second subscription
  const live = studio?.stripeSubStatus && studio.stripeSubStatus !== 'canceled';
  if (price.metadata.kind === 'plan' && live) throw new AppError('CONFLICT', m.alreadySubscribed);
  const { url } = await provider(deps, () =>
    deps.payments.createCheckout({
      price,
      studioId: ctx.studioId,
      customerId: account?.customerId ?? null,
      customerEmail: ctx.email,
      successUrl: withParam(returnUrl, 'checkout', 'ok'),
      cancelUrl: withParam(returnUrl, 'checkout', 'annullato'),
    }),
  );
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, { action: 'billing.checkout', entityType: 'price', entityId: null, detail: price.id }),
  );
  return { url };
};

/** GET /stripe-integration/billing: the customer portal (the simulator's own page without keys). */
export const portal = async (deps: AppDeps, ctx: StudioContext, origin: string) => {
  const { account } = await repo.findForStudio(deps.db, ctx);
  if (!account?.customerId) throw new AppError('NOT_FOUND', m.noCustomer);
  const customerId = account.customerId;
  const returnUrl = sameOriginUrl('/billing', origin);
  return provider(deps, () => deps.payments.createPortal({ customerId, returnUrl }));
};

export const invoices = async (deps: AppDeps, ctx: StudioContext) => {
  const { account } = await repo.findForStudio(deps.db, ctx);
  if (!account?.customerId) return [];
  const customerId = account.customerId;
  return provider(deps, () => deps.payments.listInvoices(customerId));
};

const asPlan = (v: string | null | undefined): SubscriptionPlan | null =>
  v && (subscriptionPlans as readonly string[]).includes(v) ? (v as SubscriptionPlan) : null;

/** The studio's plan, its state and whether it is overdue (spec part 2 §2 recap, /billing). */
export const subscriptionSummary = async (deps: AppDeps, ctx: StudioContext): Promise<SubscriptionSummary> => {
  const { account, studio } = await repo.findForStudio(deps.db, ctx);
  const plan = asPlan(account?.plan) ?? asPlan(await repo.ownerPlan(deps.db, ctx)) ?? 'TRIAL';
  const status = (studio?.stripeSubStatus ?? null) as SubscriptionStatus | null;
  const endDate = studio?.stripeSubEndDate?.toISOString() ?? null;
  return {
    plan,
    stripeSubStatus: status,
    stripeSubEndDate: endDate,
    overdue: isSubscriptionOverdue({ status, endDate }, deps.now()),
    provider: deps.payments.kind,
    hasCustomer: Boolean(account?.customerId),
    referralCreditCents: await earnedReferralCreditCents(deps, ctx),
  };
};

/** The plan whose features the studio has now (its own, BASIC once overdue, the trial's before subscribing). */
export const studioEffectivePlan = async (deps: AppDeps, ctx: StudioContext) => {
  const s = await subscriptionSummary(deps, ctx);
  return effectivePlan(s.plan, { status: s.stripeSubStatus, endDate: s.stripeSubEndDate }, deps.now());
};

/** Refuses a change the studio's plan does not include (reads and exports are never gated). */
export const requirePlanFeature = async (deps: AppDeps, ctx: StudioContext, feature: PlanFeature) => {
  if (!planIncludes(await studioEffectivePlan(deps, ctx), feature))
    throw forbidden(m.planRequired(planFeatureLabels[feature]));
};

/** Refuses a new staff member beyond the plan's seats. */
export const requireStaffSeat = async (deps: AppDeps, ctx: StudioContext) => {
  const seats = staffSeats[await studioEffectivePlan(deps, ctx)];
  if (seats !== null && (await repo.countStaff(deps.db, ctx)) >= seats)
    throw forbidden(m.planRequired(`Collaboratori oltre ${seats}`));
};

// ---------- the provider's webhook ----------

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const idOf = (v: unknown) => str(v) ?? (v && typeof v === 'object' ? str((v as Obj).id) : null);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const metaOf = (o: Obj) => (o.metadata && typeof o.metadata === 'object' ? o.metadata : {}) as Record<string, string>;

/** The provider's statuses that the studio's stripeSubStatus (spec part 2 §3) has no word for, mapped to the nearest. */
const statusOf = (s: unknown): SubscriptionStatus => {
  if (typeof s === 'string' && (stripeSubStatuses as readonly string[]).includes(s)) return s as SubscriptionStatus;
  if (s === 'incomplete_expired') return 'canceled';
  return 'past_due'; // 'paused' and anything new: not paid, not ended
};

/** The end of the subscription's current period (on its items since the 2025 API versions) or when it ended. */
const endDateOf = (sub: Obj): Date | null => {
  const item = ((sub.items as Obj | undefined)?.data as Obj[] | undefined)?.[0];
  const seconds =
    (sub.status === 'canceled' ? (sub.ended_at as number | null) : null) ??
    (item?.current_period_end as number | undefined) ??
    (sub.current_period_end as number | undefined) ??
    (sub.trial_end as number | undefined) ??
    null;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
};

const planOfSubscription = (sub: Obj): string | null => {
  const item = ((sub.items as Obj | undefined)?.data as Obj[] | undefined)?.[0];
  const price = item?.price as Obj | undefined;
  return asPlan(price ? metaOf(price).plan : null) ?? asPlan(metaOf(sub).plan);
};

export type WebhookOutcome = { esito: 'APPLICATO' | 'IGNORATO' | 'DUPLICATO' };

const webhookActor = (meta: RequestMeta, studioId: string | null) => ({
  userId: null,
  actorUserId: null,
  studioId,
  meta,
});

/** The studio an event is about: named in its metadata (our Checkout sets it) or through the customer it binds. */
const studioOfEvent = async (tx: DbOrTx, o: Obj): Promise<string | null> => {
  const named = metaOf(o).studioId ?? str(o.client_reference_id);
  if (named && uuidPattern.test(named) && (await repo.unsafeStudioExists(tx, named))) return named;
  const customer = idOf(o.customer);
  return customer ? repo.unsafeStudioOfCustomer(tx, customer) : null;
};

/**
 * The provider's webhook (decision 037): verified byte for byte, each event applied once by its id (a replay is
 * answered and ignored), subscription states applied only when newer than the one held (events come in any order).
 */
export const handleWebhook = async (
  deps: AppDeps,
  raw: Buffer,
  signature: string | undefined,
  meta: RequestMeta,
): Promise<WebhookOutcome> => {
  let event: PaymentEvent;
  try {
    if (!signature) throw new Error('no signature');
    event = await deps.payments.verifyWebhook(raw, signature);
  } catch {
    throw new AppError('VALIDATION', m.webhookSignatureInvalid);
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number')
    throw new AppError('VALIDATION', m.webhookInvalid);
  const o = (event.data?.object ?? {}) as unknown as Obj;
  const created = new Date(event.created * 1000);

  const grants: ReferralCreditGrant[] = [];
  let eventStudioId: string | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const studioId = await studioOfEvent(tx, o);
    eventStudioId = studioId;
    const fresh = await repo.unsafeRecordEvent(tx, {
      eventId: event.id,
      type: event.type,
      studioId,
      eventCreated: created,
    });
    if (!fresh) return { esito: 'DUPLICATO' };
    if (!studioId) return { esito: 'IGNORATO' };
    const account = await repo.unsafeAccountForUpdate(tx, studioId);
    const customer = idOf(o.customer);
    // SECURITY: a customer is bound to one studio. An event naming a studio with another studio's customer (a
    // Checkout made for someone else) changes nothing.
    if (customer) {
      const owner = await repo.unsafeStudioOfCustomer(tx, customer);
      if ((owner && owner !== studioId) || (account.customerId && account.customerId !== customer))
        return { esito: 'IGNORATO' };
      if (!account.customerId) await repo.unsafeSetCustomer(tx, studioId, customer);
    }
    const actor = webhookActor(meta, studioId);

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const md = metaOf(o);
        if (o.mode !== 'payment' || md.kind !== 'sms' || o.payment_status !== 'paid') return { esito: 'APPLICATO' };
        const qty = Number(md.qty);
        const key = idOf(o.payment_intent) ?? str(o.id);
        if (!Number.isInteger(qty) || qty <= 0 || qty > 100_000 || !key) return { esito: 'IGNORATO' };
        // exactly once per payment: the ledger's key is the payment's id (decision 036)
        const added = await addSmsCredit(tx, { studioId, qty, key, reason: 'purchase' });
        if (added)
          await recordAudit(tx, actor, {
            action: 'billing.sms-pack',
            entityType: 'payment',
            entityId: null,
            detail: `${qty} SMS`,
          });
        return { esito: added ? 'APPLICATO' : 'DUPLICATO' };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const subscriptionId = str(o.id);
        if (!subscriptionId) return { esito: 'IGNORATO' };
        // out of order: a state older than the one held is not applied
        if (account.subStateAt && created < account.subStateAt) return { esito: 'IGNORATO' };
        const status = event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(o.status);
        // an old subscription's end does not end the one that replaced it
        if (account.subscriptionId && account.subscriptionId !== subscriptionId && status === 'canceled')
          return { esito: 'IGNORATO' };
        await repo.unsafeApplySubscription(tx, studioId, {
          stripeSubStatus: status,
          stripeSubEndDate: endDateOf(o) ?? (status === 'canceled' ? created : null),
          subscriptionId,
          plan: planOfSubscription(o),
          subStateAt: created,
        });
        await recordAudit(tx, actor, {
          action: 'billing.subscription',
          entityType: 'subscription',
          entityId: null,
          changedFields: ['stripeSubStatus', 'stripeSubEndDate'],
          detail: status,
        });
        return { esito: 'APPLICATO' };
      }
      case 'invoice.paid': {
        const reason = str(o.billing_reason);
        if (reason !== 'subscription_create' && reason !== 'subscription_cycle') return { esito: 'APPLICATO' };
        // the studio's first subscription payment, once: the referral programme's trigger (decision 038)
        if (await repo.unsafeMarkFirstPaid(tx, studioId, created))
          grants.push(...(await onFirstSubscriptionPayment(tx, studioId, created)));
        return { esito: 'APPLICATO' };
      }
      default:
        return { esito: 'IGNORATO' };
    }
  });
  // with this event's credits, those of its studio left unapplied before (no customer then, the provider down): a
  // later verified event of the studio is the retry (decision 038)
  const pending = eventStudioId ? await unappliedReferralCredits(deps.db, eventStudioId) : [];
  await applyReferralCredits(deps, [...grants, ...pending.filter((p) => !grants.some((g) => g.id === p.id))]);
  return outcome;
};

/**
 * The referral credits recorded by the webhook, onto each side's customer balance at the provider (after the commit:
 * the provider is not part of the transaction; its idempotency key makes a retry apply once). A side without a
 * customer yet, or a provider failure, leaves the credit recorded and not applied (decision 038 retries those).
 */
const applyReferralCredits = async (deps: AppDeps, grants: ReferralCreditGrant[]) => {
  for (const g of grants) {
    const customerId = await repo.unsafeCustomerOf(deps.db, g.studioId);
    if (!customerId) continue;
    try {
      await deps.payments.addCustomerBalance(customerId, g.amountCents, g.idempotencyKey);
      await markReferralCreditApplied(deps.db, g.id, deps.now());
    } catch {
      // left pending: recorded in referral_credits, applied by a later retry
    }
  }
};
