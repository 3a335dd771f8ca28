import { optionalText, requiredText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';

/**
 * Online booking by patients (issue 28, decision 035): the shapes the server and the web app share. The studio's
 * settings (Impostazioni › Prenotazioni online), the public page's answers, the booking and its cancellation.
 */

/** spec part 1 §9, part 2 §3: the reservation statuses with their Italian labels. */
export const reservationStatuses = [
  'CUSTOMER_BOOKED',
  'STUDIO_PENDING_CONFIRMATION',
  'STUDIO_CONFIRMED',
  'STUDIO_CANCELLED',
  'CUSTOMER_CANCELLED',
] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];
export const reservationStatusLabels: Record<ReservationStatus, string> = {
  STUDIO_PENDING_CONFIRMATION: 'In attesa di conferma dallo studio',
  STUDIO_CONFIRMED: 'Confermato',
  STUDIO_CANCELLED: 'Annullato dallo studio',
  CUSTOMER_BOOKED: 'Prenotato',
  CUSTOMER_CANCELLED: 'Annullato dal paziente',
};
/** The statuses whose appointment holds its slot (the others are cancellations). */
export const activeReservationStatuses = [
  'CUSTOMER_BOOKED',
  'STUDIO_PENDING_CONFIRMATION',
  'STUDIO_CONFIRMED',
] as const;

export const bookingConfirmationModes = ['AUTO', 'STUDIO'] as const;
export type BookingConfirmationMode = (typeof bookingConfirmationModes)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/u);
/** A wall-clock time of day in Europe/Rome, "HH:mm" (00:00–24:00). */
const wallTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/u);

/** A readable public link: lowercase letters, digits and single dashes, 3–60 characters ("studio-rossi-fisioterapia"). */
export const bookingSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/u)
  .min(3)
  .max(60);

