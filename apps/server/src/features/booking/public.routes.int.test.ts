import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BookingSettings,
  BookingSettingsAnswer,
  BookingSlotsAnswer,
  PublicBookingPage,
} from '@studiolo/domain/booking';
import { fromRomeWall, toRomeWall } from '@studiolo/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, mainCalendarId, smallPngBytes } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';

const day = 86_400_000;
let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // a built web app of one page: the server serves its index.html for /prenota/:slug with the CSP under test
  webDist = mkdtempSync(path.join(tmpdir(), 'studiolo-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Studiolo</title>');
  t = await buildTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A Monday two to three weeks from today (Rome), as "YYYY-MM-DD", far from the notice and inside the horizon. */
const mondayAhead = () => {
  const todayWall = toRomeWall(Date.now());
  const today = todayWall - (todayWall % day);
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // 0 = Monday
  return new Date(today + (14 - weekday) * day).toISOString().slice(0, 10);
};
const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * day).toISOString().slice(0, 10);
/** The instant of a Rome wall time on a date. */
const rome = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(fromRomeWall(Date.parse(`${date}T00:00:00Z`) + (h * 60 + m) * 60_000)).toISOString();
};

type Studio = { owner: TestStudioUser; slug: string; productId: string; settings: BookingSettings };

/**
 * A studio whose owner works Monday to Friday 09:00–13:00, offering a 60-minute service every hour, booking on.
 */
const bookingStudio = async (service: Record<string, unknown> = {}, settings: Partial<BookingSettings> = {}) => {
  const owner = await createStudioOwner(t.app);
  const productId = await createTenantResource(t.app, owner, 'product');
  const answer = await apiOk<BookingSettingsAnswer>(t.app, {
    method: 'GET',
    url: '/settings/booking',
    token: owner.token,
  });
  const slug = `prova-${owner.studioId.slice(0, 8)}`;
  const all: BookingSettings = {
    ...answer.settings,
    enabled: true,
    slug,
    minNoticeMinutes: 0,
    slotStepMinutes: 60,
    closedOnHolidays: false,
    ...settings,
  };
  await apiOk(t.app, { method: 'PUT', url: '/settings/booking', token: owner.token, body: all });
  await apiOk(t.app, {
    method: 'PUT',
    url: `/settings/booking/services/${productId}`,
    token: owner.token,
    body: {
      bookable: true,
      showPrice: true,
      durationMinutes: 60,
      staffMemberIds: [owner.memberId],
      clinicRoomIds: [],
      medicalDeviceIds: [],
      ...service,
    },
  });
  await apiOk(t.app, {
    method: 'PUT',
    url: `/settings/booking/staff/${owner.memberId}`,
    token: owner.token,
    body: { hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '13:00' })), exceptions: [] },
  });
  return { owner, slug, productId, settings: all } satisfies Studio;
};

const slots = (s: Studio, from: string, to = from, extra: Record<string, string> = {}) =>
  api<BookingSlotsAnswer>(t.app, {
    method: 'GET',
    url: `/booking/${s.slug}/slots`,
    query: { productId: s.productId, from, to, ...extra },
  });
/** The Rome times ("HH:mm") offered on a date. */
const timesOn = async (s: Studio, date: string) => {
  const res = await slots(s, date);
  expect(res.status).toBe(200);
  const found = res.body.response?.days.find((d) => d.date === date);
  return (found?.slots ?? []).map((slot) => new Date(toRomeWall(Date.parse(slot.start))).toISOString().slice(11, 16));
};
const createEvent = async (owner: TestStudioUser, body: Record<string, unknown>) =>
  apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/events',
    token: owner.token,
    body: { calendarId: await mainCalendarId(t.app, owner), summary: 'Seduta', ...body },
  });

