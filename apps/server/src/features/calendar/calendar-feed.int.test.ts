import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { mainCalendarId, validPatientInput } from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  // "today" is 1 November 2026 for the feed's window
  t = await buildTestApp({ PUBLIC_URL: 'https://studio.example.it' }, { now: () => new Date('2026-11-01T12:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('calendar feed (iCalendar)', () => {
  it('gives a private URL whose feed a real iCalendar parser reads, with every occurrence at its time', async () => {
    const owner = await createStudioOwner(t.app);
    const calendarId = await mainCalendarId(t.app, owner);
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: {
        calendarId,
        summary: 'Riabilitazione',
        pazienteId: patient.id,
        start: '2026-10-19T08:00:00.000Z',
        end: '2026-10-19T09:00:00.000Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        note: 'Portare referto; e "lastre"',
      },
    });
    const feed = await apiOk<{ url: string; active: boolean }>(t.app, {
      method: 'POST',
      url: `/calendars/${calendarId}/feed`,
      token: owner.token,
    });
    expect(feed.url).toMatch(
      /^https:\/\/studio\.example\.it\/app\/api\/public\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/,
    );

    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Calendario principale');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ['Riabilitazione – Verdi Giulia', '2026-10-19T08:00:00.000Z'],
      ['Riabilitazione – Verdi Giulia', '2026-10-26T09:00:00.000Z'],
      ['Riabilitazione – Verdi Giulia', '2026-11-02T09:00:00.000Z'],
    ]);
    expect(events[0]?.description).toBe('Portare referto; e "lastre"');
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
  });

  it('stops answering a URL once revoked or replaced', async () => {
    const owner = await createStudioOwner(t.app);
    const calendarId = await mainCalendarId(t.app, owner);
    const first = await apiOk<{ url: string }>(t.app, {
      method: 'POST',
      url: `/calendars/${calendarId}/feed`,
      token: owner.token,
    });
    const second = await apiOk<{ url: string }>(t.app, {
      method: 'POST',
      url: `/calendars/${calendarId}/feed`,
      token: owner.token,
    });
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    await apiOk(t.app, { method: 'DELETE', url: `/calendars/${calendarId}/feed`, token: owner.token });
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect(
      await apiOk(t.app, { method: 'GET', url: `/calendars/${calendarId}/feed`, token: owner.token }),
    ).toMatchObject({ active: false });
  });

  it('answers 404 to a made-up token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/app/api/public/calendar-feeds/${'a'.repeat(43)}.ics` });
    expect(res.statusCode).toBe(404);
  });
});
