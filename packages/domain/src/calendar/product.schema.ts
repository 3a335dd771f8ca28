import { euroAmountSchema } from '../shared/money.ts';
import { optionalText, requiredText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { defaultTipoSpesa, tipiSpesaRiga } from '../sistema-ts/tipi-spesa.ts';
import { calendarMessages as m } from './calendar.messages.ts';

export const productStatuses = ['ACTIVE', 'INACTIVE'] as const;

/** POST /products and PUT /products (with id): a service with its price, gross price and duration in minutes. */
export const productInputSchema = z.object({
  name: requiredText(200),
  price: euroAmountSchema(m.priceInvalid),
  grossPrice: euroAmountSchema(m.priceInvalid),
  duration: z
    .number({ error: m.durationInvalid })
    .int({ error: m.durationInvalid })
    .min(1, { error: m.durationInvalid })
    .max(1440, { error: m.durationInvalid }),
  codiceIvaId: z.number().int().min(1).max(999).nullish(),
  status: z.enum(productStatuses).default('ACTIVE'),
  /** The Sistema TS expense type its invoice lines start with (decision 023); a health service (SP) by default. */
  tipoSpesa: z.enum(tipiSpesaRiga).default(defaultTipoSpesa),
});
export const productUpdateSchema = productInputSchema.extend({ id: z.uuid() });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  studioId: z.uuid(),
  name: z.string(),
  price: z.number(),
  grossPrice: z.number(),
  duration: z.number().int(),
  codiceIvaId: z.number().int().nullable(),
  status: z.enum(productStatuses),
  tipoSpesa: z.enum(tipiSpesaRiga),
});
export type Product = z.infer<typeof productSchema>;

/** DELETE /products?productIds=…: several at once. */
export const productIdsQuerySchema = z.object({
  productIds: z
    .union([z.string().max(4000), z.array(z.string().max(40)).max(100)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(100)),
});

/** POST/PUT /calendars. */
export const calendarInputSchema = z.object({
  summary: requiredText(100),
  description: optionalText(500, { multiline: true }),
});
/** PUT /calendars (spec part 1 §7: the same path as POST, like PUT /events): the calendar's id in the body. */
export const calendarUpdateSchema = calendarInputSchema.extend({ id: z.uuid() });
export const calendarSchema = z.object({
  id: z.uuid(),
  studioId: z.uuid(),
  summary: z.string(),
  description: z.string().nullable(),
  googleCalendarId: z.string().nullable(),
  googleColor: z.string().nullable(),
});
export type Calendar = z.infer<typeof calendarSchema>;
export const calendarsAnswerSchema = z.object({
  calendars: z.array(calendarSchema),
  googleCalendars: z.array(calendarSchema),
});
