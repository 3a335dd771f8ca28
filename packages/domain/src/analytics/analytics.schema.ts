import { text } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { analyticsMessages as m } from './analytics.messages.ts';

const isoPattern = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** @returns whether a YYYY-MM-DD text names a day that exists (from 1850 on). */
export const isExistingIsoDate = (value: string): boolean => {
  const match = isoPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1850) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
};

const isoDateSchema = z.string({ error: m.invalidDate }).refine(isExistingIsoDate, { error: m.invalidDate });

export const cashflowGranularities = ['DAILY', 'MONTHLY', 'BOTH'] as const;
export type CashflowGranularity = (typeof cashflowGranularities)[number];

/** spec part 2 §7: at most ten years in one request (a daily series of ten years is 3,653 points). */
const maxRangeDays = 3653;
const rangeRefinement = <T extends { startDate: string; endDate: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.endDate < q.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.endBeforeStart });
  else if ((Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 > maxRangeDays)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: m.rangeTooLong });
};

/**
 * The patient tags a request narrows to (spec part 2 §7 `tags`), repeated or comma-separated: documents of patients
 * carrying any of them. At most 50 tags of at most 100 characters; none means every document.
 */
export const tagsQuerySchema = z
  // outer bounds of the shared text schema (decision 033); the refine below says the exact ones with its message
  .union([text(50 * 101), z.array(text(1000)).max(1000)], { error: m.invalidTags })
  .optional()
  .transform((v) => [
    ...new Set((Array.isArray(v) ? v : v ? v.split(',') : []).map((t) => t.trim()).filter((t) => t.length > 0)),
  ])
  .refine((v) => v.length <= 50 && v.every((t) => t.length <= 100), { error: m.invalidTags });

/** GET /analytics/cashflow/summary (spec part 2 §7: studio, tags, start date, end date). */
export const cashflowSummaryQuerySchema = z
  .object({ studioId: z.uuid().optional(), tags: tagsQuerySchema, startDate: isoDateSchema, endDate: isoDateSchema })
  .superRefine(rangeRefinement);
export type CashflowSummaryQuery = z.infer<typeof cashflowSummaryQuerySchema>;

/** GET /analytics/cashflow (spec part 2 §7): tags as repeated or comma-separated values. */
export const cashflowQuerySchema = z
  .object({
    studioId: z.uuid().optional(),
    granularity: z.enum(cashflowGranularities, { error: m.invalidGranularity }).default('MONTHLY'),
    tags: tagsQuerySchema,
    startDate: isoDateSchema,
    endDate: isoDateSchema,
  })
  .superRefine(rangeRefinement);
export type CashflowQuery = z.infer<typeof cashflowQuerySchema>;

/** spec part 2 §3 "Cash-flow summary"; amounts in euros as exact two-decimal numbers computed from cents. */
export const cashflowSummarySchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** collected minus costs */
  netCashFlow: z.number(),
  revenueStatistics: z.object({
    invoiceStats: z.object({
      documentCount: z.number().int(),
      totalAmount: z.number(),
      unpaidDocumentCount: z.number().int(),
      /** paid invoices over invoices, percent with one decimal */
      paymentPercentage: z.number(),
    }),
    paymentStats: z.object({ paidDocumentCount: z.number().int(), paidDocumentAmount: z.number() }),
  }),
  costStatistics: z.object({
    documentCount: z.number().int(),
    totalAmount: z.number(),
    passiveDocumentCount: z.number().int(),
    manualExpenseCount: z.number().int(),
  }),
});
export type CashflowSummary = z.infer<typeof cashflowSummarySchema>;

export const cashflowPointSchema = z.object({
  /** YYYY-MM for MONTHLY, YYYY-MM-DD for DAILY */
  period: z.string(),
  invoiced: z.number(),
  collected: z.number(),
  costs: z.number(),
  /** collected minus costs */
  net: z.number(),
  /** running sum of net from the start of the range */
  cumulative: z.number(),
  /** invoices issued in the period (credit notes not counted), and the share of them paid, percent, one decimal */
  documentCount: z.number().int(),
  paymentPercentage: z.number(),
  /** invoices of the period still unpaid, and those of them past due (as of today) */
  unpaidCount: z.number().int(),
  unpaidAmount: z.number(),
  overdueCount: z.number().int(),
  overdueAmount: z.number(),
});
export type CashflowPoint = z.infer<typeof cashflowPointSchema>;

export const cashflowSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  granularity: z.enum(cashflowGranularities),
  monthly: z.array(cashflowPointSchema).nullable(),
  daily: z.array(cashflowPointSchema).nullable(),
});
export type Cashflow = z.infer<typeof cashflowSchema>;

/** GET /analytics/revenue: what the period invoiced, split by service and by patient tag (decision 024). */
export const revenueQuerySchema = cashflowSummaryQuerySchema;
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** How many services the answer names one by one; the rest are summed in `otherServices`. */
export const revenueServicesListed = 100;

export const revenueByServiceSchema = z.object({
  /** The line's description as the studio writes it most often (grouped ignoring case and outer spaces). */
  service: z.string(),
  /** The invoices' totals shared among their lines by the lines' amounts, credit notes subtracting (euros). */
  amount: z.number(),
  /** Invoices with a line of it (credit notes not counted). */
  documentCount: z.number().int(),
});
export type RevenueByService = z.infer<typeof revenueByServiceSchema>;

export const revenueByTagSchema = z.object({
  /** The patient's tag; null for documents of patients without tags (or without a patient). */
  tag: z.string().nullable(),
  /** The totals of the invoices of patients carrying the tag, credit notes subtracting (euros). */
  amount: z.number(),
  documentCount: z.number().int(),
});
export type RevenueByTag = z.infer<typeof revenueByTagSchema>;

export const revenueSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** The largest first, at most revenueServicesListed. */
  byService: z.array(revenueByServiceSchema),
  /** The services beyond the first revenueServicesListed, summed; null when there are none. */
  otherServices: z.object({ serviceCount: z.number().int(), amount: z.number() }).nullable(),
  /** The largest first; a document counts under each tag its patient carries. */
  byTag: z.array(revenueByTagSchema),
});
export type Revenue = z.infer<typeof revenueSchema>;
