import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, mainCalendarId, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  // "today" is 1 November 2026 for the feed's window
  t = await buildTestApp({ PUBLIC_URL: 'https://studio.example.it' }, { now: () => new Date('2026-11-01T12:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

/** A studio with a weekly series for Verdi Giulia (with notes and a service) on its main calendar. */
const studioWithAppointments = async () => {
  const owner = await createStudioOwner(t.app);
  const calendarId = await mainCalendarId(t.app, owner);
  const patient = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(),
  });
  const productId = await createTenantResource(t.app, owner, 'product');
  await apiOk(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: {
      calendarId,
      summary: 'Riabilitazione Verdi',
      pazienteId: patient.id,
      productId,
      start: '2026-10-19T08:00:00.000Z',
      end: '2026-10-19T09:00:00.000Z',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      note: 'diagnosi: lombalgia; portare "lastre"',
    },
  });
  return { owner, calendarId };
};

const publish = (who: TestStudioUser, calendarId: string) =>
  apiOk<{ url: string; active: boolean }>(t.app, {
    method: 'POST',
    url: `/calendars/${calendarId}/feed`,
    token: who.token,
  });

const summariesOf = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('calendar feed (iCalendar)', () => {
  it('gives a private URL whose feed shows only "Appuntamento" and the time by default: no patient, no title, no notes', async () => {
    const { owner, calendarId } = await studioWithAppointments();
    const feed = await publish(owner, calendarId);
    expect(feed.url).toMatch(
      /^https:\/\/studio\.example\.it\/app\/api\/public\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/,
    );

    const res = await fetchFeed(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Calendario principale');
    const events = summariesOf(res.body);
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString()])).toEqual([
      ['Appuntamento', '2026-10-19T08:00:00.000Z'],
      ['Appuntamento', '2026-10-26T09:00:00.000Z'],
      ['Appuntamento', '2026-11-02T09:00:00.000Z'],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);
    for (const word of ['Verdi', 'Giulia', 'diagnosi', 'lastre', 'Riabilitazione', 'DESCRIPTION', 'Seduta'])
      expect(res.body).not.toContain(word);
  });

  it('shows what the studio chose (the initials, the name or the service), never the notes', async () => {
    const { owner, calendarId } = await studioWithAppointments();
    const feed = await publish(owner, calendarId);
    const shown = async (content: string) => {
      const saved = await apiOk<{ content: string }>(t.app, {
        method: 'PUT',
        url: '/calendar-feeds/settings',
        token: owner.token,
        body: { content },
      });
      expect(saved.content).toBe(content);
      const body = (await fetchFeed(feed.url)).body;
      expect(body).not.toContain('diagnosi');
      expect(body).not.toContain('Riabilitazione');
      return summariesOf(body)[0]?.summary;
    };
    expect(await shown('INIZIALI')).toBe('Appuntamento – V. G.');
    expect(await shown('NOME')).toBe('Appuntamento – Verdi Giulia');
    expect(await shown('PRESTAZIONE')).toBe('Appuntamento – Seduta di fisioterapia');
    expect(await shown('ORARIO')).toBe('Appuntamento');
    const refused = await api(t.app, {
      method: 'PUT',
      url: '/calendar-feeds/settings',
      token: owner.token,
      body: { content: 'NOTE' },
    });
    expect(refused.status).toBe(400);
  });

  it('is published only by those who administer the studio: a collaborator or an accountant gets 403', async () => {
    const { owner, calendarId } = await studioWithAppointments();
    for (const role of ['ROLE_STAFF_COLLABORATORE', 'ROLE_STAFF_CONTABILE'] as const) {
      const staff = await createStaffUser(t.app, t.deps, owner, role);
      for (const method of ['GET', 'POST', 'DELETE'] as const)
        expect((await api(t.app, { method, url: `/calendars/${calendarId}/feed`, token: staff.token })).status).toBe(
          403,
        );
      expect((await api(t.app, { method: 'GET', url: '/calendar-feeds', token: staff.token })).status).toBe(403);
    }
    const admin = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_ADMIN');
    expect((await fetchFeed((await publish(admin, calendarId)).url)).statusCode).toBe(200);
  });

  it('stops answering when its author loses the right or leaves the studio', async () => {
    const { owner, calendarId } = await studioWithAppointments();
    const admin = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_ADMIN');
    const demoted = await publish(admin, calendarId);
    expect((await fetchFeed(demoted.url)).statusCode).toBe(200);
    await apiOk(t.app, {
      method: 'PUT',
      url: `/staff/${admin.memberId}`,
      token: owner.token,
      body: { name: 'Luca', lastname: 'Verdi', role: 'ROLE_STAFF_COLLABORATORE' },
    });
    expect((await fetchFeed(demoted.url)).statusCode).toBe(404);
    // given the role back, the old URL stays dead
    await apiOk(t.app, {
      method: 'PUT',
      url: `/staff/${admin.memberId}`,
      token: owner.token,
      body: { name: 'Luca', lastname: 'Verdi', role: 'ROLE_STAFF_ADMIN' },
    });
    expect((await fetchFeed(demoted.url)).statusCode).toBe(404);

    const leaving = await publish(admin, calendarId);
    expect((await fetchFeed(leaving.url)).statusCode).toBe(200);
    await apiOk(t.app, { method: 'DELETE', url: `/staff/${admin.memberId}`, token: owner.token });
    expect((await fetchFeed(leaving.url)).statusCode).toBe(404);
    expect(await apiOk(t.app, { method: 'GET', url: '/calendar-feeds', token: owner.token })).toMatchObject({
      feeds: [],
    });
  });

  it('lists every live feed with its author in the settings; creating and revoking are audited', async () => {
    const { owner, calendarId } = await studioWithAppointments();
    const second = await createTenantResource(t.app, owner, 'calendar');
    const admin = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_ADMIN');
    await publish(owner, calendarId);
    const adminFeed = await publish(admin, second);
    const listed = await apiOk<{
      content: string;
      feeds: { calendarId: string; calendarSummary: string; author: { email: string; memberId: string } }[];
    }>(t.app, { method: 'GET', url: '/calendar-feeds', token: owner.token });
    expect(listed.content).toBe('ORARIO');
    expect(listed.feeds.map((f) => [f.calendarId, f.author.email])).toEqual([
      [calendarId, owner.email],
      [second, admin.email],
    ]);
    expect(listed.feeds[1]?.author.memberId).toBe(admin.memberId);

    await apiOk(t.app, { method: 'DELETE', url: `/calendars/${second}/feed`, token: owner.token });
    expect((await fetchFeed(adminFeed.url)).statusCode).toBe(404);
    const after = await apiOk<{ feeds: unknown[] }>(t.app, {
      method: 'GET',
      url: '/calendar-feeds',
      token: owner.token,
    });
    expect(after.feeds).toHaveLength(1);

    const audit = await apiOk<{ action: string; entityId: string | null; actorEmail: string | null }[]>(t.app, {
      method: 'GET',
      url: '/audit',
      token: owner.token,
    });
    const feedEvents = audit
      .filter((a) => a.action.startsWith('calendar.feed.'))
      .map((a) => [a.action, a.entityId, a.actorEmail]);
    expect(feedEvents).toEqual(
      expect.arrayContaining([
        ['calendar.feed.create', calendarId, owner.email],
        ['calendar.feed.create', second, admin.email],
        ['calendar.feed.revoke', second, owner.email],
      ]),
    );
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
