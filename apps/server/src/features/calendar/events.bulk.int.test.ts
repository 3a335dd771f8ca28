import { type CalendarEvent, calendarMessages } from '@studiolo/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { mainCalendarId, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { attachmentOf, startSmtpSink } from '../../../test/helpers/smtp-sink.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A studio with, in November 2026, a patient's three appointments, another patient's one, and a weekly series. */
const plannedStudio = async (t: TestApp) => {
  const owner = await createStudioOwner(t.app);
  const calendarId = await mainCalendarId(t.app, owner);
  const patient = async (cognome: string) =>
    (
      await apiOk<{ id: string }>(t.app, {
        method: 'POST',
        url: '/pazienti',
        token: owner.token,
        body: { ...validPatientInput(), datiGenerali: { ...validPatientInput().datiGenerali, cognome } },
      })
    ).id;
  const rossi = await patient('Rossi');
  const bianchi = await patient('Bianchi');
  const add = (body: Record<string, unknown>) =>
    apiOk<CalendarEvent>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: { calendarId, summary: 'Seduta', ...body },
    });
  for (const day of ['02', '09', '16'])
    await add({
      pazienteId: rossi,
      start: `2026-11-${day}T09:00:00.000Z`,
      end: `2026-11-${day}T10:00:00.000Z`,
      price: 50,
    });
  await add({ pazienteId: bianchi, start: '2026-11-10T14:00:00.000Z', end: '2026-11-10T15:00:00.000Z' });
  await add({
    summary: 'Gruppo',
    start: '2026-11-04T16:00:00.000Z',
    end: '2026-11-04T17:00:00.000Z',
    rrule: 'FREQ=WEEKLY;COUNT=6',
  });
  // outside the range: must survive
  await add({ pazienteId: rossi, start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' });
  return { owner, rossi, bianchi };
};

const novemberEvents = (t: TestApp, owner: TestStudioUser) =>
  apiOk<CalendarEvent[]>(t.app, {
    method: 'GET',
    url: '/events',
    token: owner.token,
    query: { start: '2026-11-01', end: '2026-12-31' },
  });

describe('bulk delete with an e-mailed backup', () => {
  let t: TestApp;
  let smtp: Sink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: smtp.url }, { mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the studio a CSV of exactly what it deletes, then deletes it, leaving the rest', async () => {
    const { owner } = await plannedStudio(t);
    const before = await novemberEvents(t, owner);
    const counted = await apiOk<{ count: number }>(t.app, {
      method: 'GET',
      url: '/events/count',
      token: owner.token,
      query: { start: '2026-11-01', end: '2026-11-15' },
    });
    expect(counted).toEqual({ count: 5 });
    const res = await api<{ deletedCount: number }>(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-11-01', end: '2026-11-15' },
    });
    expect(res.status).toBe(200);
    // 02, 09, 10 November and the series on 04 and 11 November
    expect(res.body.response).toEqual({ deletedCount: 5 });
    expect(res.body.answer).toBe(calendarMessages.bulkDeleted(5));

    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['studio@example.it']);
    const csv = attachmentOf(mail?.raw ?? '', 'backup-eventi-20261101-20261115.csv');
    expect(csv && [...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (csv as Buffer).subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data;Inizio;Fine;Titolo;Paziente;Calendario;Prezzo;Pagato;Colore;Ricorrente;Note;Id evento');
    const deletedIds = lines.slice(1).map((l) => l.split(';').at(-1));
    const inRange = before.filter((e) => e.start < '2026-11-15T23:00:00.000Z').map((e) => e.id);
    expect(deletedIds.sort()).toEqual(inRange.sort());
    expect(
      lines.some((l) =>
        l.startsWith('02-11-2026;10:00;11:00;Seduta;Rossi Giulia;Calendario principale;50,00;No;Grigio;No;'),
      ),
    ).toBe(true);

    const after = await novemberEvents(t, owner);
    expect(after.map((e) => e.id).sort()).toEqual(
      before
        .filter((e) => !inRange.includes(e.id))
        .map((e) => e.id)
        .sort(),
    );
    expect(after.map((e) => e.start.slice(0, 10))).toEqual([
      '2026-11-16',
      '2026-11-18',
      '2026-11-25',
      '2026-12-01',
      '2026-12-02',
      '2026-12-09',
    ]);
  });

  it('deletes only the chosen patients’ appointments', async () => {
    const { owner, rossi } = await plannedStudio(t);
    const counted = await apiOk<{ count: number }>(t.app, {
      method: 'GET',
      url: '/events/count',
      token: owner.token,
      query: { start: '2026-11-01', end: '2026-11-30', pazienteIds: rossi },
    });
    expect(counted.count).toBe(3);
    const res = await apiOk<{ deletedCount: number }>(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-11-01', end: '2026-11-30', pazienteIds: rossi },
    });
    expect(res.deletedCount).toBe(3);
    const left = await novemberEvents(t, owner);
    expect(left.filter((e) => e.pazienteId === rossi).map((e) => e.start.slice(0, 10))).toEqual(['2026-12-01']);
  });

  it('refuses a reversed range or one over 365 days', async () => {
    const owner = await createStudioOwner(t.app);
    const reversedCount = await api(t.app, {
      method: 'GET',
      url: '/events/count',
      token: owner.token,
      query: { start: '2026-11-02', end: '2026-11-01' },
    });
    expect(reversedCount.status).toBe(400);
    expect(reversedCount.body.fields?.end).toBe(calendarMessages.endBeforeStart);
    const reversed = await api(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-11-02', end: '2026-11-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields?.end).toBe(calendarMessages.endBeforeStart);
    const long = await api(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-01-01', end: '2027-01-02' },
    });
    expect(long.body.fields?.end).toBe(calendarMessages.rangeTooLong);
  });
});

describe('bulk delete when the backup cannot be mailed', () => {
  let t: TestApp;
  let smtp: Sink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: smtp.url }, { mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('deletes nothing and says why', async () => {
    const { owner } = await plannedStudio(t); // signs up through the mailed link: mail works until now
    smtp.refuse(true);
    const before = await novemberEvents(t, owner);
    const rowsBefore = await rowsOf(t.deps.db, 'select id, exdates from events order by id');
    const res = await api(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-11-01', end: '2026-11-30' },
    });
    expect(res.status).toBe(503);
    expect(res.body.answer).toBe(calendarMessages.backupFailed);
    expect(await novemberEvents(t, owner)).toEqual(before);
    expect(await rowsOf(t.deps.db, 'select id, exdates from events order by id')).toEqual(rowsBefore);
  });
});

describe('events export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams the range as CSV with a BOM under the name "eventi-" and the two dates', async () => {
    const { owner } = await plannedStudio(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/events?start=2026-11-01&end=2026-11-30',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="eventi-2026110120261130.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    // 4 appointments and 4 occurrences of the series in November
    expect(lines).toHaveLength(1 + 8);
  });
});
