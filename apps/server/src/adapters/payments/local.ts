import { randomBytes } from 'node:crypto';
import type { BillingInvoice, PurchasablePlan, StripePrice } from '@studiolo/domain/billing';
import { type CheckoutRequest, centsDecimal, type PaymentEvent, type PaymentsAdapter, stripeSdk } from './payments.ts';

const simulatedApiVersion = '2026-10-28.endive';

/** The local catalogue (decision 037): monthly plans and SMS packs, prices in cents, VAT excluded. */
const planPrices: { plan: PurchasablePlan; name: string; cents: number }[] = [
  { plan: 'BASIC', name: 'Basic', cents: 1900 },
  { plan: 'PRO', name: 'Pro', cents: 3900 },
  { plan: 'UNLIMITED', name: 'Unlimited', cents: 6900 },
];
const smsPacks: { qty: number; cents: number }[] = [
  { qty: 100, cents: 900 },
  { qty: 500, cents: 3900 },
  { qty: 1000, cents: 6900 },
];

export const localCatalogue: StripePrice[] = [
  ...planPrices.map(
    (p): StripePrice => ({
      id: `price_local_${p.plan.toLowerCase()}_month`,
      productName: `Studiolo ${p.name}`,
      unitAmount: p.cents,
      unitAmountDecimal: centsDecimal(p.cents),
      currency: 'eur',
      interval: 'month',
      metadata: { kind: 'plan', plan: p.plan },
    }),
  ),
  ...smsPacks.map(
    (p): StripePrice => ({
      id: `price_local_sms_${p.qty}`,
      productName: `Pacchetto ${p.qty} SMS`,
      unitAmount: p.cents,
      unitAmountDecimal: centsDecimal(p.cents),
      currency: 'eur',
      interval: null,
      metadata: { kind: 'sms', qty: String(p.qty) },
    }),
  ),
];

type LocalSession = CheckoutRequest & { id: string; customerId: string; expiresAt: number };
type LocalPortal = { id: string; customerId: string; returnUrl: string; expiresAt: number };
type LocalSubscription = { id: string; customerId: string; price: StripePrice; periodEnd: number; studioId: string };

