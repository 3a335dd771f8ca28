import { randomBytes } from 'node:crypto';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import type { AppointmentReminder } from '@studiolo/domain/reminders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import type { TestStudioUser } from '../../../test/helpers/login-as.ts';
import { studioWithReminders } from '../../../test/helpers/reminders.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { createLocalSmsOutbox } from '../../adapters/sms/local.ts';
import type { OutgoingSms, SmsTransport } from '../../adapters/sms/sms.ts';
import { twilioSignature } from '../../adapters/sms/twilio.ts';
import { smsCreditBalance } from '../sms-credit/sms-credit.service.ts';
import { planStudioReminders, sendReminder } from './reminders.service.ts';

/**
 * Twilio's delivery reports of reminder SMS (decision 036, "Consegnato"): POST /sms/twilio/status, form-encoded and
 * signed as Twilio signs it (X-Twilio-Signature over PUBLIC_URL + the path and the sorted form). The SMS adapter is a
 * stand-in that answers as Twilio's API does (a message SID); the clock is the test's.
 */
const publicUrl = 'https://studio.example.it';
const callbackUrl = `${publicUrl}/app/api/sms/twilio/status`;
const authToken = 'test-twilio-auth-token';
let clock = Date.parse('2027-03-10T09:00:00.000Z');
let t: TestApp;
const sent: (OutgoingSms & { sid: string })[] = [];

const sidOf = () => `SM${randomBytes(16).toString('hex')}`;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: publicUrl, TWILIO_AUTH_TOKEN: authToken }, { now: () => new Date(clock) });
  t.deps.jobs.send = async () => {};
  t.deps.sms = twilioStandIn;
});
const twilioStandIn: SmsTransport = {
  kind: 'twilio',
  deliver: async (sms) => {
    const sid = sidOf();
    sent.push({ ...sms, sid });
    return { status: 'SENT', providerMessageId: sid };
  },
};
afterAll(async () => {
  await t.close();
});

type Sent = { owner: TestStudioUser; eventId: string; reminderId: string; sid: string };

/** A studio with credit and reminders on, an appointment tomorrow, and its reminder sent by SMS (Twilio's SID kept). */
const sentReminder = async (): Promise<Sent> => {
  clock = Date.parse('2027-03-10T09:00:00.000Z');
  const { owner, calendarId, pazienteId } = await studioWithReminders(t.app, { credit: 10 });
  const event = await apiOk<CalendarEvent>(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: {
      calendarId,
      summary: 'Seduta',
      start: '2027-03-11T15:00:00.000Z',
      end: '2027-03-11T16:00:00.000Z',
      pazienteId,
    },
  });
  await planStudioReminders(t.deps, owner.studioId);
  const [row] = await rowsOf<{ id: string }>(
    t.deps.db,
    `select id from appointment_reminders where studio_id = '${owner.studioId}'`,
  );
  clock = Date.parse('2027-03-10T15:00:00.000Z');
  expect(await sendReminder(t.deps, row?.id as string)).toBe('sent');
  const [after] = await rowsOf<{ provider_message_id: string | null }>(
    t.deps.db,
    `select provider_message_id from appointment_reminders where id = '${row?.id}'`,
  );
  return { owner, eventId: event.id, reminderId: row?.id as string, sid: after?.provider_message_id ?? '' };
};

const reminderOf = async (s: Sent) =>
  (
    await rowsOf<{ state: string; reason: string | null; provider_message_id: string | null }>(
      t.deps.db,
      `select state, reason, provider_message_id from appointment_reminders where id = '${s.reminderId}'`,
    )
  )[0];

/** Twilio's status callback for a message: the form it posts, signed with the account's token unless told. */
const report = (
  sid: string,
  status: string,
  opts: { signature?: string; url?: string; token?: string; extra?: Record<string, string> } = {},
) => {
  const form = new URLSearchParams({
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    ApiVersion: '2010-04-01',
    From: 'Studiolo',
    To: '+393471234567',
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    ...opts.extra,
  });
  const signature = opts.signature ?? twilioSignature(opts.token ?? authToken, opts.url ?? callbackUrl, form);
  return t.app.inject({
    method: 'POST',
    url: '/app/api/sms/twilio/status',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: form.toString(),
  });
};

