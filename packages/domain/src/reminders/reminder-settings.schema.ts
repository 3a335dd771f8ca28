import { requiredText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { maxReminderTextLength, reminderTokens, unknownReminderTokens } from './reminder-text.ts';
import { reminderLeadTimes } from './reminder-timing.ts';

/**
 * Impostazioni › Promemoria (issue 29, decision 036): the studio's reminder settings. The channel SMS_EMAIL sends an
 * SMS while the studio has credit and its SMS switch is on, else an e-mail; EMAIL sends e-mail only.
 */
export const reminderChannels = ['SMS_EMAIL', 'EMAIL'] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
export const reminderChannelLabels: Record<ReminderChannel, string> = {
  SMS_EMAIL: 'SMS, con e-mail se manca il credito o il cellulare',
  EMAIL: 'Solo e-mail',
};

export const reminderSettingsMessages = {
  unknownToken: (names: string[]) =>
    `Segnaposto sconosciuti: ${names.map((n) => `{${n}}`).join(', ')}. Quelli validi sono ${reminderTokens.map((n) => `{${n}}`).join(', ')}`,
  dayBeforeTimeQuiet: "L'orario deve essere tra le 08:00 e le 20:59 (di notte i promemoria non partono)",
  saved: 'Impostazioni dei promemoria salvate',
} as const;

/** "HH:mm" between 08:00 and 20:59: outside the quiet hours. */
const dayBeforeTimeSchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/u)
  .refine((v) => v >= '08:00' && v <= '20:59', { message: reminderSettingsMessages.dayBeforeTimeQuiet });

export const reminderSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  leadTime: z.enum(reminderLeadTimes),
  dayBeforeTime: dayBeforeTimeSchema,
  channel: z.enum(reminderChannels),
  text: requiredText(maxReminderTextLength, { multiline: true }).superRefine((v, ctx) => {
    const unknown = unknownReminderTokens(v);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: reminderSettingsMessages.unknownToken(unknown) });
  }),
  /** A low-balance e-mail goes to the studio when its SMS credit falls to this many credits (0: never). */
  lowBalanceThreshold: z.number().int().min(0).max(100_000),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** The answer of GET/PUT /settings/reminders: the settings, the SMS credit balance and the preview's studio data. */
export const reminderSettingsAnswerSchema = reminderSettingsSchema.extend({
  smsBalance: z.number().int(),
  smsEnabled: z.boolean(),
  studioName: z.string(),
  studioAddress: z.string(),
});
export type ReminderSettingsAnswer = z.infer<typeof reminderSettingsAnswerSchema>;

/** The per-occurrence reminder states shown on an appointment (issue 29). */
export const reminderStates = ['SCHEDULED', 'SENT', 'DELIVERED', 'NOT_SENT'] as const;
export type ReminderState = (typeof reminderStates)[number];
export const reminderStateLabels: Record<ReminderState, string> = {
  SCHEDULED: 'Programmato',
  SENT: 'Inviato',
  DELIVERED: 'Consegnato',
  NOT_SENT: 'Non inviato',
};
export const reminderNotSentReasons = [
  'NO_CONTACT',
  'NO_CREDIT',
  'OPTED_OUT',
  'CANCELLED',
  'TOO_LATE',
  'FAILED',
] as const;
export type ReminderNotSentReason = (typeof reminderNotSentReasons)[number];
export const reminderNotSentReasonLabels: Record<ReminderNotSentReason, string> = {
  NO_CONTACT: 'nessun cellulare né e-mail del paziente',
  NO_CREDIT: 'credito SMS esaurito e nessuna e-mail del paziente',
  OPTED_OUT: 'il paziente non vuole promemoria',
  CANCELLED: 'appuntamento annullato',
  TOO_LATE: "troppo tardi rispetto all'appuntamento",
  FAILED: 'invio non riuscito',
};