/** The simulator's own pages: the Checkout and the portal, each a random id valid 30 minutes. */
export type PaymentsSimulator = {
  webhookSecret: string;
  checkoutPath: (id: string) => string;
  session: (id: string) => LocalSession | null;
  /** The events a paid Checkout sends (the session leaves: paying twice does nothing). */
  pay: (id: string) => PaymentEvent[] | null;
  portal: (id: string) => (LocalPortal & { subscription: LocalSubscription | null; invoices: BillingInvoice[] }) | null;
  /** The events of a subscription cancelled from the portal. */
  cancel: (id: string) => PaymentEvent[] | null;
  /** Signs a body as the provider does, with the SDK's own test-header helper and the local secret. */
  sign: (payload: string, timestamp?: number) => Promise<string>;
};

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-]/g, 'x')}`;
const ttlMs = 30 * 60_000;
const periodSeconds = 30 * 24 * 3600;

/**
 * The local default (decision 037): nothing is charged and nothing leaves the machine. Its state (sessions,
 * customers' invoices) lives in this process; what a studio paid for lives in the database, from the webhook.
 */
export const createLocalPayments = (opts: { now?: () => Date; basePath: string }): PaymentsAdapter => {
  const now = opts.now ?? (() => new Date());
  const webhookSecret = token('whsec_local');
  const sessions = new Map<string, LocalSession>();
  const portals = new Map<string, LocalPortal>();
  const subscriptions = new Map<string, LocalSubscription>();
  const invoices = new Map<string, BillingInvoice[]>();
  const seconds = () => Math.floor(now().getTime() / 1000);
  const sweep = () => {
    const t = now().getTime();
    for (const [id, s] of sessions) if (s.expiresAt < t) sessions.delete(id);
    for (const [id, p] of portals) if (p.expiresAt < t) portals.delete(id);
  };
  const event = (type: string, object: Record<string, unknown>): PaymentEvent =>
    ({
      id: token('evt_local'),
      object: 'event',
      // the API version of the SDK in use (stripe 23.1.0), as its events carry it
      api_version: simulatedApiVersion,
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    }) as unknown as PaymentEvent;
  const subscriptionObject = (s: LocalSubscription, status: string) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status,
    metadata: { studioId: s.studioId, plan: s.price.metadata.plan ?? '' },
    ended_at: status === 'canceled' ? seconds() : null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_end: s.periodEnd,
          price: { id: s.price.id, object: 'price', metadata: s.price.metadata },
        },
      ],
    },
  });
  const addInvoice = (customerId: string, price: StripePrice, subscriptionId: string | null) => {
    const invoice: BillingInvoice = {
      id: token('in_local'),
      number: `PROVA-${String((invoices.get(customerId)?.length ?? 0) + 1).padStart(4, '0')}`,
      created: now().toISOString(),
      amountPaid: price.unitAmount ?? 0,
      amountDue: price.unitAmount ?? 0,
      currency: price.currency,
      status: 'paid',
      description: price.productName,
      hostedInvoiceUrl: null,
      pdfUrl: null,
    };
    invoices.set(customerId, [invoice, ...(invoices.get(customerId) ?? [])]);
    return { invoice, subscriptionId };
  };

  const simulator: PaymentsSimulator = {
    webhookSecret,
    checkoutPath: (id) => `${opts.basePath}/checkout/${id}`,
    session: (id) => {
      sweep();
      return sessions.get(id) ?? null;
    },
    pay: (id) => {
      sweep();
      const s = sessions.get(id);
      if (!s) return null;
      sessions.delete(id);
      const metadata = {
        studioId: s.studioId,
        priceId: s.price.id,
        kind: s.price.metadata.kind,
        ...(s.price.metadata.plan ? { plan: s.price.metadata.plan } : {}),
        ...(s.price.metadata.qty ? { qty: s.price.metadata.qty } : {}),
      };
      if (s.price.metadata.kind === 'sms') {
        const paymentIntent = token('pi_local');
        addInvoice(s.customerId, s.price, null);
        return [
          event('checkout.session.completed', {
            id: s.id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            payment_intent: paymentIntent,
            customer: s.customerId,
            client_reference_id: s.studioId,
            amount_total: s.price.unitAmount,
            currency: s.price.currency,
            metadata,
          }),
        ];
      }
      const sub: LocalSubscription = {
        id: token('sub_local'),
        customerId: s.customerId,
        price: s.price,
        periodEnd: seconds() + periodSeconds,
        studioId: s.studioId,
      };
      subscriptions.set(s.customerId, sub);
      const { invoice } = addInvoice(s.customerId, s.price, sub.id);
      return [
        event('checkout.session.completed', {
          id: s.id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          subscription: sub.id,
          customer: s.customerId,
          client_reference_id: s.studioId,
          metadata,
        }),
        event('customer.subscription.created', subscriptionObject(sub, 'active')),
        event('invoice.paid', {
          id: invoice.id,
          object: 'invoice',
          customer: s.customerId,
          billing_reason: 'subscription_create',
          amount_paid: invoice.amountPaid,
          currency: invoice.currency,
          status: 'paid',
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata } },
        }),
      ];
    },
    portal: (id) => {
      sweep();
      const p = portals.get(id);
      if (!p) return null;
      return {
        ...p,
        subscription: subscriptions.get(p.customerId) ?? null,
        invoices: invoices.get(p.customerId) ?? [],
      };
    },
    cancel: (id) => {
      sweep();
      const p = portals.get(id);
      const sub = p && subscriptions.get(p.customerId);
      if (!p || !sub) return null;
      subscriptions.delete(p.customerId);
      return [event('customer.subscription.deleted', subscriptionObject(sub, 'canceled'))];
    },
    sign: async (payload, timestamp) =>
      (await stripeSdk()).webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: timestamp ?? seconds(),
      }),
  };

  return {
    kind: 'simulator',
    simulator,
    listPrices: async () => localCatalogue,
    getPrice: async (id) => localCatalogue.find((p) => p.id === id) ?? null,
    createCheckout: async (req) => {
      sweep();
      const id = token('cs_local');
      sessions.set(id, {
        ...req,
        id,
        customerId: req.customerId ?? token('cus_local'),
        expiresAt: now().getTime() + ttlMs,
      });
      return { url: simulator.checkoutPath(id) };
    },
    createPortal: async ({ customerId, returnUrl }) => {
      sweep();
      const id = token('bps_local');
      portals.set(id, { id, customerId, returnUrl, expiresAt: now().getTime() + ttlMs });
      return { url: `${opts.basePath}/portal/${id}` };
    },
    listInvoices: async (customerId) => invoices.get(customerId) ?? [],
    verifyWebhook: async (rawBody, signature) =>
      (await stripeSdk()).webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        undefined,
        undefined,
        now().getTime(),
      ),
    // the simulator has no balance to credit: the referral credit is recorded by the caller, nothing is charged anyway
    addCustomerBalance: async () => {},
  };
};
