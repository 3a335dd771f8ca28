import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { AppointmentReminder, ReminderSettingsAnswer } from '@studiolo/domain/reminders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { type ReminderStudio, studioWithReminders as withReminders } from '../../../test/helpers/reminders.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { smsCreditBalance } from '../sms-credit/sms-credit.service.ts';
import { remindersRepository } from './reminders.repository.ts';
import { claimTakeoverMs, planStudioReminders, runReminderPass, sendReminder } from './reminders.service.ts';

/**
 * Reminders with a controllable clock (deps.now): Wednesday 10 March 2027, 10:00 in Rome (09:00 UTC). The jobs the
 * planner queues are recorded, not run: each test runs the send job itself (sendReminder), at the time it chooses.
 */
let clock = Date.parse('2027-03-10T09:00:00.000Z');
let t: TestApp;
const queued: { name: string; data: { reminderId: string }; singletonKey?: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock) });
  t.deps.jobs.send = async (name, data, options) => {
    queued.push({ name, data: data as { reminderId: string }, singletonKey: options?.singletonKey });
  };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = Date.parse('2027-03-10T09:00:00.000Z');
  queued.length = 0;
});

type Studio = ReminderStudio;
const studioWithReminders = (opts: Parameters<typeof withReminders>[1] = {}) => withReminders(t.app, opts);

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

type Row = {
  id: string;
  state: string;
  reason: string | null;
  send_at: string;
  start_at: string;
  channel: string | null;
};
const remindersOf = (s: Studio) =>
  rowsOf<Row>(
    t.deps.db,
    `select id, state, reason, send_at, start_at, channel from appointment_reminders where studio_id = '${s.owner.studioId}' order by created_at, start_at`,
  );
const iso = (v: string | Date) => new Date(v).toISOString();
const repoMarkProviderCall = (id: string, claimId: string) =>
  remindersRepository.unsafeMarkProviderCall(t.deps.db, id, claimId, new Date(clock));

const smsCount = async (s: Studio) =>
  Number(
    (
      await rowsOf<{ n: string }>(
        t.deps.db,
        `select count(*) as n from sms_messages where studio_id = '${s.owner.studioId}'`,
      )
    )[0]?.n,
  );

describe('planning', () => {
  it('schedules one reminder and one job for a new appointment, 24 hours before it', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    const planned = await planStudioReminders(t.deps, s.owner.studioId);
    expect(planned).toHaveLength(1);
    const rows = await remindersOf(s);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'SCHEDULED' });
    expect(iso(rows[0]?.send_at as string)).toBe('2027-03-10T15:00:00.000Z');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.singletonKey).toContain(e.id);
    // planned again with nothing changed: no second row, no second job
    await planStudioReminders(t.deps, s.owner.studioId);
    expect(await remindersOf(s)).toHaveLength(1);
    expect(queued).toHaveLength(1);
  });

  it('gives none for a past appointment, one without a patient, or one beyond the window', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-10T07:00:00.000Z');
    await appointment(s, '2027-03-11T15:00:00.000Z', { pazienteId: null });
    await appointment(s, '2027-03-20T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    expect(await remindersOf(s)).toHaveLength(0);
  });

  it('moves the reminder with its appointment (a new row and job; the old one cancelled)', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [old] = await remindersOf(s);
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events',
      token: s.owner.token,
      body: {
        id: e.id,
        calendarId: s.calendarId,
        summary: 'Seduta',
        start: '2027-03-11T16:00:00.000Z',
        end: '2027-03-11T17:00:00.000Z',
        pazienteId: s.pazienteId,
      },
    });
    await runReminderPass(t.deps); // the calendar's version moved: the pass plans the studio again
    const rows = await remindersOf(s);
    expect(rows.map((r) => r.state)).toEqual(['CANCELLED', 'SCHEDULED']);
    expect(iso(rows[1]?.send_at as string)).toBe('2027-03-10T16:00:00.000Z');
    expect(queued).toHaveLength(2);
    // the old row's job, run at its time, sends nothing
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    expect(await sendReminder(t.deps, old?.id as string)).toBe('skipped');
    expect(await smsCount(s)).toBe(0);
  });

  it('cancels the reminder of a deleted appointment, and its job sends nothing', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    await apiOk(t.app, { method: 'DELETE', url: `/events/${e.id}`, token: s.owner.token });
    // the job comes before the planner has seen the deletion: it checks the calendar itself
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    const [row] = await remindersOf(s);
    expect(await sendReminder(t.deps, row?.id as string)).toBe('cancelled');
    expect((await remindersOf(s))[0]?.state).toBe('CANCELLED');
    expect(await smsCount(s)).toBe(0);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(10);
  });

  it('follows a series: an occurrence edited alone gets its own reminder, one removed loses it', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const series = await appointment(s, '2027-03-11T10:00:00.000Z', { rrule: 'FREQ=DAILY;COUNT=5' });
    await planStudioReminders(t.deps, s.owner.studioId);
    let rows = await remindersOf(s);
    // 11 March 10:00 UTC is in the 49-hour window (12 March 10:00 UTC is its end)
    expect(rows.map((r) => [iso(r.start_at), r.state])).toEqual([['2027-03-11T10:00:00.000Z', 'SCHEDULED']]);
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
    await planStudioReminders(t.deps, s.owner.studioId);
    rows = await remindersOf(s);
    expect(rows.map((r) => [iso(r.start_at), r.state])).toEqual([
      ['2027-03-11T10:00:00.000Z', 'CANCELLED'],
      ['2027-03-11T12:00:00.000Z', 'SCHEDULED'],
    ]);
    // the dialog asks by the calendar's id of the occurrence (the exception's own id after the edit)
    const shown = await apiOk<AppointmentReminder[]>(t.app, {
      method: 'GET',
      url: `/events/${occurrence}/reminders`,
      token: s.owner.token,
    });
    expect(shown.map((r) => r.state)).toEqual(['SCHEDULED', 'CANCELLED']);
    await apiOk(t.app, {
      method: 'DELETE',
      url: `/events/recur/${occurrence}`,
      token: s.owner.token,
      query: { deleteEventOption: 'SINGLE' },
    });
    await planStudioReminders(t.deps, s.owner.studioId);
    rows = await remindersOf(s);
    expect(rows.map((r) => r.state)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});

