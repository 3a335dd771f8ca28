import { type CalendarEvent, defaultEventColor, eventColorOf } from '@studiolo/domain/calendar';
import type { EventBody } from './api/save-event.ts';
import { addDays, type IsoDay, romeDayOf, romeInstant, romeTimeOf } from './calendar-dates.ts';
import { presetOfRule, type RecurrencePreset, ruleOfPreset } from './recurrence-preset.ts';

/** The appointment dialog's values: days and times in Rome, as the person reads them. */
export type AppointmentValues = {
  summary: string;
  pazienteId: string | null;
  productId: string | null;
  startDay: IsoDay;
  startTime: string;
  endDay: IsoDay;
  endTime: string;
  allDay: boolean;
  calendarId: string | null;
  staffMemberId: string | null;
  clinicRoomId: string | null;
  serviceLocationId: string | null;
  medicalDeviceIds: string[];
  color: string;
  /** Euros, '' when none. */
  price: number | '';
  isPagato: boolean;
  note: string;
  recurrence: RecurrencePreset;
  /** A stored rule the presets cannot express, kept as it is unless the preset is changed. */
  customRule: string | null;
};

/** Texts of the appointment dialog (decided: the spec lists the fields, not their words). */
export const appointmentTexts = {
  newTitle: 'Nuovo appuntamento',
  editTitle: 'Modifica appuntamento',
  summary: 'Titolo',
  summaryHint: 'Scegliendo un paziente il titolo diventa il suo nome',
  patient: 'Paziente',
  service: 'Prestazione',
  servicePlaceholder: 'Scegli una prestazione',
  serviceHint: 'Imposta durata e prezzo',
  startDay: 'Data inizio',
  startTime: 'Ora inizio',
  endDay: 'Data fine',
  endTime: 'Ora fine',
  allDay: 'Tutto il giorno',
  calendar: 'Calendario',
  staff: 'Operatore',
  room: 'Stanza',
  location: 'Sede',
  devices: 'Dispositivi medici',
  color: 'Colore',
  price: 'Prezzo',
  paid: 'Pagato',
  note: 'Note',
  recurrence: 'Ripetizione',
  recurrenceEnd: 'Termina',
  until: 'Fino al',
  count: 'Numero di volte',
  save: 'Salva',
  create: 'Crea appuntamento',
  cancel: 'Annulla',
  delete: 'Elimina',
  markPaid: 'Segna come pagato',
  markUnpaid: 'Segna come non pagato',
  duplicateNextWeek: 'Duplica alla settimana successiva',
  writeDiary: 'Scrivi diario',
  invoiceToSettle: 'Fattura appuntamenti da saldare',
  required: 'Campo obbligatorio',
  endBeforeStart: "L'orario di fine deve essere successivo a quello di inizio",
  tooLong: 'Un appuntamento non può durare più di 7 giorni',
  untilRequired: 'Indica la data di fine della ripetizione',
  untilBeforeStart: 'La ripetizione deve finire dopo il primo appuntamento',
  countInvalid: 'Da 1 a 730 volte',
  none: 'Nessuno',
  externalReadOnly: 'Evento del calendario esterno: si modifica dal calendario esterno.',
  onlineBooking: 'Prenotazione online:',
  seriesNote: 'Le modifiche alla ripetizione valgono per questo evento e quelli successivi.',
} as const;

export type NewAppointmentDefaults = {
  start: Date;
  end: Date;
  allDay?: boolean;
  calendarId: string | null;
  staffMemberId?: string | null;
};

const hhmm = (d: Date) => romeTimeOf(d);

export const valuesForNew = (d: NewAppointmentDefaults): AppointmentValues => {
  // an all-day selection ends at the next midnight: the dialog shows the last day included
  const endDay = d.allDay ? addDays(romeDayOf(d.end), -1) : romeDayOf(d.end);
  return {
    summary: '',
    pazienteId: null,
    productId: null,
    startDay: romeDayOf(d.start),
    startTime: d.allDay ? '09:00' : hhmm(d.start),
    endDay: endDay < romeDayOf(d.start) ? romeDayOf(d.start) : endDay,
    endTime: d.allDay ? '10:00' : hhmm(d.end),
    allDay: Boolean(d.allDay),
    calendarId: d.calendarId,
    staffMemberId: d.staffMemberId ?? null,
    clinicRoomId: null,
    serviceLocationId: null,
    medicalDeviceIds: [],
    color: defaultEventColor.hex,
    price: '',
    isPagato: false,
    note: '',
    recurrence: presetOfRule(null),
    customRule: null,
  };
};

export const valuesOfEvent = (e: CalendarEvent): AppointmentValues => {
  const preset = presetOfRule(e.rrule);
  return {
    summary: e.summary,
    pazienteId: e.pazienteId,
    productId: e.productId,
    startDay: romeDayOf(e.start),
    startTime: hhmm(new Date(e.start)),
    endDay: e.allDay ? addDays(romeDayOf(e.end), -1) : romeDayOf(e.end),
    endTime: hhmm(new Date(e.end)),
    allDay: e.allDay,
    calendarId: e.calendarId,
    staffMemberId: e.staffMemberId,
    clinicRoomId: e.clinicRoomId,
    serviceLocationId: e.serviceLocationId,
    medicalDeviceIds: [...e.medicalDeviceIds],
    color: eventColorOf(e.color).hex,
    price: e.price ?? '',
    isPagato: e.isPagato,
    note: e.note ?? '',
    recurrence: { frequency: preset.frequency, end: preset.end, until: preset.until, count: preset.count },
    customRule: preset.custom,
  };
};

