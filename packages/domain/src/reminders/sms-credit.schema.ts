import { z } from '../shared/zod-it.ts';

/**
 * The SMS reminder credit (issue 29, decision 036 "Credit"): the consumption meter of spec part 2 §3 and §7. A meter's
 * qty is the studio's SMS credit balance (one credit per SMS segment); its secret is never sent to a browser.
 */
export const consumptionFunctionalities = ['SMS_APPOINTMENT_REMINDER'] as const;
export type ConsumptionFunctionality = (typeof consumptionFunctionalities)[number];

/** The most credits one server-to-server call may take (decision 036): a day of reminders of a big studio. */
export const maxConsumptionQty = 1000;

export const consumptionMeterSchema = z.object({
  id: z.uuid(),
  studioId: z.uuid(),
  functionality: z.enum(consumptionFunctionalities),
  /** The balance in credits (the ledger's sum); never negative. */
  qty: z.number().int(),
  enabled: z.boolean(),
});
export type ConsumptionMeter = z.infer<typeof consumptionMeterSchema>;

/** PATCH /consumption-meter/enable (spec part 2 §7). */
export const consumptionMeterEnableSchema = z.strictObject({
  consumptionMeterId: z.uuid(),
  enabled: z.boolean(),
});
export type ConsumptionMeterEnable = z.infer<typeof consumptionMeterEnableSchema>;

/**
 * PATCH /consumption-meter/{functionality} (spec part 2 §7): the server-to-server call that reports credits consumed.
 * The optional idempotencyKey makes a retried call count once (decision 036); without it each call counts.
 */
export const consumptionMeterConsumeSchema = z.strictObject({
  /** Printable ASCII, no spaces (what CONSUMPTION_METER_SECRET may hold). */
  secret: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/u),
  studioId: z.uuid(),
  qty: z.number().int().min(1).max(maxConsumptionQty),
  idempotencyKey: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:-]+$/u)
    .optional(),
});
export type ConsumptionMeterConsume = z.infer<typeof consumptionMeterConsumeSchema>;

/** The Italian answers of the credit calls. */
export const smsCreditMessages = {
  meterEnabled: 'Reminder automatici attivati',
  meterDisabled: 'Reminder automatici disattivati',
  consumed: 'Credito SMS scalato',
  alreadyConsumed: 'Consumo già registrato',
  notEnoughCredit: 'Credito SMS insufficiente',
  secretWrong: 'Chiave del servizio non valida',
  secretNotConfigured: 'Il servizio di consumo del credito non è configurato su questo server',
  studioNotFound: 'Studio non trovato',
} as const;