describe('sending', () => {
  it('sends the SMS once at its time, taking one credit per segment, and never again for that occurrence', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await remindersOf(s);
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped'); // too early
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    expect(await smsCount(s)).toBe(1);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(9);
    const [sms] = await rowsOf<{ text: string; to: string }>(
      t.deps.db,
      `select text, "to" from sms_messages where studio_id = '${s.owner.studioId}'`,
    );
    expect(sms?.to).toBe('+393471234567');
    expect(sms?.text).toContain('Giulia Verdi');
    expect(sms?.text).toContain('11-03-2027 alle 16:00');
    // planned again (even moved back and forth): the occurrence was reminded, no second reminder
    await planStudioReminders(t.deps, s.owner.studioId);
    expect((await remindersOf(s)).map((r) => r.state)).toEqual(['SENT']);
    const shown = await apiOk<AppointmentReminder[]>(t.app, {
      method: 'GET',
      url: `/events/${e.id}/reminders`,
      token: s.owner.token,
    });
    expect(shown).toMatchObject([{ state: 'SENT', channel: 'SMS', segments: 1 }]);
  });

  it('a process that dies after the claim, before the provider call: taken over later and sent once', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await remindersOf(s);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    await expect(sendReminder(t.deps, row?.id as string, { crashAfterClaim: true })).rejects.toThrow(/crash/);
    expect((await remindersOf(s))[0]?.state).toBe('SENDING');
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(9);
    // at once, the claim may still be a live process's: nobody takes it
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    expect(await smsCount(s)).toBe(0);
    // past the takeover time, the job's retry (or the pass's re-queue) sends it, once, the credit taken once
    clock += claimTakeoverMs + 1000;
    expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    await runReminderPass(t.deps);
    await planStudioReminders(t.deps, s.owner.studioId);
    expect(await smsCount(s)).toBe(1);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(9);
    expect((await remindersOf(s)).map((r) => r.state)).toEqual(['SENT']);
  });

  it('a process that dies while the provider has the message: never sent again (at most once)', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await remindersOf(s);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    await expect(sendReminder(t.deps, row?.id as string, { crashAfterProviderCall: true })).rejects.toThrow(/crash/);
    expect(await smsCount(s)).toBe(0); // the provider took it; this process died before writing anything more
    clock += claimTakeoverMs + 60_000;
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    await runReminderPass(t.deps);
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(9);
    // the appointment says it left without a confirmed outcome
    expect((await remindersOf(s)).map((r) => r.state)).toEqual(['SENDING']);
  });

  it('a claim taken over after its appointment was deleted: nothing sent, the SMS credit given back once', async () => {
    const s = await studioWithReminders({ credit: 10 });
    const e = await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await remindersOf(s);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    await expect(sendReminder(t.deps, row?.id as string, { crashAfterClaim: true })).rejects.toThrow(/crash/);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(9);
    await apiOk(t.app, { method: 'DELETE', url: `/events/${e.id}`, token: s.owner.token });
    clock += claimTakeoverMs + 1000;
    expect(await sendReminder(t.deps, row?.id as string)).toBe('cancelled');
    expect(await sendReminder(t.deps, row?.id as string)).toBe('skipped');
    expect(await smsCount(s)).toBe(0);
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(10);
  });

  it('a claim taken over while its first holder was only stalled: the first holder does not send', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const [row] = await remindersOf(s);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    await expect(sendReminder(t.deps, row?.id as string, { crashAfterClaim: true })).rejects.toThrow(/crash/);
    const [first] = await rowsOf<{ claim_id: string }>(
      t.deps.db,
      `select claim_id from appointment_reminders where id = '${row?.id}'`,
    );
    clock += claimTakeoverMs + 1000;
    expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
    // the stalled first holder wakes up: its claim is no longer the row's, the provider is not called again
    expect(await repoMarkProviderCall(row?.id as string, first?.claim_id as string)).toBe(false);
    expect(await smsCount(s)).toBe(1);
  });

  it('falls back to e-mail when the credit has run out, and says why when there is no e-mail either', async () => {
    const s = await studioWithReminders({ credit: 0 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    const [row] = await remindersOf(s);
    expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
    expect((await remindersOf(s))[0]).toMatchObject({ state: 'SENT', channel: 'EMAIL' });

    clock = Date.parse('2027-03-10T09:00:00.000Z');
    const noMail = await studioWithReminders({
      credit: 0,
      patient: { contatti: { cellulare: '+39 347 1234567', telefono: null, email: null, pec: null } },
    });
    await appointment(noMail, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, noMail.owner.studioId);
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    const [other] = await remindersOf(noMail);
    expect(await sendReminder(t.deps, other?.id as string)).toBe('not-sent');
    expect((await remindersOf(noMail))[0]).toMatchObject({ state: 'NOT_SENT', reason: 'NO_CREDIT' });
  });

  it('sends nothing to a patient who opted out', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    await apiOk(t.app, {
      method: 'PUT',
      url: `/pazienti/${s.pazienteId}/promemoria`,
      token: s.owner.token,
      body: { remindersOptOut: true },
    });
    clock = Date.parse('2027-03-10T15:00:00.000Z');
    const [row] = await remindersOf(s);
    expect(await sendReminder(t.deps, row?.id as string)).toBe('not-sent');
    expect((await remindersOf(s))[0]).toMatchObject({ state: 'NOT_SENT', reason: 'OPTED_OUT' });
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(10);
  });

  it('cancels the scheduled reminders when the studio switches them off', async () => {
    const s = await studioWithReminders({ credit: 10 });
    await appointment(s, '2027-03-11T15:00:00.000Z');
    await planStudioReminders(t.deps, s.owner.studioId);
    const settings = await apiOk<ReminderSettingsAnswer>(t.app, {
      method: 'GET',
      url: '/settings/reminders',
      token: s.owner.token,
    });
    const {
      smsBalance: _b,
      smsMeterId: _m,
      smsEnabled: _e,
      studioName: _n,
      studioAddress: _a,
      quietHours: _q,
      ...body
    } = settings;
    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/reminders',
      token: s.owner.token,
      body: { ...body, enabled: false },
    });
    expect((await remindersOf(s)).map((r) => r.state)).toEqual(['CANCELLED']);
  });
});

describe('settings', () => {
  it("refuses a text with an unknown token and another studio's event", async () => {
    const a = await studioWithReminders();
    const b = await studioWithReminders();
    const e = await appointment(a, '2027-03-11T15:00:00.000Z');
    const bad = await api(t.app, {
      method: 'PUT',
      url: '/settings/reminders',
      token: a.owner.token,
      body: {
        enabled: true,
        leadTime: 'HOURS_24',
        dayBeforeTime: '18:00',
        channel: 'SMS_EMAIL',
        text: 'Ciao {nom}',
        lowBalanceThreshold: 0,
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('{nom}');
    const foreign = await api(t.app, { method: 'GET', url: `/events/${e.id}/reminders`, token: b.owner.token });
    expect(foreign.status).toBe(404);
  });
});