/** The instants the values stand for (an all-day appointment runs from midnight to the midnight after its last day). */
export const instantsOf = (v: Pick<AppointmentValues, 'startDay' | 'startTime' | 'endDay' | 'endTime' | 'allDay'>) =>
  v.allDay
    ? { start: romeInstant(v.startDay, '00:00'), end: romeInstant(addDays(v.endDay, 1), '00:00') }
    : { start: romeInstant(v.startDay, v.startTime), end: romeInstant(v.endDay, v.endTime) };

/** The end after a service's duration from the start (the end day follows past midnight). */
export const endAfter = (v: Pick<AppointmentValues, 'startDay' | 'startTime'>, minutes: number) => {
  const end = new Date(romeInstant(v.startDay, v.startTime).getTime() + minutes * 60_000);
  return { endDay: romeDayOf(end), endTime: romeTimeOf(end) };
};

/** Minutes an appointment lasts when its end does not follow its start (no service and the end before the start). */
const fallbackMinutes = 60;

/**
 * The end once the start time is moved, keeping the length: the chosen service's duration where there is one,
 * otherwise the length the appointment had (issue 26 item 5: "Ora fine" follows "Ora inizio").
 */
export const endFollowingStart = (
  before: Pick<AppointmentValues, 'startDay' | 'startTime' | 'endDay' | 'endTime'>,
  startTime: string,
  serviceMinutes: number | null,
) => {
  let minutes = serviceMinutes ?? fallbackMinutes;
  if (serviceMinutes === null && isTime(before.startTime) && isTime(before.endTime)) {
    const { start, end } = instantsOf({ ...before, allDay: false });
    const length = (end.getTime() - start.getTime()) / 60_000;
    if (length > 0) minutes = length;
  }
  return endAfter({ startDay: before.startDay, startTime }, minutes);
};

export type AppointmentErrors = Partial<
  Record<'summary' | 'calendarId' | 'startTime' | 'endTime' | 'until' | 'count', string>
>;

const isTime = (t: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t);
const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);

export const validateAppointment = (v: AppointmentValues): AppointmentErrors => {
  const errors: AppointmentErrors = {};
  if (!v.summary.trim()) errors.summary = appointmentTexts.required;
  if (!v.calendarId) errors.calendarId = appointmentTexts.required;
  if (!v.allDay && !isTime(v.startTime)) errors.startTime = appointmentTexts.required;
  if (!v.allDay && !isTime(v.endTime)) errors.endTime = appointmentTexts.required;
  if (!isDay(v.startDay) || !isDay(v.endDay)) errors.endTime = appointmentTexts.required;
  if (errors.startTime || errors.endTime) return errors;
  const { start, end } = instantsOf(v);
  if (end.getTime() <= start.getTime()) errors.endTime = appointmentTexts.endBeforeStart;
  else if (end.getTime() - start.getTime() > 7 * 86_400_000) errors.endTime = appointmentTexts.tooLong;
  const r = v.recurrence;
  if (r.frequency !== 'NONE' && r.end === 'UNTIL') {
    if (!r.until) errors.until = appointmentTexts.untilRequired;
    else if (r.until < v.startDay) errors.until = appointmentTexts.untilBeforeStart;
  }
  if (r.frequency !== 'NONE' && r.end === 'COUNT' && !(Number.isInteger(r.count) && r.count >= 1 && r.count <= 730))
    errors.count = appointmentTexts.countInvalid;
  return errors;
};

/** The rule the values ask for: the preset's, or the stored rule the presets could not express, kept. */
export const ruleOfValues = (v: Pick<AppointmentValues, 'recurrence' | 'customRule'>) =>
  v.customRule ?? ruleOfPreset(v.recurrence);

/** POST /events body of the values (also the base of PUT /events). */
export const bodyOfValues = (v: AppointmentValues): EventBody => {
  const { start, end } = instantsOf(v);
  return {
    calendarId: v.calendarId ?? '',
    summary: v.summary.trim(),
    start: start.toISOString(),
    end: end.toISOString(),
    allDay: v.allDay,
    rrule: ruleOfValues(v),
    color: v.color as EventBody['color'],
    pazienteId: v.pazienteId,
    staffMemberId: v.staffMemberId,
    clinicRoomId: v.clinicRoomId,
    serviceLocationId: v.serviceLocationId,
    medicalDeviceIds: v.medicalDeviceIds,
    productId: v.productId,
    price: v.price === '' ? null : v.price,
    isPagato: v.isPagato,
    note: v.note.trim() || null,
  };
};

/** PUT /events body of an appointment as it is, moved to new times (drag and drop, resize). */
export const bodyOfMovedEvent = (e: CalendarEvent, start: Date, end: Date, allDay: boolean): EventBody => ({
  calendarId: e.calendarId ?? '',
  summary: e.summary,
  start: start.toISOString(),
  end: end.toISOString(),
  allDay,
  // an occurrence's rule is the series' (sent as null, the server keeps the rest of the series as it is)
  rrule: /_\d{8}T\d{6}Z$/.test(e.id) ? null : e.rrule,
  color: eventColorOf(e.color).hex,
  pazienteId: e.pazienteId,
  staffMemberId: e.staffMemberId,
  clinicRoomId: e.clinicRoomId,
  serviceLocationId: e.serviceLocationId,
  medicalDeviceIds: e.medicalDeviceIds,
  productId: e.productId,
  price: e.price,
  isPagato: e.isPagato,
  note: e.note,
});