describe('public booking page', () => {
  it('answers the same 404 for an unknown link and for a studio whose booking is off', async () => {
    const s = await bookingStudio();
    const unknown = await api(t.app, { method: 'GET', url: '/booking/nessuno-studio-qui' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.answer).toBe('Pagina di prenotazione non trovata');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/booking',
      token: s.owner.token,
      body: { ...s.settings, enabled: false },
    });
    const off = await api(t.app, { method: 'GET', url: `/booking/${s.slug}` });
    expect(off.status).toBe(404);
    expect(off.body).toEqual(unknown.body);
    const offSlots = await slots(s, mondayAhead());
    expect(offSlots.status).toBe(404);
    expect(offSlots.body.answer).toBe('Pagina di prenotazione non trovata');
  });

  it('shows the studio, its bookable services and their staff, and nothing private', async () => {
    const s = await bookingStudio({ showPrice: false });
    // a product that is not bookable stays off the page
    await createTenantResource(t.app, s.owner, 'product');
    const res = await api<PublicBookingPage>(t.app, { method: 'GET', url: `/booking/${s.slug}` });
    expect(res.status).toBe(200);
    const page = res.body.response as PublicBookingPage;
    expect(page).toEqual({
      studio: {
        name: 'Rossi Mario',
        logoUrl: null,
        address: 'Via Roma 1, 40100 Bologna (BO)',
        phone: '+39 333 1234567',
        email: 'studio@example.it',
      },
      pageText: null,
      cancelLimitHours: 24,
      confirmationMode: 'STUDIO',
      services: [
        {
          productId: s.productId,
          name: 'Seduta di fisioterapia',
          durationMinutes: 60,
          priceCents: null,
          staffMemberIds: [s.owner.memberId],
        },
      ],
      staff: [{ memberId: s.owner.memberId, displayName: expect.any(String) }],
    });
    expect(JSON.stringify(res.body)).not.toContain(s.owner.email);
    expect(JSON.stringify(res.body)).not.toContain('RSSMRA85T10A562S');
    // the old link stops working when the studio changes it
    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/booking',
      token: s.owner.token,
      body: { ...s.settings, slug: `${s.slug}-bis` },
    });
    expect((await api(t.app, { method: 'GET', url: `/booking/${s.slug}` })).status).toBe(404);
    expect((await api(t.app, { method: 'GET', url: `/booking/${s.slug}-bis` })).status).toBe(200);
  });

  it('names each professional by name and surname, and serves the logo without a token', async () => {
    const s = await bookingStudio();
    const file = multipartFile('file', 'logo.png', 'image/png', await smallPngBytes());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/app/api/studio/logo',
      headers: { authorization: `Bearer ${s.owner.token}`, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(upload.statusCode).toBe(200);
    const staff = await apiOk<{ id: string; name: string; lastname: string }[]>(t.app, {
      method: 'GET',
      url: '/staff',
      token: s.owner.token,
    });
    const me = staff.find((x) => x.id === s.owner.memberId);
    const page = await apiOk<PublicBookingPage>(t.app, { method: 'GET', url: `/booking/${s.slug}` });
    expect(page.staff).toEqual([{ memberId: s.owner.memberId, displayName: `${me?.name} ${me?.lastname}` }]);
    // the patient's browser loads the logo with no token
    expect(page.studio.logoUrl).toMatch(/^\/app\/api\/public\/logos\//);
    const image = await t.app.inject({ method: 'GET', url: page.studio.logoUrl as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });
});

describe('free slots', () => {
  it('offers the working hours minus an appointment and an occurrence of a recurring series', async () => {
    const s = await bookingStudio();
    const monday = mondayAhead();
    expect(await timesOn(s, monday)).toEqual(['09:00', '10:00', '11:00', '12:00']);
    await createEvent(s.owner, {
      start: rome(monday, '10:00'),
      end: rome(monday, '11:00'),
      staffMemberId: s.owner.memberId,
    });
    // a weekly series at 12:00 that began the week before
    const series = await createEvent(s.owner, {
      start: rome(plusDays(monday, -7), '12:00'),
      end: rome(plusDays(monday, -7), '13:00'),
      rrule: 'FREQ=WEEKLY;COUNT=6',
      staffMemberId: s.owner.memberId,
    });
    expect(await timesOn(s, monday)).toEqual(['09:00', '11:00']);
    // the next Monday's occurrence is moved to 09:00: 12:00 is free that day, 09:00 is not
    const nextMonday = plusDays(monday, 7);
    const stamp = rome(nextMonday, '12:00')
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events',
      token: s.owner.token,
      body: {
        id: `${series.id}_${stamp}`,
        calendarId: await mainCalendarId(t.app, s.owner),
        summary: 'Seduta',
        start: rome(nextMonday, '09:00'),
        end: rome(nextMonday, '10:00'),
        staffMemberId: s.owner.memberId,
        updateEventOption: 'SINGLE',
      },
    });
    expect(await timesOn(s, nextMonday)).toEqual(['10:00', '11:00', '12:00']);
    // this Monday's occurrence removed: 12:00 is free again
    await apiOk(t.app, {
      method: 'DELETE',
      url: `/events/recur/${series.id}_${rome(monday, '12:00')
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
      token: s.owner.token,
      query: { deleteEventOption: 'SINGLE' },
    });
    expect(await timesOn(s, monday)).toEqual(['09:00', '11:00', '12:00']);
  });

  it('leaves out the times when the only room the service needs is taken, by whoever', async () => {
    const s = await bookingStudio();
    const room = await createTenantResource(t.app, s.owner, 'calendar-resource');
    await apiOk(t.app, {
      method: 'PUT',
      url: `/settings/booking/services/${s.productId}`,
      token: s.owner.token,
      body: {
        bookable: true,
        showPrice: true,
        durationMinutes: 60,
        staffMemberIds: [s.owner.memberId],
        clinicRoomIds: [room],
        medicalDeviceIds: [],
      },
    });
    const tuesday = plusDays(mondayAhead(), 1);
    // an appointment of nobody in particular that takes the room at 11:00
    await createEvent(s.owner, { start: rome(tuesday, '11:00'), end: rome(tuesday, '12:00'), clinicRoomId: room });
    expect(await timesOn(s, tuesday)).toEqual(['09:00', '10:00', '12:00']);
  });

  it('lists the days of the window with the professional free at each time', async () => {
    const s = await bookingStudio();
    const monday = mondayAhead();
    const res = await slots(s, monday, plusDays(monday, 6), { staffMemberId: s.owner.memberId });
    expect(res.status).toBe(200);
    const days = res.body.response?.days ?? [];
    // Monday to Friday; the weekend has no hours
    expect(days.map((d) => d.date)).toEqual([0, 1, 2, 3, 4].map((n) => plusDays(monday, n)));
    expect(days[0]?.slots[0]).toEqual({ start: rome(monday, '09:00'), staffMemberIds: [s.owner.memberId] });
  });

  it('answers a window that runs past the horizon up to its last day (the page asks 28-day windows)', async () => {
    const s = await bookingStudio({}, { horizonDays: 20, closedOnHolidays: false });
    const todayWall = toRomeWall(Date.now());
    const today = new Date(todayWall - (todayWall % day)).toISOString().slice(0, 10);
    const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T12:00:00Z`).getUTCDay());
    const res = await slots(s, plusDays(today, 7), plusDays(today, 34));
    expect(res.status).toBe(200);
    const days = (res.body.response?.days ?? []).map((d) => d.date);
    // the owner's weekdays from a week ahead to the horizon's last day (today + 19), none after it
    expect(days[0]).toBe([7, 8, 9].map((n) => plusDays(today, n)).find(isWeekday));
    expect(days.at(-1)).toBe([19, 18, 17].map((n) => plusDays(today, n)).find(isWeekday));
  });

  it('refuses a window longer than 31 days, reversed, or beyond the horizon, and a service that is not bookable', async () => {
    const s = await bookingStudio({}, { horizonDays: 60 });
    const monday = mondayAhead();
    const long = await slots(s, monday, plusDays(monday, 31));
    expect(long.status).toBe(400);
    expect(long.body.answer).toBe('Si possono chiedere al massimo 31 giorni alla volta');
    const reversed = await slots(s, monday, plusDays(monday, -1));
    expect(reversed.status).toBe(400);
    const beyond = await slots(s, plusDays(monday, 70), plusDays(monday, 71));
    expect(beyond.status).toBe(400);
    expect(beyond.body.answer).toBe('Il periodo richiesto è fuori dai giorni prenotabili');
    const other = await createTenantResource(t.app, s.owner, 'product');
    const notBookable = await slots(s, monday, monday, { productId: other });
    expect(notBookable.status).toBe(404);
    expect(notBookable.body.answer).toBe('Questo servizio non si può prenotare online');
    // another studio's staff member is not one of this service's
    const b = await createStudioOwner(t.app);
    const wrongStaff = await slots(s, monday, monday, { staffMemberId: b.memberId });
    expect(wrongStaff.status).toBe(404);
  });
});

