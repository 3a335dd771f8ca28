import {
  type CalendarEvent,
  externalEventIdMarker,
  type GoogleCalendarStatus,
  calendarMessages as m,
} from '@studiolo/domain/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { mainCalendarId, uniqueEmail, validPatientInput } from '../../../test/helpers/factories.ts';
import { type FakeGoogle, startFakeGoogle } from '../../../test/helpers/fake-google-calendar.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { syncDueGoogleCalendars } from './google-calendar.schedule.ts';
import { googleEventIdOf } from './google-calendar.service.ts';

const day = 86_400_000;
/** A Monday a couple of weeks ahead (inside the pull window whatever today is), and the days around it. */
const monday = (() => {
  const d = new Date(Date.now() + 14 * day);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
})();
const dayOf = (offset: number) => new Date(Date.parse(monday) + offset * day).toISOString().slice(0, 10);
const at = (offset: number, time: string) => `${dayOf(offset)}T${time}:00.000Z`;
const week = { start: dayOf(-1), end: dayOf(6) };

const client = { clientId: 'studiolo-test.apps.googleusercontent.com', clientSecret: 'un-segreto-di-prova' };

const eventsOfWeek = (t: TestApp, user: TestStudioUser, query: Record<string, string>) =>
  apiOk<CalendarEvent[]>(t.app, { method: 'GET', url: '/events', token: user.token, query: { ...week, ...query } });

const status = (t: TestApp, user: TestStudioUser) =>
  apiOk<GoogleCalendarStatus>(t.app, { method: 'GET', url: '/google-calendar', token: user.token });

const sync = (t: TestApp, user: TestStudioUser) =>
  api<{ configured: boolean; synced: number }>(t.app, { method: 'PUT', url: '/events/sync-cal', token: user.token });

describe('Google Calendar without credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says clearly that it is not configured and never pretends to sync', async () => {
    const owner = await createStudioOwner(t.app);
    expect(await status(t, owner)).toMatchObject({ configured: false, linked: false, calendars: [] });

    const connect = await api<{ url: string | null }>(t.app, {
      method: 'POST',
      url: '/google-calendar/connect',
      token: owner.token,
    });
    expect(connect.body).toMatchObject({
      code: 'ALERT',
      answer: m.googleNotConfigured,
      response: { configured: false, url: null },
    });

    const synced = await sync(t, owner);
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({
      code: 'ALERT',
      answer: m.googleNotConfigured,
      response: { configured: false, synced: 0 },
    });

    const calendars = await apiOk<{ googleCalendars: unknown[] }>(t.app, {
      method: 'GET',
      url: '/calendars',
      token: owner.token,
    });
    expect(calendars.googleCalendars).toEqual([]);

    const target = await api(t.app, {
      method: 'PUT',
      url: `/calendars/${await mainCalendarId(t.app, owner)}/google`,
      token: owner.token,
      body: { googleCalendarId: 'qualcuno@gmail.com' },
    });
    expect(target.status).toBe(400);
    expect(target.body.answer).toBe(m.googleNotConfigured);
  });
});