/** The studio's general booking settings (one row per studio). */
export const bookingSettingsSchema = z.object({
  enabled: z.boolean(),
  slug: bookingSlugSchema,
  /** How long before an appointment it can still be booked. */
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 60),
  /** How many days ahead a patient may book (1–365, decision 033's window). */
  horizonDays: z.number().int().min(1).max(365),
  /** Offered start times are this many minutes apart (5–120). */
  slotStepMinutes: z.number().int().min(5).max(120),
  /** Free minutes kept after (and before) each appointment of the staff member. */
  bufferMinutes: z.number().int().min(0).max(240),
  /** Until how many hours before the appointment the patient may cancel through the link. */
  cancelLimitHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  confirmationMode: z.enum(bookingConfirmationModes),
  /** Italian public holidays (calendar/holidays.ts) are closed unless the studio opens them. */
  closedOnHolidays: z.boolean(),
  /** Plain text shown on the public page (no markup: rendered as text, line breaks kept). */
  pageText: optionalText(2000, { multiline: true }),
  /** Websites allowed to embed the booking page in an iframe (CSP frame-ancestors), e.g. https://www.studiorossi.it */
  embedOrigins: z.array(z.url({ protocol: /^https?$/u }).max(200)).max(10),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** A service (product) as it can be booked online. */
export const bookingServiceSchema = z.object({
  productId: z.uuid(),
  bookable: z.boolean(),
  showPrice: z.boolean(),
  durationMinutes: z
    .number()
    .int()
    .min(5)
    .max(8 * 60),
  /** The staff members who give it (at least one when bookable). */
  staffMemberIds: z.array(z.uuid()).max(100),
  /** Rooms it can take place in: one of them must be free (empty: no room needed). */
  clinicRoomIds: z.array(z.uuid()).max(100),
  /** Devices it needs: all of them must be free. */
  medicalDeviceIds: z.array(z.uuid()).max(20),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;
export const bookingServiceInputSchema = bookingServiceSchema.omit({ productId: true });
export type BookingServiceInput = z.infer<typeof bookingServiceInputSchema>;

/** One working window of a weekday (1 = Monday … 7 = Sunday), in Europe/Rome wall time. */
export const bookingHoursSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  start: wallTime,
  end: wallTime,
});
export type BookingHours = z.infer<typeof bookingHoursSchema>;

/** A day off (CLOSED, whole day when start/end are absent, else those hours) or extra hours (OPEN) of one date. */
export const bookingExceptionSchema = z.object({
  date: isoDate,
  kind: z.enum(['CLOSED', 'OPEN']),
  start: wallTime.nullable(),
  end: wallTime.nullable(),
  note: optionalText(200),
});
export type BookingException = z.infer<typeof bookingExceptionSchema>;

export const bookingStaffInputSchema = z.object({
  hours: z.array(bookingHoursSchema).max(7 * 6),
  exceptions: z.array(bookingExceptionSchema).max(400),
});
export type BookingStaffInput = z.infer<typeof bookingStaffInputSchema>;

/**
 * The settings as stored and answered: the same fields without the input's transforms (trim, lower case, empty text
 * to null), since a response schema must encode both ways.
 */
const bookingSettingsValueSchema = bookingSettingsSchema.extend({
  slug: z.string(),
  pageText: z.string().nullable(),
  embedOrigins: z.array(z.string()),
});
const bookingExceptionValueSchema = bookingExceptionSchema.extend({ note: z.string().nullable() });

/** GET /settings/booking (and the answer of its PUTs) */
export const bookingSettingsAnswerSchema = z.object({
  settings: bookingSettingsValueSchema,
  /** The public page's address, built by the server from PUBLIC_URL: {PUBLIC_URL}/prenota/{slug}. */
  publicUrl: z.string(),
  services: z.array(bookingServiceSchema.extend({ name: z.string(), priceCents: z.number().int() })),
  staff: z.array(
    bookingStaffInputSchema.extend({
      exceptions: z.array(bookingExceptionValueSchema),
      memberId: z.uuid(),
      name: z.string(),
      lastname: z.string(),
    }),
  ),
});
export type BookingSettingsAnswer = z.infer<typeof bookingSettingsAnswerSchema>;

/**
 * The studio as a patient sees it (nothing a patient should not see): the public page's header, and the contacts the
 * booking's own page offers when it can no longer be cancelled online.
 */
export const publicStudioSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type PublicStudio = z.infer<typeof publicStudioSchema>;

/** GET /booking/:slug — the public page's studio. */
export const publicBookingPageSchema = z.object({
  studio: publicStudioSchema,
  pageText: z.string().nullable(),
  cancelLimitHours: z.number().int(),
  confirmationMode: z.enum(bookingConfirmationModes),
  services: z.array(
    z.object({
      productId: z.uuid(),
      name: z.string(),
      durationMinutes: z.number().int(),
      /** null when the studio does not show it. */
      priceCents: z.number().int().nullable(),
      staffMemberIds: z.array(z.uuid()),
    }),
  ),
  staff: z.array(z.object({ memberId: z.uuid(), displayName: z.string() })),
});
export type PublicBookingPage = z.infer<typeof publicBookingPageSchema>;

/** GET /booking/:slug/slots?productId=&staffMemberId=&from=&to= (staffMemberId absent: "chiunque"; to − from ≤ 31 days). */
export const bookingSlotsQuerySchema = z.object({
  productId: z.uuid(),
  staffMemberId: z.uuid().optional(),
  from: isoDate,
  to: isoDate,
});
export type BookingSlotsQuery = z.infer<typeof bookingSlotsQuerySchema>;

/** A free start time (ISO instant) and who is free then; the day groups by Europe/Rome date. */
export const bookingSlotSchema = z.object({ start: z.string(), staffMemberIds: z.array(z.uuid()).min(1) });
export type BookingSlot = z.infer<typeof bookingSlotSchema>;
export const bookingSlotsAnswerSchema = z.object({
  days: z.array(z.object({ date: isoDate, slots: z.array(bookingSlotSchema) })),
});
export type BookingSlotsAnswer = z.infer<typeof bookingSlotsAnswerSchema>;

/** The patient's data on the public page. */
export const bookingPatientSchema = z.object({
  nome: requiredText(100),
  cognome: requiredText(100),
  cellulare: requiredText(30),
  email: z.email().max(254),
  codiceFiscale: optionalText(16),
  note: optionalText(1000, { multiline: true }),
});
export type BookingPatient = z.infer<typeof bookingPatientSchema>;

/** POST /appointments/paziente/book/code — step 1: the request, answered 202 with a code sent by e-mail. */
export const bookingRequestInputSchema = z.object({
  slug: bookingSlugSchema,
  productId: z.uuid(),
  /** null: "chiunque", the server picks one free staff member. */
  staffMemberId: z.uuid().nullable(),
  start: z.iso.datetime({ offset: true }),
  patient: bookingPatientSchema,
  privacyAccepted: z.literal(true),
});
export type BookingRequestInput = z.infer<typeof bookingRequestInputSchema>;
export const bookingRequestAnswerSchema = z.object({
  requestId: z.uuid(),
  /** The address the code went to, masked ("m•••@esempio.it"). */
  sentTo: z.string(),
  /** The mobile the code also went to by SMS, masked ("•••• 567"): only while the studio has SMS credit. */
  smsSentTo: z.string().nullable(),
  expiresAt: z.string(),
});
export type BookingRequestAnswer = z.infer<typeof bookingRequestAnswerSchema>;

/** POST /appointments/paziente/book — step 2: the code confirms the request and makes the booking. */
export const bookingConfirmInputSchema = z.object({
  requestId: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/u),
});
export type BookingConfirmInput = z.infer<typeof bookingConfirmInputSchema>;

