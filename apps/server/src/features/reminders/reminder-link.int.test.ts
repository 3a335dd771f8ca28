import { Writable } from 'node:stream';
import type { BookingSlotsAnswer } from '@studiolo/domain/booking';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { AppointmentReminder, ReminderAppointment } from '@studiolo/domain/reminders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingPatient,
  bookingRequestBody,
  confirmCode,
  lastBookingCode,
  openBookingStudio,
  requestCode,
} from '../../../test/helpers/booking.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { type ReminderStudio, studioWithReminders as withReminders } from '../../../test/helpers/reminders.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { patientLinkTokenOf } from '../../shared/patient-link.ts';
import { planStudioReminders, sendReminder } from './reminders.service.ts';

/**
 * The patient's confirm/cancel link of a reminder (decision 036 "The patient's link"), with a controllable clock
 * (deps.now): Wednesday 10 March 2027, 10:00 in Rome. Each test sends its reminder itself and reads the link from the
 * studio's local SMS outbox (or the e-mail), as the patient would from the message.
 */
let clock = Date.parse('2027-03-10T09:00:00.000Z');
let t: TestApp;
/** Everything the server logs, at trace level: the patient's link must never be in it. */
const captured: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    captured.push(String(chunk));
    cb();
  },
});

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock), logger: { level: 'trace', stream: sink } });
  t.deps.jobs.send = async () => undefined; // each test runs the send itself
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = Date.parse('2027-03-10T09:00:00.000Z');
});

type Studio = ReminderStudio;
/** Reminders on with 10 credits and a text with the patient's link. */
const studioWithReminders = (
  opts: { text?: string; patient?: NonNullable<Parameters<typeof withReminders>[1]>['patient'] } = {},
) =>
  withReminders(t.app, {
    credit: 10,
    patient: opts.patient,
    settings: { text: opts.text ?? '{nome}, appuntamento il {data} alle {ora}. Conferma o annulla: {link}' },
  });

const appointment = (s: Studio, start: string, extra: Record<string, unknown> = {}) =>
  apiOk<CalendarEvent>(t.app, {
    method: 'POST',
    url: '/events',
    token: s.owner.token,
    body: {
      calendarId: s.calendarId,
      summary: 'Seduta',
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      pazienteId: s.pazienteId,
      ...extra,
    },
  });

/** Plans, moves the clock to the send time and sends the studio's first reminder. @returns its link's token. */
const remind = async (s: Studio) => {
  await planStudioReminders(t.deps, s.owner.studioId);
  const [row] = await rowsOf<{ id: string; send_at: string }>(
    t.deps.db,
    `select id, send_at from appointment_reminders where studio_id = '${s.owner.studioId}' and state = 'SCHEDULED' order by start_at limit 1`,
  );
  clock = Date.parse(new Date(row?.send_at as string).toISOString());
  expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
  const [sms] = await rowsOf<{ text: string }>(
    t.deps.db,
    `select text from sms_messages where studio_id = '${s.owner.studioId}' order by created_at desc limit 1`,
  );
  const match = /\/appuntamento\?t=([A-Za-z0-9_-]+)/u.exec(sms?.text ?? '');
  expect(match, sms?.text).not.toBeNull();
  return { token: match?.[1] as string, reminderId: row?.id as string };
};

const view = (token: string) =>
  api<ReminderAppointment>(t.app, { method: 'GET', url: '/appointments/paziente/promemoria', query: { token } });
const act = (action: 'conferma' | 'annulla', token: string) =>
  api<ReminderAppointment>(t.app, {
    method: 'POST',
    url: `/appointments/paziente/promemoria/${action}`,
    body: { token },
  });
const remindersShown = (s: Studio, eventId: string) =>
  apiOk<AppointmentReminder[]>(t.app, { method: 'GET', url: `/events/${eventId}/reminders`, token: s.owner.token });
const eventsOn = (s: Studio, start: string, end: string) =>
  apiOk<CalendarEvent[]>(t.app, { method: 'GET', url: '/events', token: s.owner.token, query: { start, end } });
