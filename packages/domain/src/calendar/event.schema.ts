import { reservationStatuses } from '../booking/booking.schema.ts';
import { euroAmountSchema } from '../shared/money.ts';
import { optionalText, requiredText } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { bulkRangeMaxDays, calendarMessages as m } from './calendar.messages.ts';
import { eventColorHexes } from './palette.ts';
import { checkRecurrenceRule } from './recurrence.ts';

/** spec part 1 §3: ids starting with this marker belong to the external (Google) calendar. */
export const externalEventIdMarker = 'gcal-';
export const updateEventOptions = ['SINGLE', 'AFTER'] as const;
export type UpdateEventOption = (typeof updateEventOptions)[number];
export const deleteEventOptions = ['ALL', 'SINGLE', 'AFTER'] as const;
export type DeleteEventOption = (typeof deleteEventOptions)[number];

const isoInstant = z.iso.datetime({ offset: true, error: m.dateInvalid }).transform((v) => new Date(v));
const apiDate = z.iso.date({ error: m.dateInvalid });

const eventFields = {
  calendarId: z.uuid(),
  summary: requiredText(200),
  start: isoInstant,
  end: isoInstant,
  allDay: z.boolean().default(false),
  rrule: z
    .string()
    .max(300)
    .nullish()
    .transform((v) => v?.trim().replace(/^RRULE:/i, '') || null)
    .refine((v) => v === null || checkRecurrenceRule(v).ok, {
      error: (issue) => {
        const check = checkRecurrenceRule(String(issue.input ?? ''));
        return check.ok ? 'Regola di ricorrenza non valida' : check.reason;
      },
    }),
  color: z.enum(eventColorHexes).nullish(),
  pazienteId: z.uuid().nullish(),
  staffMemberId: z.uuid().nullish(),
  clinicRoomId: z.uuid().nullish(),
  serviceLocationId: z.uuid().nullish(),
  medicalDeviceIds: z.array(z.uuid()).max(20).default([]),
  productId: z.uuid().nullish(),
  price: euroAmountSchema(m.priceInvalid).nullish(),
  isPagato: z.boolean().default(false),
  note: optionalText(4000, { multiline: true }),
};

const endAfterStart = (e: { start: Date; end: Date }, ctx: z.core.$RefinementCtx) => {
  // zod still runs this when a date failed its own check (the field then holds the raw input)
  if (!(e.start instanceof Date) || !(e.end instanceof Date)) return;
  if (e.end.getTime() <= e.start.getTime()) ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['end'] });
  // one appointment spans at most a week (an all-day block across a few days is fine)
  else if (e.end.getTime() - e.start.getTime() > 7 * 86_400_000)
    ctx.addIssue({ code: 'custom', message: 'Un appuntamento non può durare più di 7 giorni', path: ['end'] });
};

/** POST /events. */
export const eventInputSchema = z.object(eventFields).superRefine(endAfterStart);
export type EventInput = z.input<typeof eventInputSchema>;
export type EventData = z.output<typeof eventInputSchema>;

/**
 * PUT /events: the event (or one occurrence of a series, by its occurrence id) with the new data. For an occurrence,
 * updateEventOption says whether only it changes (SINGLE) or it and the following ones (AFTER).
 */
export const eventUpdateSchema = z
  .object({ id: z.string().min(1).max(80), updateEventOption: z.enum(updateEventOptions).nullish(), ...eventFields })
  .superRefine(endAfterStart);
export type EventUpdate = z.output<typeof eventUpdateSchema>;