/** A booking as the patient sees it (confirmation screen and the cancellation page). */
export const publicBookingSchema = z.object({
  status: z.enum(reservationStatuses),
  /** The same studio as the public page's (name, logo, address, phone, e-mail). */
  studio: publicStudioSchema,
  serviceName: z.string(),
  staffDisplayName: z.string(),
  start: z.string(),
  end: z.string(),
  /** The link the patient cancels with (also in the e-mail), and the .ics download. */
  cancelUrl: z.string(),
  icsUrl: z.string(),
  /** Whether the cancellation limit still allows the patient to cancel. */
  cancellable: z.boolean(),
  /** The studio's limit: online cancellation ends this many hours before the start. */
  cancelLimitHours: z.number().int(),
  /** The last instant the patient can cancel online (start − cancelLimitHours, ISO instant). */
  cancelUntil: z.string(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/** 409 on a slot taken meanwhile: the envelope's data carries the next free slots of the same request. */
export const bookingConflictDataSchema = z.object({ nextSlots: z.array(bookingSlotSchema) });

/** GET /appointments/paziente/booking?token= and POST /appointments/paziente/cancel { token }. */
export const bookingTokenInputSchema = z.object({ token: z.string().min(20).max(200) });

/** A booking as the studio lists it (GET /bookings?status=…, "Prenotazioni da confermare"). */
export const studioBookingRowSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid().nullable(),
  status: z.enum(reservationStatuses),
  start: z.string(),
  end: z.string(),
  serviceName: z.string(),
  staffMemberId: z.uuid(),
  staffName: z.string(),
  pazienteId: z.uuid(),
  pazienteName: z.string(),
  newPatient: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
  cancelReason: z.string().nullable(),
  /**
   * "Da verificare" (issue 39 item 5): the fiscal code typed on the public page, kept on the booking and on no card,
   * because a card of another name or other contacts holds it, or because its letters are not those of the name.
   */
  identityCheck: z
    .object({
      reason: z.enum(['CODICE_FISCALE_IN_ALTRA_SCHEDA', 'CODICE_FISCALE_NON_CORRISPONDE']),
      codiceFiscale: z.string(),
      /** The card holding the code (its display name), for the first reason; null once deleted. */
      holderName: z.string().nullable(),
    })
    .nullable(),
});
export type StudioBookingRow = z.infer<typeof studioBookingRowSchema>;
export const studioBookingsQuerySchema = z.object({ status: z.enum(reservationStatuses).optional() });
export const studioBookingCancelInputSchema = z.object({ reason: optionalText(500, { multiline: true }) });

export const bookingTexts = {
  settingsTitle: 'Prenotazioni online',
  anyStaff: 'Chiunque',
  morning: 'Mattina',
  afternoon: 'Pomeriggio',
  pendingListTitle: 'Prenotazioni da confermare',
  addToCalendar: 'Aggiungi al calendario',
} as const;

/** Reserved slugs (routes of the app). */
export const reservedBookingSlugs = ['annulla', 'api', 'admin', 'studiolo'] as const;

export const bookingMaxSlotDays = 31;
export const bookingCodeMaxAttempts = 5;
export const bookingCodeValidityMinutes = 15;