describe('Google Calendar two-way link (against a fake Google)', () => {
  let t: TestApp;
  let google: FakeGoogle;

  beforeAll(async () => {
    google = await startFakeGoogle(client);
    t = await buildTestApp({
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_API_ROOT_URL: `${google.url}/`,
      GOOGLE_OAUTH_URL: google.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** POST /google-calendar/connect as the browser sees it: the consent URL and the cookie the answer sets. */
  const connect = async (owner: TestStudioUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/google-calendar/connect',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/app\/api\/public\/google-calendar/);
    expect(JSON.stringify(res.json())).not.toContain(setCookie.split(';')[0]?.split('=')[1] as string);
    return {
      url: (res.json() as { response: { url: string } }).response.url,
      cookie: setCookie.split(';')[0] as string,
    };
  };

  /** The OAuth round trip as a browser makes it: connect → Google's consent → redirect back with a code. */
  const link = async (owner: TestStudioUser, email: string) => {
    const { url, cookie } = await connect(owner);
    const consent = new URL(url);
    const state = consent.searchParams.get('state') as string;
    const redirectUri = consent.searchParams.get('redirect_uri') as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/public/google-calendar/callback',
      query: { state, code: google.issueCode(email, redirectUri), scope: 'x', authuser: '0' },
      headers: { cookie },
    });
    return { consent, res };
  };

  /** A studio whose owner linked a fresh Google account with a second, read-only calendar. */
  const linkedStudio = async () => {
    const owner = await createStudioOwner(t.app);
    const email = uniqueEmail('google');
    google.addAccount(email, [{ id: `festivita-${email}`, summary: 'Festività', accessRole: 'reader' }]);
    const { res } = await link(owner, email);
    expect(res.statusCode).toBe(302);
    return { owner, email };
  };

  it('links an account: consent page, callback, link stored with the refresh token encrypted', async () => {
    const owner = await createStudioOwner(t.app);
    const email = uniqueEmail('google');
    google.addAccount(email);
    const { consent, res } = await link(owner, email);

    expect(consent.origin + consent.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(consent.searchParams.get('client_id')).toBe(client.clientId);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/app\/api\/public\/google-calendar\/callback$/);

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/calendar\/settings\?tab=3&google=collegato$/);
    expect(await status(t, owner)).toMatchObject({
      configured: true,
      linked: true,
      accountEmail: email,
      calendars: [{ googleCalendarId: email, primary: true, writable: true, linkedCalendarId: null }],
    });

    const [refreshToken] = google.refreshTokensOf(email);
    const stored = await rowsOf<{ refresh_token_sealed: string }>(
      t.deps.db,
      `select refresh_token_sealed from google_calendar_links where studio_id = '${owner.studioId}'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.refresh_token_sealed).toMatch(/^v1\./);
    expect(stored[0]?.refresh_token_sealed).not.toContain(refreshToken as string);

    const { googleCalendars } = await apiOk<{ googleCalendars: { googleCalendarId: string }[] }>(t.app, {
      method: 'GET',
      url: '/calendars',
      token: owner.token,
    });
    expect(googleCalendars.map((c) => c.googleCalendarId)).toEqual([email]);
  });

  it('refuses a forged, tampered or expired state with 400 and links nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const email = uniqueEmail('google');
    google.addAccount(email);
    const { url, cookie } = await connect(owner);
    const state = new URL(url).searchParams.get('state') as string;
    const [payload, mac] = state.split('.') as [string, string];
    const other = await createStudioOwner(t.app);
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), s: other.studioId }),
    ).toString('base64url');
    for (const bad of [`${forgedPayload}.${mac}`, `${payload}.${'A'.repeat(43)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/app/api/public/google-calendar/callback',
        query: { state: bad, code: google.issueCode(email) },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ERROR', answer: m.googleStateInvalid });
    }
    expect((await status(t, owner)).linked).toBe(false);
    expect((await status(t, other)).linked).toBe(false);
  });

  it('refuses a state that comes back in another browser (a consent link sent to someone else): nothing is linked', async () => {
    const attacker = await createStudioOwner(t.app);
    const victimEmail = uniqueEmail('google');
    google.addAccount(victimEmail);
    const { url, cookie } = await connect(attacker);
    const consent = new URL(url);
    const state = consent.searchParams.get('state') as string;
    const code = () => google.issueCode(victimEmail, consent.searchParams.get('redirect_uri') as string);
    for (const headers of [{}, { cookie: 'studiolo_google_oauth=altro-browser' }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/app/api/public/google-calendar/callback',
        query: { state, code: code() },
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ERROR', answer: m.googleStateInvalid });
    }
    expect((await status(t, attacker)).linked).toBe(false);
    // the browser that asked completes it
    const own = await t.app.inject({
      method: 'GET',
      url: '/app/api/public/google-calendar/callback',
      query: { state, code: code() },
      headers: { cookie },
    });
    expect(own.statusCode).toBe(302);
    expect(String(own.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await status(t, attacker)).linked).toBe(true);
  });

  it('sends the browser back with "negato" when the account holder refuses consent', async () => {
    const owner = await createStudioOwner(t.app);
    const { url, cookie } = await connect(owner);
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/public/google-calendar/callback',
      query: { state: new URL(url).searchParams.get('state') as string, error: 'access_denied' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/google=negato$/);
    expect((await status(t, owner)).linked).toBe(false);
  });

  it('pulls Google events into GET /events with the external marker, read-only', async () => {
    const { owner, email } = await linkedStudio();
    google.putEvent(email, {
      id: 'dentista',
      summary: 'Dentista',
      start: { dateTime: at(1, '15:00') },
      end: { dateTime: at(1, '16:00') },
      colorId: '11',
      organizer: { email },
    });
    google.putEvent(email, {
      id: 'ferie',
      summary: 'Ferie',
      start: { date: dayOf(3) },
      end: { date: dayOf(5) },
    });
    google.putEvent(email, {
      id: 'lontano',
      summary: 'Fuori settimana',
      start: { dateTime: at(20, '09:00') },
      end: { dateTime: at(20, '10:00') },
    });
    const res = await sync(t, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'SUCCESS', response: { configured: true, synced: 3 } });

    const external = await eventsOfWeek(t, owner, { gcalendarIds: email });
    expect(external.map((e) => e.summary)).toEqual(['Dentista', 'Ferie']);
    for (const e of external) expect(e.id.startsWith(externalEventIdMarker)).toBe(true);
    expect(external[0]).toMatchObject({
      calendarId: null,
      googleCalendarId: email,
      googleEventOwner: email,
      color: '#D50000',
      start: new Date(at(1, '15:00')).toISOString(),
    });
    expect(external[1]).toMatchObject({ allDay: true, start: new Date(`${dayOf(3)}T00:00:00+01:00`).toISOString() });

    // not asked for: not shown; asked with the studio's calendars: both
    expect(await eventsOfWeek(t, owner, {})).toEqual([]);
    await apiOk(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: {
        calendarId: await mainCalendarId(t.app, owner),
        summary: 'Seduta',
        start: at(1, '08:00'),
        end: at(1, '09:00'),
      },
    });
    const both = await eventsOfWeek(t, owner, {
      calendarIds: await mainCalendarId(t.app, owner),
      gcalendarIds: email,
    });
    expect(both.map((e) => e.summary)).toEqual(['Seduta', 'Dentista', 'Ferie']);

    // read-only: readable one by one, never changed or deleted here (a clear 400, never a 500)
    const id = external[0]?.id as string;
    expect(
      await apiOk<CalendarEvent>(t.app, { method: 'GET', url: `/events/${id}`, token: owner.token }),
    ).toMatchObject({
      summary: 'Dentista',
    });
    for (const call of [
      { method: 'DELETE' as const, url: `/events/${id}` },
      { method: 'DELETE' as const, url: `/events/recur/${id}`, query: { deleteEventOption: 'ALL' } },
      { method: 'PUT' as const, url: '/events/paid', body: { eventId: id, isPagato: true } },
      {
        method: 'PUT' as const,
        url: '/events',
        body: {
          id,
          calendarId: await mainCalendarId(t.app, owner),
          summary: 'Spostato',
          start: at(2, '15:00'),
          end: at(2, '16:00'),
        },
      },
      {
        method: 'POST' as const,
        url: '/events/duplicate',
        body: { events: [{ id, start: at(2, '15:00'), end: at(2, '16:00') }] },
      },
    ]) {
      const r = await api(t.app, { ...call, token: owner.token });
      expect(r.status, `${call.method} ${call.url}`).toBe(400);
      expect(JSON.stringify(r.body.answer)).toContain(m.externalReadOnly);
    }
    expect(await eventsOfWeek(t, owner, { gcalendarIds: email })).toHaveLength(2);
  });

  it('pulls incrementally with the sync token: changes and deletions made in Google reach the mirror', async () => {
    const { owner, email } = await linkedStudio();
    google.putEvent(email, {
      id: 'a',
      summary: 'Riunione',
      start: { dateTime: at(1, '10:00') },
      end: { dateTime: at(1, '11:00') },
    });
    google.putEvent(email, {
      id: 'b',
      summary: 'Palestra',
      start: { dateTime: at(2, '18:00') },
      end: { dateTime: at(2, '19:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);

    google.putEvent(email, {
      id: 'a',
      summary: 'Riunione spostata',
      start: { dateTime: at(4, '10:00') },
      end: { dateTime: at(4, '11:00') },
    });
    google.cancelEvent(email, 'b');
    const res = await sync(t, owner);
    expect(res.body.response).toEqual({ configured: true, synced: 2 });
    const listed = google.requests.filter(
      (r) => r.path === `/calendar/v3/calendars/${encodeURIComponent(email)}/events` && r.query.syncToken,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect((await eventsOfWeek(t, owner, { gcalendarIds: email })).map((e) => [e.summary, e.start])).toEqual([
      ['Riunione spostata', new Date(at(4, '10:00')).toISOString()],
    ]);
    expect((await status(t, owner)).lastSyncAt).not.toBeNull();
  });

  it('starts a full sync again when Google no longer takes the sync token (410)', async () => {
    const { owner, email } = await linkedStudio();
    google.setPageSize(1);
    google.putEvent(email, {
      id: 'x',
      summary: 'Uno',
      start: { dateTime: at(1, '10:00') },
      end: { dateTime: at(1, '11:00') },
    });
    google.putEvent(email, {
      id: 'y',
      summary: 'Due',
      start: { dateTime: at(2, '10:00') },
      end: { dateTime: at(2, '11:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);
    google.putEvent(email, {
      id: 'z',
      summary: 'Tre',
      start: { dateTime: at(3, '10:00') },
      end: { dateTime: at(3, '11:00') },
    });
    google.setExpireSyncTokens(true);
    try {
      expect((await sync(t, owner)).status).toBe(200);
    } finally {
      google.setExpireSyncTokens(false);
      google.setPageSize(50);
    }
    expect((await eventsOfWeek(t, owner, { gcalendarIds: email })).map((e) => e.summary)).toEqual([
      'Uno',
      'Due',
      'Tre',
    ]);
  });

  it('pushes the appointments of a linked calendar: creates, updates and deletes them on Google', async () => {
    const { owner, email } = await linkedStudio();
    const calendarId = await mainCalendarId(t.app, owner);

    // a read-only or unknown Google calendar cannot receive appointments
    for (const [googleCalendarId, answer] of [
      [`festivita-${email}`, m.googleCalendarReadOnly],
      ['sconosciuto@gmail.com', m.googleCalendarUnknown],
    ] as const) {
      const r = await api(t.app, {
        method: 'PUT',
        url: `/calendars/${calendarId}/google`,
        token: owner.token,
        body: { googleCalendarId },
      });
      expect(r.status).toBe(400);
      expect(r.body.answer).toBe(answer);
    }
    const linked = await apiOk<{ googleCalendarId: string; googleColor: string }>(t.app, {
      method: 'PUT',
      url: `/calendars/${calendarId}/google`,
      token: owner.token,
      body: { googleCalendarId: email },
    });
    expect(linked).toMatchObject({ googleCalendarId: email, googleColor: '#9fe1e7' });
    expect((await status(t, owner)).calendars[0]?.linkedCalendarId).toBe(calendarId);

    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: {
        ...validPatientInput(),
        datiGenerali: { ...validPatientInput().datiGenerali, nome: 'Mario', cognome: 'Rossi' },
      },
    });
    const single = await apiOk<CalendarEvent>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: {
        calendarId,
        summary: 'Seduta',
        pazienteId: patient.id,
        start: at(0, '09:00'),
        end: at(0, '10:00'),
        color: '#D50000',
      },
    });
    const series = await apiOk<CalendarEvent>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: {
        calendarId,
        summary: 'Gruppo',
        start: at(1, '16:00'),
        end: at(1, '17:00'),
        rrule: 'FREQ=WEEKLY;INTERVAL=1;UNTIL=20991231T235959',
      },
    });
    // one occurrence removed: an EXDATE on Google
    const occurrences = await eventsOfWeek(t, owner, {});
    const second = (
      await apiOk<CalendarEvent[]>(t.app, {
        method: 'GET',
        url: '/events',
        token: owner.token,
        query: { start: dayOf(7), end: dayOf(9) },
      })
    ).find((e) => e.seriesId === series.id);
    expect(occurrences.length).toBe(2);
    await apiOk(t.app, {
      method: 'DELETE',
      url: `/events/recur/${second?.id}`,
      token: owner.token,
      query: { deleteEventOption: 'SINGLE' },
    });

    const first = await sync(t, owner);
    expect(first.body).toMatchObject({ code: 'SUCCESS', response: { configured: true } });
    const copy = google.event(email, googleEventIdOf(single.id));
    expect(copy).toMatchObject({
      status: 'confirmed',
      summary: 'Seduta – Rossi Mario',
      colorId: '11',
      start: { dateTime: new Date(at(0, '09:00')).toISOString(), timeZone: 'Europe/Rome' },
      extendedProperties: { private: { studioloEventId: single.id, studioloStudioId: owner.studioId } },
    });
    const seriesCopy = google.event(email, googleEventIdOf(series.id));
    expect(seriesCopy?.recurrence?.[0]).toMatch(/^RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20991231T225959Z$/);
    expect(seriesCopy?.recurrence?.[1]).toMatch(/^EXDATE;TZID=Europe\/Rome:\d{8}T\d{6}$/);

    // the copies come back in the pull but show once, as the studio's own
    const both = await eventsOfWeek(t, owner, { calendarIds: calendarId, gcalendarIds: email });
    expect(both.map((e) => e.id.startsWith(externalEventIdMarker))).toEqual([false, false]);

    // a change is patched, and nothing is sent again when nothing changed
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events',
      token: owner.token,
      body: {
        id: single.id,
        calendarId,
        summary: 'Controllo',
        pazienteId: patient.id,
        start: at(0, '11:00'),
        end: at(0, '12:00'),
      },
    });
    const calendarWrites = () =>
      google.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/calendar/')).map((r) => r.method);
    const writesBefore = calendarWrites().length;
    expect((await sync(t, owner)).status).toBe(200);
    expect(google.event(email, googleEventIdOf(single.id))).toMatchObject({
      summary: 'Controllo – Rossi Mario',
      start: { dateTime: new Date(at(0, '11:00')).toISOString() },
    });
    expect(calendarWrites().slice(writesBefore)).toEqual(['PATCH']);
    expect((await sync(t, owner)).body.response).toMatchObject({ synced: 0 });

    // a deletion (queued with the delete, in its transaction) reaches Google at the next sync
    await apiOk(t.app, { method: 'DELETE', url: `/events/${single.id}`, token: owner.token });
    const queued = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int as n from google_event_deletions where studio_id = '${owner.studioId}'`,
    );
    expect(queued[0]?.n).toBe(1);
    expect((await sync(t, owner)).status).toBe(200);
    expect(google.event(email, googleEventIdOf(single.id))?.status).toBe('cancelled');
    expect(google.event(email, googleEventIdOf(series.id))?.status).toBe('confirmed');

    // unlinking the calendar takes its copies off Google
    await apiOk(t.app, {
      method: 'PUT',
      url: `/calendars/${calendarId}/google`,
      token: owner.token,
      body: { googleCalendarId: null },
    });
    expect((await sync(t, owner)).status).toBe(200);
    expect(google.event(email, googleEventIdOf(series.id))?.status).toBe('cancelled');
  });

  it('bulk delete leaves the mirrored Google events and the copies on Google untouched', async () => {
    const { owner, email } = await linkedStudio();
    const calendarId = await mainCalendarId(t.app, owner);
    await apiOk(t.app, {
      method: 'PUT',
      url: `/calendars/${calendarId}/google`,
      token: owner.token,
      body: { googleCalendarId: email },
    });
    google.putEvent(email, {
      id: 'esterno',
      summary: 'Esterno',
      start: { dateTime: at(1, '12:00') },
      end: { dateTime: at(1, '13:00') },
    });
    const own = await apiOk<CalendarEvent>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: { calendarId, summary: 'Seduta', start: at(1, '09:00'), end: at(1, '10:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);

    const bulk = await api<{ deletedCount: number }>(t.app, {
      method: 'DELETE',
      url: '/events/bulk',
      token: owner.token,
      query: week,
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.response).toEqual({ deletedCount: 1 });

    const queued = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int as n from google_event_deletions where studio_id = '${owner.studioId}'`,
    );
    expect(queued[0]?.n).toBe(0);
    expect((await sync(t, owner)).status).toBe(200);
    expect(google.event(email, googleEventIdOf(own.id))?.status).toBe('confirmed');
    // the Google calendar keeps both, now both external to the studio
    const shown = await eventsOfWeek(t, owner, { calendarIds: calendarId, gcalendarIds: email });
    expect(shown.map((e) => [e.summary.split(' –')[0], e.id.startsWith(externalEventIdMarker)])).toEqual([
      ['Seduta', true],
      ['Esterno', true],
    ]);
  });

  it('another studio sees neither the link nor the Google events', async () => {
    const { owner, email } = await linkedStudio();
    google.putEvent(email, {
      id: 'privato',
      summary: 'Privato',
      start: { dateTime: at(1, '10:00') },
      end: { dateTime: at(1, '11:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);
    const [external] = await eventsOfWeek(t, owner, { gcalendarIds: email });
    expect(external).toBeDefined();

    const other = await createStudioOwner(t.app);
    expect(await status(t, other)).toMatchObject({
      configured: true,
      linked: false,
      accountEmail: null,
      calendars: [],
    });
    expect(await eventsOfWeek(t, other, { gcalendarIds: email })).toEqual([]);
    expect((await api(t.app, { method: 'GET', url: `/events/${external?.id}`, token: other.token })).status).toBe(404);
    const otherSync = await sync(t, other);
    expect(otherSync.body).toMatchObject({ code: 'ALERT', answer: m.googleNotLinked, response: { synced: 0 } });
    const { googleCalendars } = await apiOk<{ googleCalendars: unknown[] }>(t.app, {
      method: 'GET',
      url: '/calendars',
      token: other.token,
    });
    expect(googleCalendars).toEqual([]);
    const target = await api(t.app, {
      method: 'PUT',
      url: `/calendars/${await mainCalendarId(t.app, other)}/google`,
      token: other.token,
      body: { googleCalendarId: email },
    });
    expect(target.status).toBe(400);
    // asking for studio A explicitly is refused
    const asA = await api(t.app, {
      method: 'GET',
      url: '/google-calendar',
      token: other.token,
      query: { studioId: owner.studioId },
    });
    expect(asA.status).toBe(403);
  });

  it('answers a clear 409 when Google revoked the access, and remembers it until the next good sync', async () => {
    const { owner, email } = await linkedStudio();
    google.revokeAccount(email);
    const res = await sync(t, owner);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ERROR', answer: m.googleAuthRevoked });
    expect((await status(t, owner)).lastSyncError).toBe(m.googleAuthRevoked);
  });

  it('answers 503 with a clear message when Google does not answer, and lets the next sync run', async () => {
    const { owner, email } = await linkedStudio();
    google.setFailure(500);
    try {
      const res = await sync(t, owner);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'ERROR', answer: m.googleUnavailable });
    } finally {
      google.setFailure(null);
    }
    expect((await status(t, owner)).lastSyncError).toBe(m.googleUnavailable);
    google.putEvent(email, {
      id: 'dopo',
      summary: 'Dopo',
      start: { dateTime: at(1, '10:00') },
      end: { dateTime: at(1, '11:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);
    expect(await status(t, owner)).toMatchObject({ lastSyncError: null });
    expect((await eventsOfWeek(t, owner, { gcalendarIds: email })).map((e) => e.summary)).toEqual(['Dopo']);
  });

  it('syncs linked studios in the background once an interval has passed, and waits an interval after a failure', async () => {
    const { owner, email } = await linkedStudio();
    const pass = (deps = t.deps) => syncDueGoogleCalendars(deps, () => {});
    const summaries = async () => (await eventsOfWeek(t, owner, { gcalendarIds: email })).map((e) => e.summary);
    const lastSyncMinutesAgo = (minutes: number) =>
      t.deps.db.execute(sql`update google_calendar_links
        set last_sync_at = now() - make_interval(mins => ${minutes}), updated_at = now() - make_interval(mins => ${minutes})
        where studio_id = ${owner.studioId}`);
    const putEvent = (id: string, summary: string, day: number) =>
      google.putEvent(email, {
        id,
        summary,
        start: { dateTime: at(day, '09:00') },
        end: { dateTime: at(day, '10:00') },
      });

    putEvent('prima', 'Prima', 1);
    await pass({ ...t.deps, config: { ...t.deps.config, GOOGLE_SYNC_INTERVAL_MINUTES: 0 } });
    expect(await summaries()).toEqual([]);
    await pass(); // never synced: due at once
    expect(await summaries()).toEqual(['Prima']);
    expect((await status(t, owner)).lastSyncAt).not.toBeNull();

    putEvent('seconda', 'Seconda', 2);
    await pass(); // synced a moment ago: not due
    expect(await summaries()).toEqual(['Prima']);
    await lastSyncMinutesAgo(11);
    await pass();
    expect(await summaries()).toEqual(['Prima', 'Seconda']);

    await lastSyncMinutesAgo(11);
    google.setFailure(500);
    try {
      await pass();
    } finally {
      google.setFailure(null);
    }
    expect((await status(t, owner)).lastSyncError).toBe(m.googleUnavailable);
    await pass(); // failed a moment ago: not tried again yet (it would succeed now)
    expect((await status(t, owner)).lastSyncError).toBe(m.googleUnavailable);
    await lastSyncMinutesAgo(11);
    await pass();
    expect((await status(t, owner)).lastSyncError).toBeNull();
  });

  it('refuses a second sync of the same studio while one is running', async () => {
    const { owner } = await linkedStudio();
    // a slow Google keeps the first sync running while the second is asked (on a fast database it could end first)
    google.setLatency(300);
    const first = sync(t, owner);
    await new Promise((r) => setTimeout(r, 100));
    const [a, b] = await Promise.all([first, sync(t, owner)]).finally(() => google.setLatency(0));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.answer).toBe(m.googleSyncBusy);
  });

  it('disconnects: revokes the token at Google and forgets the link and the mirror', async () => {
    const { owner, email } = await linkedStudio();
    google.putEvent(email, {
      id: 'e1',
      summary: 'Evento',
      start: { dateTime: at(1, '10:00') },
      end: { dateTime: at(1, '11:00') },
    });
    expect((await sync(t, owner)).status).toBe(200);
    const res = await api(t.app, { method: 'DELETE', url: '/google-calendar', token: owner.token });
    expect(res.body).toMatchObject({ code: 'SUCCESS', answer: m.googleDisconnected });
    expect(google.isRevoked(google.refreshTokensOf(email)[0] as string)).toBe(true);
    expect(await status(t, owner)).toMatchObject({ linked: false, calendars: [] });
    expect(await eventsOfWeek(t, owner, { gcalendarIds: email })).toEqual([]);
    const left = await rowsOf<{ n: number }>(
      t.deps.db,
      `select (select count(*) from google_calendar_links where studio_id = '${owner.studioId}')
            + (select count(*) from google_events where studio_id = '${owner.studioId}')::int as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });
});
