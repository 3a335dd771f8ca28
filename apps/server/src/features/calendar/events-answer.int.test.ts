import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CalendarEvent } from '@studiolo/domain/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { mainCalendarId, validEventInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

// GET /events answers kept ready per version of what they show (decision 016): never stale, whoever wrote.

let t: TestApp;
let builds = 0;
beforeAll(async () => {
  t = await buildTestApp();
  // counts the answers this server builds (a kept answer is sent without one)
  const kept = t.deps.eventsAnswers;
  t.deps.eventsAnswers = {
    get: (key, version, build) =>
      kept.get(key, version, () => {
        builds++;
        return build();
      }),
  };
});
afterAll(async () => {
  await t.close();
});

const week = { start: '2026-11-23', end: '2026-11-29' };
const listed = (user: TestStudioUser, query: Record<string, string | string[]> = {}) =>
  apiOk<CalendarEvent[]>(t.app, { method: 'GET', url: '/events', token: user.token, query: { ...week, ...query } });
const summaries = async (user: TestStudioUser, query: Record<string, string | string[]> = {}) =>
  (await listed(user, query)).map((e) => e.summary);
const raw = (user: TestStudioUser, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/app/api/events?start=${week.start}&end=${week.end}`,
    headers: { authorization: `Bearer ${user.token}`, ...headers },
  });

const studioWithAppointment = async () => {
  const owner = await createStudioOwner(t.app);
  const calendarId = await mainCalendarId(t.app, owner);
  const patient = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(),
  });
  const event = await apiOk<CalendarEvent>(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: await validEventInput(t.app, owner, {
      summary: 'Prima visita',
      start: '2026-11-24T09:00:00.000Z',
      end: '2026-11-24T10:00:00.000Z',
      pazienteId: patient.id,
    }),
  });
  return { owner, calendarId, patientId: patient.id, event };
};

describe('GET /events kept ready', () => {
  it('sends the same answer compressed to a client that takes it (Brotli, else gzip), plain to one that does not', async () => {
    const { owner } = await studioWithAppointment();
    const plain = await raw(owner);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toMatchObject({ code: 'SUCCESS', response: [{ summary: 'Prima visita' }] });

    const browser = await raw(owner, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toContain('accept-encoding');
    expect(browser.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength);
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzipOnly = await raw(owner, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString('utf8'))).toEqual(plain.json());

    const refused = await raw(owner, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('builds an answer once and sends it again until something it shows changes', async () => {
    const { owner, calendarId } = await studioWithAppointment();
    const before = builds;
    await listed(owner);
    await listed(owner);
    await listed(owner);
    expect(builds - before).toBe(1);

    // the same filters in another order are the same question
    const second = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/calendars',
      token: owner.token,
      body: { summary: 'Domicili' },
    });
    const afterCalendar = builds;
    expect(await summaries(owner, { calendarIds: [calendarId, second.id] })).toEqual(['Prima visita']);
    expect(await summaries(owner, { calendarIds: [second.id, calendarId] })).toEqual(['Prima visita']);
    expect(builds - afterCalendar).toBe(1);
    // other filters are another question
    expect(await summaries(owner, { calendarIds: second.id })).toEqual([]);

    // another studio's writes leave this studio's answers as they were
    const other = await studioWithAppointment();
    await listed(other.owner);
    const afterOther = builds;
    await listed(owner);
    expect(builds).toBe(afterOther);
  });

  it('shows at once what was written behind its back: events added, changed, deleted, patients renamed or tagged', async () => {
    const { owner, calendarId, patientId, event } = await studioWithAppointment();
    expect(await summaries(owner)).toEqual(['Prima visita']);

    await t.deps.db.execute(sql`
      insert into events (studio_id, calendar_id, summary, color, start_at, end_at, until_at)
      values (${owner.studioId}, ${calendarId}, 'Inserito da un import', '#616161',
        '2026-11-25T09:00:00Z', '2026-11-25T10:00:00Z', '2026-11-25T10:00:00Z')`);
    expect(await summaries(owner)).toEqual(['Prima visita', 'Inserito da un import']);

    await t.deps.db.execute(sql`update events set is_pagato = true where id = ${event.id}`);
    expect((await listed(owner))[0]?.isPagato).toBe(true);

    // a change of case alone: search would not see it, the calendar shows it
    await t.deps.db.execute(sql`update patients set cognome = 'VERDI' where id = ${patientId}`);
    expect((await listed(owner))[0]?.pazienteName).toBe('VERDI Giulia');
    await t.deps.db.execute(sql`update patients set tags = array['Sportivo'] where id = ${patientId}`);
    expect((await listed(owner))[0]?.paziente?.tags).toEqual(['Sportivo']);
    expect(await summaries(owner, { tagIds: 'Sportivo' })).toEqual(['Prima visita']);

    await t.deps.db.execute(
      sql`delete from events where studio_id = ${owner.studioId} and summary = 'Inserito da un import'`,
    );
    expect(await summaries(owner)).toEqual(['Prima visita']);

    // deleting the patient takes their appointments with it (a cascade is a write like any other)
    await t.deps.db.execute(sql`delete from patients where id = ${patientId}`);
    expect(await summaries(owner)).toEqual([]);
  });

  it('moves the version once for a whole transaction, which shows all its writes at once', async () => {
    const { owner, calendarId, event } = await studioWithAppointment();
    const version = async () =>
      (
        await rowsOf<{ version: number }>(
          t.deps.db,
          `select version::int as version from calendar_versions where studio_id = '${owner.studioId}'`,
        )
      )[0]?.version ?? 0;
    expect(await summaries(owner)).toEqual(['Prima visita']);
    const before = await version();
    await t.deps.db.transaction(async (tx) => {
      for (const day of [25, 26, 27])
        await tx.execute(sql`
          insert into events (studio_id, calendar_id, summary, color, start_at, end_at, until_at)
          values (${owner.studioId}, ${calendarId}, ${`Seduta del ${day}`}, '#616161',
            ${`2026-11-${day}T09:00:00Z`}, ${`2026-11-${day}T10:00:00Z`}, ${`2026-11-${day}T10:00:00Z`})`);
      await tx.execute(sql`update events set summary = 'Visita spostata' where id = ${event.id}`);
    });
    expect(await version()).toBe(before + 1);
    expect(await summaries(owner)).toEqual(['Visita spostata', 'Seduta del 25', 'Seduta del 26', 'Seduta del 27']);

    // the bulk delete: one transaction of many statements
    await apiOk(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: { start: '2026-11-25', end: '2026-11-26' },
    });
    expect(await version()).toBe(before + 2);
    expect(await summaries(owner)).toEqual(['Visita spostata', 'Seduta del 27']);
  });

  it('moves the calendar version with the mirrored Google events and their calendar’s colour, not with a sync token', async () => {
    const { owner } = await studioWithAppointment();
    const version = async () =>
      (
        await rowsOf<{ version: number }>(
          t.deps.db,
          `select version::int as version from calendar_versions where studio_id = '${owner.studioId}'`,
        )
      )[0]?.version;
    const start = await version();
    const [calendar] = (
      (await t.deps.db.execute(sql`
        insert into google_calendars (studio_id, google_calendar_id, summary, access_role, background_color)
        values (${owner.studioId}, 'team@group.calendar.google.com', 'Team', 'owner', '#039be5') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    expect(await version()).toBe(start);
    await t.deps.db.execute(sql`
      insert into google_events (studio_id, calendar_row_id, google_calendar_id, google_event_id, summary, start_at, end_at)
      values (${owner.studioId}, ${calendar?.id}, 'team@group.calendar.google.com', 'g1', 'Riunione',
        '2026-11-24T12:00:00Z', '2026-11-24T13:00:00Z')`);
    expect(await version()).toBe((start ?? 0) + 1);
    await t.deps.db.execute(sql`update google_calendars set sync_token = 'next' where id = ${calendar?.id}`);
    expect(await version()).toBe((start ?? 0) + 1);
    await t.deps.db.execute(sql`update google_calendars set background_color = '#d50000' where id = ${calendar?.id}`);
    expect(await version()).toBe((start ?? 0) + 2);
    await t.deps.db.execute(sql`delete from google_calendars where id = ${calendar?.id}`);
    expect(await version()).toBe((start ?? 0) + 3);
  });
});
