import type { BillingInvoice, StripePrice } from '@studiolo/domain/billing';
import type Stripe from 'stripe';

/** A provider event as verified from its signed body (the SDK's own type: the simulator posts the same shape). */
export type PaymentEvent = Stripe.Event;

export type CheckoutRequest = {
  price: StripePrice;
  studioId: string;
  /** The studio's customer at the provider, when it has paid before. */
  customerId: string | null;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
};

/**
 * Card payments for subscriptions and SMS packs (decision 037). `stripe` is Stripe through its official SDK;
 * `simulator` the local default without keys: a local catalogue and a local Checkout page labelled "pagamento di
 * prova, nessun addebito" that posts the same signed events to the same webhook, charging nobody.
 */
export type PaymentsAdapter = {
  kind: 'stripe' | 'simulator';
  /** Active prices of plans and SMS packs (metadata.kind 'plan' or 'sms'). */
  listPrices: () => Promise<StripePrice[]>;
  getPrice: (id: string) => Promise<StripePrice | null>;
  /** A Checkout session for one price: subscription mode for a plan, payment mode for a pack. */
  createCheckout: (req: CheckoutRequest) => Promise<{ url: string }>;
  /** The customer portal (cards, invoices, cancellation). */
  createPortal: (req: { customerId: string; returnUrl: string }) => Promise<{ url: string }>;
  listInvoices: (customerId: string) => Promise<BillingInvoice[]>;
  /** Verifies the signature over the raw body and parses the event; throws when it does not hold. */
  verifyWebhook: (rawBody: Buffer, signature: string) => Promise<PaymentEvent>;
  /**
   * Credits the customer's balance (the referral programme's 50 €): the next invoices are reduced by it. The key makes
   * a retried call apply once.
   */
  addCustomerBalance: (customerId: string, amountCents: number, idempotencyKey: string) => Promise<void>;
  /** Only the simulator: its Checkout and portal pages' state. */
  simulator?: import('./local.ts').PaymentsSimulator;
};

/** A provider amount in cents as the wire's decimal string. */
export const centsDecimal = (cents: number | null | undefined) => (cents == null ? null : String(cents));

let sdk: Promise<typeof import('stripe').default> | undefined;
/**
 * The Stripe SDK (over 200 modules), loaded at its first use rather than while the server starts: a restart after a
 * crash must be ready within 5 s (durability test), and most installations run the simulator.
 */
export const stripeSdk = () => {
  sdk ??= import('stripe').then((m) => m.default);
  return sdk;
};