/** An event as the API answers it: a single appointment or one occurrence of a series (spec part 1 §3). */
export const eventSchema = z.object({
  id: z.string(),
  /** For an occurrence: the series it belongs to, and where the series put it before any change. */
  seriesId: z.string().nullable(),
  originalStart: z.string().nullable(),
  studioId: z.uuid(),
  calendarId: z.uuid().nullable(),
  summary: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  rrule: z.string().nullable(),
  color: z.string(),
  googleColorId: z.string().nullable(),
  googleCalendarId: z.string().nullable(),
  googleEventOwner: z.string().nullable(),
  pazienteId: z.uuid().nullable(),
  pazienteName: z.string().nullable(),
  paziente: z.object({ id: z.uuid(), nomeCompleto: z.string(), tags: z.array(z.string()) }).nullable(),
  staffMemberId: z.uuid().nullable(),
  clinicRoomId: z.uuid().nullable(),
  serviceLocationId: z.uuid().nullable(),
  medicalDeviceIds: z.array(z.uuid()),
  productId: z.uuid().nullable(),
  price: z.number().nullable(),
  isPagato: z.boolean(),
  note: z.string().nullable(),
  linkedDocumentoContabileId: z.string().nullable(),
  linkedDocumentoContabileIdDocumento: z.string().nullable(),
  /** An appointment booked online (decision 035): its reservation status, shown as a badge with its label. */
  reservationStatus: z.enum(reservationStatuses).nullish(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

const idList = (item: z.ZodType<string, string>) =>
  z
    .union([z.string().max(4000), z.array(z.string().max(100)).max(100)])
    .optional()
    .transform((v) =>
      v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean),
    )
    .pipe(z.array(item).max(100));

const rangeDays = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000;

/** A date range of the API (YYYY-MM-DD, end inclusive), at most `maxDays` long. */
const checkRange = (maxDays: number) => (q: { start: string; end: string }, ctx: z.core.$RefinementCtx) => {
  if (q.end < q.start) ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['end'] });
  else if (rangeDays(q.start, q.end) > maxDays)
    ctx.addIssue({ code: 'custom', message: m.rangeTooLong, path: ['end'] });
};

/** GET /events (spec part 1 §7): the window and every filter; empty filters mean all. */
export const eventsQuerySchema = z
  .object({
    studioId: z.uuid().optional(),
    start: apiDate,
    end: apiDate,
    calendarIds: idList(z.uuid()),
    gcalendarIds: idList(z.string().max(200)),
    staffMembersIds: idList(z.uuid()),
    tagIds: idList(z.string().max(40)),
    colors: idList(z.string().regex(/^#[0-9A-Fa-f]{6}$/)),
    medicalDeviceIds: idList(z.uuid()),
    pazienteIds: idList(z.uuid()),
  })
  .superRefine(checkRange(bulkRangeMaxDays + 1));
export type EventsQuery = z.output<typeof eventsQuerySchema>;

/** DELETE /events/bulk and GET /data-exporter/events: a range of at most 365 days, optionally some patients. */
export const eventsRangeQuerySchema = z
  .object({
    studioId: z.uuid().optional(),
    start: apiDate,
    end: apiDate,
    pazienteIds: idList(z.uuid()),
  })
  .superRefine(checkRange(bulkRangeMaxDays));
export type EventsRangeQuery = z.output<typeof eventsRangeQuerySchema>;

export const eventPaidInputSchema = z.object({ eventId: z.string().min(1).max(80), isPagato: z.boolean() });
export const deleteRecurQuerySchema = z.object({ deleteEventOption: z.enum(deleteEventOptions) });

/** POST /events/duplicate: copies of events (an occurrence's copy stands alone) at the given times. */
export const eventDuplicateInputSchema = z.object({
  events: z
    .array(z.object({ id: z.string().min(1).max(80), start: isoInstant, end: isoInstant }).superRefine(endAfterStart))
    .min(1)
    .max(100),
});

export const appointmentsToPaySorts = [
  'appuntamentiDaSaldare',
  'importoDaSaldare',
  'ultimoAppuntamento',
  'paziente',
] as const;

/** GET /events/appointments-to-pay: patients with past appointments neither paid nor invoiced. */
export const appointmentsToPayQuerySchema = z.object({
  studioId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
  sortBy: z.enum(appointmentsToPaySorts).default('appuntamentiDaSaldare'),
});

export const appointmentsToPayRowSchema = z.object({
  paziente: z.object({ id: z.uuid(), nomeCompleto: z.string() }),
  appuntamentiDaSaldare: z.number().int(),
  importoDaSaldare: z.number(),
  ultimoAppuntamento: z.string(),
});
export const appointmentsToPayPageSchema = z.object({
  content: z.array(appointmentsToPayRowSchema),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type AppointmentsToPayPage = z.infer<typeof appointmentsToPayPageSchema>;
