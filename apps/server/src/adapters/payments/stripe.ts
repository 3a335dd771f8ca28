import type { BillingInvoice, StripePrice } from '@studiolo/domain/billing';
import { subscriptionPlans } from '@studiolo/domain/billing';
import type Stripe from 'stripe';
import { centsDecimal, type PaymentsAdapter, stripeSdk } from './payments.ts';

export type StripeOptions = { secretKey: string; webhookSecret: string; now?: () => Date };

const priceCacheMs = 5 * 60_000;

/** A provider price as the API answers it, or null when it is not one of ours (no metadata.kind plan or sms). */
export const toStripePrice = (p: Stripe.Price): StripePrice | null => {
  const product = typeof p.product === 'object' && p.product && !('deleted' in p.product) ? p.product : null;
  const meta = { ...(product?.metadata ?? {}), ...p.metadata };
  const kind = meta.kind === 'plan' || meta.kind === 'sms' ? meta.kind : null;
  if (!kind) return null;
  const plan = (subscriptionPlans as readonly string[]).includes(meta.plan ?? '')
    ? (meta.plan as StripePrice['metadata']['plan'])
    : undefined;
  const interval: string | undefined = p.recurring?.interval;
  return {
    id: p.id,
    productName: product?.name ?? p.nickname ?? p.id,
    unitAmount: p.unit_amount,
    unitAmountDecimal: p.unit_amount_decimal != null ? String(p.unit_amount_decimal) : centsDecimal(p.unit_amount),
    currency: p.currency,
    interval: interval === 'month' || interval === 'year' ? interval : null,
    metadata: { kind, ...(plan ? { plan } : {}), ...(meta.qty ? { qty: meta.qty } : {}) },
  };
};

const toInvoice = (i: Stripe.Invoice): BillingInvoice => ({
  id: i.id ?? '',
  number: i.number,
  created: new Date(i.created * 1000).toISOString(),
  amountPaid: i.amount_paid,
  amountDue: i.amount_due,
  currency: i.currency,
  status: i.status,
  description: i.lines?.data[0]?.description ?? i.description,
  hostedInvoiceUrl: i.hosted_invoice_url ?? null,
  pdfUrl: i.invoice_pdf ?? null,
});

/** Stripe through the official SDK (decision 037). */
export const createStripePayments = (opts: StripeOptions): PaymentsAdapter => {
  let client: Promise<Stripe> | undefined;
  const connect = () => {
    client ??= stripeSdk().then((Sdk) => new Sdk(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000 }));
    return client;
  };
  const now = opts.now ?? (() => new Date());
  let cache: { at: number; prices: StripePrice[] } | null = null;

  const listPrices = async () => {
    if (cache && now().getTime() - cache.at < priceCacheMs) return cache.prices;
    const page = await (await connect()).prices.list({ active: true, limit: 100, expand: ['data.product'] });
    const prices = page.data.map(toStripePrice).filter((p): p is StripePrice => p !== null);
    cache = { at: now().getTime(), prices };
    return prices;
  };

  return {
    kind: 'stripe',
    listPrices,
    getPrice: async (id) => {
      const known = (await listPrices()).find((p) => p.id === id);
      if (known) return known;
      try {
        return toStripePrice(await (await connect()).prices.retrieve(id, { expand: ['product'] }));
      } catch (err) {
        if (err instanceof (await stripeSdk()).errors.StripeInvalidRequestError && err.code === 'resource_missing')
          return null;
        throw err;
      }
    },
    createCheckout: async (req) => {
      const subscription = req.price.metadata.kind === 'plan';
      const metadata = {
        studioId: req.studioId,
        priceId: req.price.id,
        kind: req.price.metadata.kind,
        ...(req.price.metadata.plan ? { plan: req.price.metadata.plan } : {}),
        ...(req.price.metadata.qty ? { qty: req.price.metadata.qty } : {}),
      };
      const session = await (await connect()).checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [{ price: req.price.id, quantity: 1 }],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        client_reference_id: req.studioId,
        metadata,
        locale: 'it',
        ...(req.customerId
          ? { customer: req.customerId }
          : {
              customer_email: req.customerEmail ?? undefined,
              ...(subscription ? {} : { customer_creation: 'always' }),
            }),
        ...(subscription
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
      });
      if (!session.url) throw new Error('Stripe Checkout: no url');
      return { url: session.url };
    },
    createPortal: async ({ customerId, returnUrl }) => {
      const session = await (await connect()).billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    listInvoices: async (customerId) => {
      const page = await (await connect()).invoices.list({ customer: customerId, limit: 24 });
      return page.data.map(toInvoice);
    },
    verifyWebhook: async (rawBody, signature) =>
      (await connect()).webhooks.constructEvent(
        rawBody,
        signature,
        opts.webhookSecret,
        undefined,
        undefined,
        now().getTime(),
      ),
    addCustomerBalance: async (customerId, amountCents, idempotencyKey) => {
      // a negative amount is a credit the customer's next invoices use up
      await (await connect()).customers.createBalanceTransaction(
        customerId,
        { amount: -Math.abs(amountCents), currency: 'eur', description: 'Programma Invita Un Amico' },
        { idempotencyKey },
      );
    },
  };
};