const mailsOf = (s: Studio) =>
  rowsOf<{ to: string; subject: string; text: string; eml_path: string | null }>(
    t.deps.db,
    `select "to", subject, text, eml_path from mail_messages where studio_id = '${s.owner.studioId}' order by created_at`,
  );
const answerOf = (r: { body: unknown }) => (r.body as { answer: string }).answer;

describe("the patient's link", () => {
  it('shows the appointment and records the confirmation once, shown on the appointment', async () => {
    const s = await studioWithReminders();
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token } = await remind(s);
    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(shown.body.response).toMatchObject({
      start: '2027-03-11T15:00:00.000Z',
      confirmable: true,
      cancellable: true,
      confirmedAt: null,
      cancelled: false,
    });
    const confirmed = await act('conferma', token);
    expect(confirmed.status).toBe(200);
    expect(answerOf(confirmed)).toBe('Appuntamento confermato: grazie, lo studio ti aspetta');
    expect(confirmed.body.response).toMatchObject({ confirmable: false, confirmedAt: new Date(clock).toISOString() });
    const [reminder] = await remindersShown(s, e.id);
    expect(reminder).toMatchObject({ state: 'SENT', confirmedAt: new Date(clock).toISOString(), cancelledAt: null });
    // used twice: 409, nothing changed
    const again = await act('conferma', token);
    expect(again.status).toBe(409);
    expect(answerOf(again)).toBe('Hai già confermato questo appuntamento');
    expect((await remindersShown(s, e.id))[0]?.confirmedAt).toBe(reminder?.confirmedAt);
  });

  it('cancels the appointment once, tells the studio, and refuses a second cancel or a confirmation after', async () => {
    const s = await studioWithReminders();
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token } = await remind(s);
    const cancelled = await act('annulla', token);
    expect(cancelled.status).toBe(200);
    expect(answerOf(cancelled)).toBe('Appuntamento annullato: lo studio è stato avvisato');
    expect(cancelled.body.response).toMatchObject({ cancelled: true, cancellable: false, confirmable: false });
    expect(await eventsOn(s, '2027-03-11', '2027-03-11')).toHaveLength(0);
    // the studio's e-mail, in its mail log; the patient's link is in no mail of the log
    const mails = await mailsOf(s);
    const notice = mails.find((m) => m.subject.startsWith('Appuntamento annullato dal paziente'));
    expect(notice?.text).toContain('Giulia Verdi');
    expect(notice?.text).toContain('11 marzo 2027');
    for (const m of mails) expect(`${m.subject} ${m.text}`).not.toContain(token);
    // the reminder keeps the cancellation (the event is gone, the reminder row stays)
    const [row] = await rowsOf<{ cancelled_at: string | null }>(
      t.deps.db,
      `select cancelled_at from appointment_reminders where studio_id = '${s.owner.studioId}'`,
    );
    expect(row?.cancelled_at).not.toBeNull();
    const twice = await act('annulla', token);
    expect(twice.status).toBe(409);
    expect(answerOf(twice)).toBe('Questo appuntamento è già stato annullato');
    expect((await act('conferma', token)).status).toBe(409);
    // the page still says what happened
    expect((await view(token)).body.response).toMatchObject({ cancelled: true });
    const audit = await rowsOf<{ action: string; actor_user_id: string | null }>(
      t.deps.db,
      `select action, actor_user_id from audit_events where studio_id = '${s.owner.studioId}' and action in ('reminder.cancel', 'event.delete')`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['event.delete', 'reminder.cancel']);
    expect(audit.every((a) => a.actor_user_id === null)).toBe(true);
    void e;
  });

  it('refuses a forged token, and one signed for another purpose, with 404 and nothing changed', async () => {
    const s = await studioWithReminders();
    await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token, reminderId } = await remind(s);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPurpose = patientLinkTokenOf(t.deps, 'booking-cancel', { r: reminderId });
    for (const bad of [forged, otherPurpose, 'x'.repeat(43)]) {
      for (const r of [await view(bad), await act('conferma', bad), await act('annulla', bad)]) {
        expect(r.status).toBe(404);
        expect(answerOf(r)).toBe('Link non valido: controlla di averlo copiato per intero dal messaggio ricevuto');
      }
    }
    expect(
      (await api(t.app, { method: 'GET', url: '/appointments/paziente/promemoria', query: { token: 'corto' } })).status,
    ).toBe(400);
    expect(await eventsOn(s, '2027-03-11', '2027-03-11')).toHaveLength(1);
    expect((await view(token)).body.response).toMatchObject({ confirmedAt: null, cancelled: false });
  });

  it('expires when the appointment starts: 409, nothing changed', async () => {
    const s = await studioWithReminders();
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token } = await remind(s);
    clock = Date.parse('2027-03-11T15:00:00.000Z');
    for (const r of [await view(token), await act('conferma', token), await act('annulla', token)]) {
      expect(r.status).toBe(409);
      expect(answerOf(r)).toContain('Il link è scaduto');
    }
    expect(await eventsOn(s, '2027-03-11', '2027-03-11')).toHaveLength(1);
    expect((await remindersShown(s, e.id))[0]).toMatchObject({ confirmedAt: null, cancelledAt: null });
  });

  it('follows the appointment when the studio moves it: the new time, and a confirmation given before asked again', async () => {
    const s = await studioWithReminders();
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token } = await remind(s);
    expect((await act('conferma', token)).status).toBe(200);
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events',
      token: s.owner.token,
      body: {
        id: e.id,
        calendarId: s.calendarId,
        summary: 'Seduta',
        start: '2027-03-12T08:00:00.000Z',
        end: '2027-03-12T09:00:00.000Z',
        pazienteId: s.pazienteId,
      },
    });
    // the patient confirmed Thursday 16:00, not Friday 09:00: the page and the calendar say so, and ask again
    expect((await view(token)).body.response).toMatchObject({
      start: '2027-03-12T08:00:00.000Z',
      confirmedAt: null,
      confirmedPreviousStart: '2027-03-11T15:00:00.000Z',
      confirmable: true,
    });
    expect((await remindersShown(s, e.id))[0]).toMatchObject({
      confirmedAt: null,
      confirmedPreviousStart: '2027-03-11T15:00:00.000Z',
    });
    clock += 60_000;
    const again = await act('conferma', token);
    expect(again.status).toBe(200);
    expect(again.body.response).toMatchObject({
      confirmedAt: new Date(clock).toISOString(),
      confirmedPreviousStart: null,
      confirmable: false,
    });
    expect((await remindersShown(s, e.id))[0]).toMatchObject({
      confirmedAt: new Date(clock).toISOString(),
      confirmedPreviousStart: null,
    });
    expect((await act('conferma', token)).status).toBe(409);
  });

  it('cancels only its occurrence of a series', async () => {
    const s = await studioWithReminders();
    const series = await appointment(s, '2027-03-11T10:00:00.000Z', { rrule: 'FREQ=DAILY;COUNT=5' });
    const { token } = await remind(s);
    expect((await act('annulla', token)).status).toBe(200);
    const left = await eventsOn(s, '2027-03-10', '2027-03-20');
    expect(left.map((x) => x.start)).toEqual([
      '2027-03-12T10:00:00.000Z',
      '2027-03-13T10:00:00.000Z',
      '2027-03-14T10:00:00.000Z',
      '2027-03-15T10:00:00.000Z',
    ]);
    expect(left.every((x) => x.seriesId === series.id)).toBe(true);
    expect((await act('annulla', token)).status).toBe(409);
  });

  it('confirms an occurrence of a series that the studio edited alone', async () => {
    const s = await studioWithReminders();
    const series = await appointment(s, '2027-03-11T10:00:00.000Z', { rrule: 'FREQ=DAILY;COUNT=5' });
    const { token } = await remind(s);
    const occurrence = `${series.id}_20270311T100000Z`;
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events',
      token: s.owner.token,
      body: {
        id: occurrence,
        updateEventOption: 'SINGLE',
        calendarId: s.calendarId,
        summary: 'Spostata',
        start: '2027-03-11T12:00:00.000Z',
        end: '2027-03-11T13:00:00.000Z',
        pazienteId: s.pazienteId,
      },
    });
    const confirmed = await act('conferma', token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.response).toMatchObject({ start: '2027-03-11T12:00:00.000Z' });
    const shown = await remindersShown(s, occurrence);
    expect(shown.find((r) => r.state === 'SENT')?.confirmedAt).not.toBeNull();
  });

  it('carries the link in an e-mail reminder, never in the mail log', async () => {
    const s = await studioWithReminders({
      text: 'Gentile {nome}, a domani alle {ora}.',
      patient: { contatti: { cellulare: null, telefono: null, email: 'paziente@example.it', pec: null } },
    });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await rowsOf<{ id: string; send_at: string }>(
      t.deps.db,
      `select id, send_at from appointment_reminders where studio_id = '${s.owner.studioId}'`,
    );
    clock = Date.parse(new Date(row?.send_at as string).toISOString());
    expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
    const [mail] = await mailsOf(s);
    expect(mail?.text).toContain("Per confermare o annullare l'appuntamento: [link personale del destinatario");
    expect(mail?.text).not.toContain('/appuntamento?t=');
    expect(mail?.eml_path).toBeNull();
  });

  it("cancels an online booking through the booking's own cancellation, and its limit", async () => {
    const bookedAt = async (cancelLimitHours: number) => {
      const s = await studioWithReminders();
      const b = await openBookingStudio(t.app, s.owner, { confirmationMode: 'AUTO', cancelLimitHours });
      const slots = await apiOk<BookingSlotsAnswer>(t.app, {
        method: 'GET',
        url: `/booking/${b.slug}/slots`,
        query: { productId: b.productId, from: '2027-03-11', to: '2027-03-11' },
      });
      const start = '2027-03-11T15:00:00.000Z';
      expect(slots.days.flatMap((d) => d.slots.map((x) => x.start))).toContain(start);
      const patient = bookingPatient();
      const req = await requestCode(t.app, bookingRequestBody(b, start, patient));
      expect(req.status).toBe(202);
      const made = await confirmCode(
        t.app,
        req.body.response?.requestId as string,
        await lastBookingCode(t.app, patient.email),
      );
      expect(made.status).toBe(201);
      return { s, ...(await remind(s)) };
    };
    // 12 hours' limit, reminded 24 hours before: the booking is cancelled as its own link would
    const a = await bookedAt(12);
    expect((await view(a.token)).body.response).toMatchObject({ cancellable: true, cancelLimitHours: 12 });
    expect((await act('annulla', a.token)).status).toBe(200);
    const [booking] = await rowsOf<{ status: string; event_id: string | null }>(
      t.deps.db,
      `select status, event_id from bookings where studio_id = '${a.s.owner.studioId}'`,
    );
    expect(booking).toEqual({ status: 'CUSTOMER_CANCELLED', event_id: null });
    expect((await mailsOf(a.s)).some((m) => m.subject.includes('annullat'))).toBe(true);
    expect((await act('annulla', a.token)).status).toBe(409);
    // 48 hours' limit: too late online, 409 and nothing changed
    const late = await bookedAt(48);
    expect((await view(late.token)).body.response).toMatchObject({ cancellable: false, cancelLimitHours: 48 });
    const refused = await act('annulla', late.token);
    expect(refused.status).toBe(409);
    expect(answerOf(refused)).toContain('contatta lo studio');
    expect(await eventsOn(late.s, '2027-03-11', '2027-03-11')).toHaveLength(1);
    expect((await act('conferma', late.token)).status).toBe(200);
  });

  it('never writes the link to the log, whatever the answer', async () => {
    const s = await studioWithReminders();
    await appointment(s, '2027-03-11T15:00:00.000Z');
    const { token } = await remind(s);
    captured.length = 0;
    await view(token);
    await act('conferma', token);
    await act('conferma', token); // 409
    await act('annulla', token);
    await act('annulla', token); // 409
    const log = captured.join('');
    expect(log).toContain('/appointments/paziente/promemoria');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});
