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
  outOfCredit: 'Credito SMS esaurito: i promemoria partono per e-mail finché non ricarichi il credito.',
  lowBalance: (n: number) => `Credito SMS quasi esaurito: restano ${n} SMS.`,
  unknownToken: (names: string[]) =>
    `Segnaposto sconosciuti: ${names.map((n) => `{${n}}`).join(', ')}. Quelli validi sono ${reminderTokens.map((n) => `{${n}}`).join(', ')}`,
  dayBeforeTimeQuiet: "L'orario deve essere tra le 08:00 e le 20:59 (di notte i promemoria non partono)",
  saved: 'Impostazioni dei promemoria salvate',
  optOutSaved: 'Preferenza del paziente sui promemoria salvata',
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
  /** The SMS consumption meter: its id for PATCH /consumption-meter/enable, and the switch. */
  smsMeterId: z.uuid(),
  smsEnabled: z.boolean(),
  studioName: z.string(),
  studioAddress: z.string(),
  /** The server's quiet hours (REMINDER_QUIET_HOURS, Europe/Rome, HH:MM), null when it has none. */
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type ReminderSettingsAnswer = z.infer<typeof reminderSettingsAnswerSchema>;

/**
 * The per-occurrence reminder states shown on an appointment (issue 29). SENDING: recorded and handed to the provider,
 * its answer not recorded (the process stopped in between): never sent again (decision 036, at most once). CANCELLED:
 * the appointment moved or went before its reminder's time.
 */
export const reminderStates = ['SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'NOT_SENT', 'CANCELLED'] as const;
export type ReminderState = (typeof reminderStates)[number];
export const reminderStateLabels: Record<ReminderState, string> = {
  SCHEDULED: 'Programmato',
  SENDING: 'Inviato (esito non confermato)',
  SENT: 'Inviato',
  DELIVERED: 'Consegnato',
  NOT_SENT: 'Non inviato',
  CANCELLED: 'Annullato',
};
export const reminderChannelsSent = ['SMS', 'EMAIL'] as const;

/** A reminder as the appointment's dialog shows it. */
export const appointmentReminderSchema = z.object({
  id: z.uuid(),
  state: z.enum(reminderStates),
  reason: z.string().nullable(),
  channel: z.enum(reminderChannelsSent).nullable(),
  segments: z.number().int().nullable(),
  startAt: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  /**
   * The patient's answer through the reminder's link (decision 036): when they confirmed the appointment at its current
   * time, when they cancelled.
   */
  confirmedAt: z.string().nullable(),
  /** The start the patient had confirmed, when the studio moved the appointment afterwards (decision 046). */
  confirmedPreviousStart: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

export const reminderNotSentReasons = ['NO_CONTACT', 'NO_CREDIT', 'OPTED_OUT', 'TOO_LATE', 'FAILED'] as const;
export type ReminderNotSentReason = (typeof reminderNotSentReasons)[number];
export const reminderNotSentReasonLabels: Record<ReminderNotSentReason, string> = {
  NO_CONTACT: 'nessun cellulare né e-mail del paziente',
  NO_CREDIT: 'credito SMS esaurito e nessuna e-mail del paziente',
  OPTED_OUT: 'il paziente non vuole promemoria',
  TOO_LATE: "troppo tardi rispetto all'appuntamento",
  FAILED: 'invio non riuscito',
};
