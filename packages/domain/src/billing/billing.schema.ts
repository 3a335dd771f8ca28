import { z } from '../shared/zod-it.ts';
import { stripeSubStatuses } from '../studio/studio.schema.ts';
import { subscriptionPlans } from './subscription.ts';

/** spec part 2 §3 "SMS price" (and a plan's price): the provider's price as the API answers it. */
export const stripePriceSchema = z.object({
  id: z.string(),
  productName: z.string(),
  unitAmount: z.number().int().nullable(),
  /** Cents, as a decimal string (the provider's unit_amount_decimal). */
  unitAmountDecimal: z.string().nullable(),
  currency: z.string(),
  /** 'month' or 'year' for a plan; null for a one-off pack. */
  interval: z.enum(['month', 'year']).nullable(),
  metadata: z.object({
    kind: z.enum(['plan', 'sms']),
    plan: z.enum(subscriptionPlans).optional(),
    /** SMS credits in the pack (spec part 2 §3: metadata.qty). */
    qty: z.string().optional(),
  }),
});
export type StripePrice = z.infer<typeof stripePriceSchema>;

/** At most this long, a price id (the provider's are some 30 characters). */
const priceId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_]+$/);

/** GET /stripe-integration?priceId&urlAfterCheckout */
export const checkoutQuerySchema = z.object({
  studioId: z.uuid().optional(),
  priceId,
  urlAfterCheckout: z.string().trim().min(1).max(2000),
});
export const priceParamsSchema = z.object({ id: priceId });
export const urlResponseSchema = z.object({ url: z.string() });

export const billingInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** ISO instant */
  created: z.string(),
  amountPaid: z.number().int(),
  amountDue: z.number().int(),
  currency: z.string(),
  status: z.string().nullable(),
  description: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

/** GET /stripe-integration/subscription: what /billing and the recap show. */
export const subscriptionSummarySchema = z.object({
  plan: z.enum(subscriptionPlans),
  stripeSubStatus: z.enum(stripeSubStatuses).nullable(),
  stripeSubEndDate: z.string().nullable(),
  overdue: z.boolean(),
  /** 'simulator' when no provider keys are configured (the UI says nothing is charged). */
  provider: z.enum(['stripe', 'simulator']),
  hasCustomer: z.boolean(),
  /** The referral programme's credit earned by the studio, in cents (decision 038). */
  referralCreditCents: z.number().int(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** GET /plans (public): a plan as the landing page shows it, from the same prices and highlights as /billing. */
export const publicPlanSchema = z.object({
  priceId: z.string(),
  plan: z.enum(['BASIC', 'PRO', 'UNLIMITED']),
  unitAmount: z.number().int().nullable(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  highlights: z.array(z.string()),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;