describe('Twilio delivery reports of reminder SMS', () => {
  it('records the message SID at send time', async () => {
    const s = await sentReminder();
    expect(s.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await reminderOf(s)).toMatchObject({ state: 'SENT', provider_message_id: s.sid });
  });

  it('never makes a reminder of the local outbox "Consegnato" (it has no message id to report on)', async () => {
    t.deps.sms = createLocalSmsOutbox();
    try {
      const s = await sentReminder();
      expect(await reminderOf(s)).toMatchObject({ state: 'SENT', provider_message_id: null });
      expect((await report(sidOf(), 'delivered')).json().response.outcome).toBe('unknown-message');
      expect(await reminderOf(s)).toMatchObject({ state: 'SENT' });
    } finally {
      t.deps.sms = twilioStandIn;
    }
  });

  it('marks the reminder "Consegnato" on a signed "delivered", shown on the appointment', async () => {
    const s = await sentReminder();
    const res = await report(s.sid, 'delivered');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SUCCESS', response: { outcome: 'delivered' } });
    expect(await reminderOf(s)).toMatchObject({ state: 'DELIVERED', reason: null });
    const shown = await apiOk<AppointmentReminder[]>(t.app, {
      method: 'GET',
      url: `/events/${s.eventId}/reminders`,
      token: s.owner.token,
    });
    expect(shown[0]?.state).toBe('DELIVERED');
  });

  it('refuses a forged signature, one made with another token or for another URL, and a missing one (403)', async () => {
    const s = await sentReminder();
    const forged = [
      await report(s.sid, 'delivered', { signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' }),
      await report(s.sid, 'delivered', { token: 'another-account-token' }),
      await report(s.sid, 'delivered', { url: 'https://attacker.example.com/app/api/sms/twilio/status' }),
      await report(s.sid, 'delivered', { signature: '' }),
    ];
    expect(forged.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(forged[0]?.json()).toMatchObject({ code: 'ERROR', answer: 'Firma della richiesta non valida' });
    // a body changed after signing (the signature of 'sent' on a 'delivered')
    const signedSent = new URLSearchParams({ MessageSid: s.sid, MessageStatus: 'sent' });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/app/api/sms/twilio/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, callbackUrl, signedSent),
      },
      payload: new URLSearchParams({ MessageSid: s.sid, MessageStatus: 'delivered' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    // JSON with the right fields and no signature
    const json = await t.app.inject({
      method: 'POST',
      url: '/app/api/sms/twilio/status',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ MessageSid: s.sid, MessageStatus: 'delivered' }),
    });
    expect(json.statusCode).toBe(403);
    expect(await reminderOf(s)).toMatchObject({ state: 'SENT' });
  });

  it('changes nothing when a report is replayed', async () => {
    const s = await sentReminder();
    expect((await report(s.sid, 'delivered')).json().response.outcome).toBe('delivered');
    const replay = await report(s.sid, 'delivered');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().response.outcome).toBe('unchanged');
    expect(await reminderOf(s)).toMatchObject({ state: 'DELIVERED' });
  });

  it('never goes backwards: "sent" or "failed" after "delivered" leave it delivered', async () => {
    const s = await sentReminder();
    await report(s.sid, 'delivered');
    const balance = await smsCreditBalance(t.deps.db, s.owner.studioId);
    for (const status of ['sent', 'queued', 'undelivered', 'failed'])
      expect((await report(s.sid, status)).json().response.outcome).toBe('unchanged');
    expect(await reminderOf(s)).toMatchObject({ state: 'DELIVERED', reason: null });
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(balance);
  });

  it('marks an undelivered message "non inviato" (FAILED) and gives its credit back once', async () => {
    const s = await sentReminder();
    const before = await smsCreditBalance(t.deps.db, s.owner.studioId);
    expect((await report(s.sid, 'sent')).json().response.outcome).toBe('unchanged');
    expect((await report(s.sid, 'undelivered', { extra: { ErrorCode: '30003' } })).json().response.outcome).toBe(
      'failed',
    );
    expect(await reminderOf(s)).toMatchObject({ state: 'NOT_SENT', reason: 'FAILED' });
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(before + 1);
    // replayed, then 'failed' and a late 'delivered': nothing more, no second refund
    for (const status of ['undelivered', 'failed', 'delivered'])
      expect((await report(s.sid, status)).json().response.outcome).toBe('unchanged');
    expect(await smsCreditBalance(t.deps.db, s.owner.studioId)).toBe(before + 1);
    expect(await reminderOf(s)).toMatchObject({ state: 'NOT_SENT', reason: 'FAILED' });
  });

  it('answers 200 and changes nothing for a message it does not know (Twilio reports every message)', async () => {
    const s = await sentReminder();
    const res = await report(sidOf(), 'delivered');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SUCCESS', response: { outcome: 'unknown-message' } });
    expect(await reminderOf(s)).toMatchObject({ state: 'SENT' });
  });

  it('refuses a report whose fields are not Twilio’s (400)', async () => {
    const s = await sentReminder();
    const res = await report('not-a-sid', 'delivered');
    expect(res.statusCode).toBe(400);
    expect(await reminderOf(s)).toMatchObject({ state: 'SENT' });
  });
});