describe('embedding the booking page', () => {
  const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

  it('lets the studio’s own websites frame /prenota/{slug}, and nothing else of the app', async () => {
    const s = await bookingStudio({}, { embedOrigins: ['https://www.studiorossi.it'] });
    const page = await t.app.inject({ method: 'GET', url: `/prenota/${s.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Studiolo</title>');
    expect(cspOf(page)).toContain("frame-ancestors 'self' https://www.studiorossi.it");
    expect(page.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/pazienti', '/prenota/annulla', `/prenota/${s.slug}-altro`, '/app/api/health']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(cspOf(other), url).toContain("frame-ancestors 'none'");
      expect(cspOf(other), url).not.toContain('studiorossi');
    }
  });

  it('keeps frame-ancestors none for a studio without embedding sites or with booking off', async () => {
    const plain = await bookingStudio();
    const res = await t.app.inject({ method: 'GET', url: `/prenota/${plain.slug}` });
    expect(cspOf(res)).toContain("frame-ancestors 'none'");
    const off = await bookingStudio({}, { embedOrigins: ['https://www.esempio.it'], enabled: false });
    const offPage = await t.app.inject({ method: 'GET', url: `/prenota/${off.slug}` });
    expect(offPage.statusCode).toBe(200); // the web app shows its own "not found" page
    expect(cspOf(offPage)).toContain("frame-ancestors 'none'");
  });
});

describe('rate limit of the public reads', () => {
  it('answers 429 with the minutes to wait once an address has read too many pages in a minute', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/app/api/booking/nessuno-studio-qui' })).statusCode,
        );
      expect(statuses).toEqual([404, 404, 404, 429]);
      const body = (await limited.app.inject({ method: 'GET', url: '/app/api/booking/nessuno-studio-qui' })).json();
      expect(body).toMatchObject({ code: 'ERROR', answer: expect.stringContaining('troppe richieste') });
    } finally {
      await limited.close();
    }
  });
});
