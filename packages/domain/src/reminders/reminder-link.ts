import { publicStudioSchema } from '../booking/booking.schema.ts';
import { z } from '../shared/zod-it.ts';

/**
 * The patient's confirm/cancel link of a reminder (issue 29 item 1, decision 036 "The patient's link"). The page
 * {PUBLIC_URL}/appuntamento?t=… reads GET /appointments/paziente/promemoria?token= and acts with POST
 * /appointments/paziente/promemoria/conferma and /annulla { token }.
 */

/** The token as the routes take it (the booking's cancel token has the same shape: 43 base64url characters). */
export const reminderLinkInputSchema = z.object({ token: z.string().min(20).max(200) });

/** The appointment as the patient's page shows it. */
export const reminderAppointmentSchema = z.object({
  /** The studio as the public booking page shows it (name, logo, address, phone, e-mail). */
  studio: publicStudioSchema,
  serviceName: z.string(),
  staffDisplayName: z.string(),
  start: z.string(),
  end: z.string(),
  /** When the patient confirmed the appointment at its current time (through this link), else null. */
  confirmedAt: z.string().nullable(),
  /** The start the patient had confirmed, when the studio moved the appointment afterwards: to confirm again. */
  confirmedPreviousStart: z.string().nullable(),
  /** Whether it is cancelled (through this link or, for an online booking, its own). */
  cancelled: z.boolean(),
  /** The patient may still confirm / cancel online. */
  confirmable: z.boolean(),
  cancellable: z.boolean(),
  /** An online booking's cancellation limit (hours before the start) when it applies, else 0. */
  cancelLimitHours: z.number().int(),
  /** The last instant the patient can cancel online (ISO instant). */
  cancelUntil: z.string(),
});
export type ReminderAppointment = z.infer<typeof reminderAppointmentSchema>;

export const reminderLinkMessages = {
  notFound: 'Link non valido: controlla di averlo copiato per intero dal messaggio ricevuto',
  expired: "Il link è scaduto: l'appuntamento è già iniziato o passato. Per qualsiasi necessità contatta lo studio",
  gone: "L'appuntamento non è più in calendario: contatta lo studio",
  alreadyConfirmed: 'Hai già confermato questo appuntamento',
  alreadyCancelled: 'Questo appuntamento è già stato annullato',
  confirmed: 'Appuntamento confermato: grazie, lo studio ti aspetta',
  cancelled: 'Appuntamento annullato: lo studio è stato avvisato',
  studioCancelSubject: (patient: string, when: string) => `Appuntamento annullato dal paziente: ${patient}, ${when}`,
  studioCancelText: (patient: string, when: string, what: string, who: string) =>
    `${patient} ha annullato dal link del promemoria l'appuntamento di ${when} (${what}${who ? `, con ${who}` : ''}). L'appuntamento è stato tolto dal calendario e l'orario è di nuovo libero.`,
  emailLinkLine: (url: string) => `Per confermare o annullare l'appuntamento: ${url}`,
} as const;
