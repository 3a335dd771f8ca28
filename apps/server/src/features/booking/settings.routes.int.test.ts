import type { BookingSettings, BookingSettingsAnswer } from '@studiolo/domain/booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const getSettings = (user: TestStudioUser) =>
  apiOk<BookingSettingsAnswer>(t.app, { method: 'GET', url: '/settings/booking', token: user.token });
const putSettings = (user: TestStudioUser, body: BookingSettings) =>
  api<BookingSettingsAnswer>(t.app, { method: 'PUT', url: '/settings/booking', token: user.token, body });
const room = (user: TestStudioUser) => createTenantResource(t.app, user, 'calendar-resource');
const device = async (user: TestStudioUser) =>
  (
    await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/settings/calendario/medical-devices',
      token: user.token,
      body: { name: 'Tecar', description: null, active: true },
    })
  ).id;

describe('booking settings', () => {
  it('makes the defaults on the first read: booking off, a slug from the studio’s name, every product not bookable', async () => {
    const owner = await createStudioOwner(t.app);
    const productId = await createTenantResource(t.app, owner, 'product');
    const answer = await getSettings(owner);
    expect(answer.settings).toMatchObject({
      enabled: false,
      minNoticeMinutes: 720,
      horizonDays: 60,
      slotStepMinutes: 15,
      bufferMinutes: 0,
      cancelLimitHours: 24,
      confirmationMode: 'STUDIO',
      closedOnHolidays: true,
      pageText: null,
      embedOrigins: [],
    });
    // the test studios are all "Rossi Mario": the first one took the plain slug, the others a number
    expect(answer.settings.slug).toMatch(/^rossi-mario(-\d+)?$/);
    expect(answer.publicUrl).toMatch(new RegExp(`/prenota/${answer.settings.slug}$`));
    expect(answer.services).toEqual([
      expect.objectContaining({ productId, bookable: false, showPrice: true, durationMinutes: 45, staffMemberIds: [] }),
    ]);
    expect(answer.staff).toEqual([expect.objectContaining({ memberId: owner.memberId, hours: [], exceptions: [] })]);
    // a second read keeps the same row
    expect((await getSettings(owner)).settings.slug).toBe(answer.settings.slug);
  });

  it('gives two studios of the same name two different links', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const slugA = (await getSettings(a)).settings.slug;
    const slugB = (await getSettings(b)).settings.slug;
    expect(slugA).not.toBe(slugB);
    expect(slugB).toMatch(/^rossi-mario-\d+$/);
  });

  it('keeps what the studio saved: settings, a service, a staff member’s hours and exceptions', async () => {
    const owner = await createStudioOwner(t.app);
    const productId = await createTenantResource(t.app, owner, 'product');
    const roomId = await room(owner);
    const deviceId = await device(owner);
    const slug = `studio-prova-${owner.studioId.slice(0, 8)}`;
    const settings: BookingSettings = {
      enabled: true,
      slug,
      minNoticeMinutes: 120,
      horizonDays: 30,
      slotStepMinutes: 30,
      bufferMinutes: 10,
      cancelLimitHours: 48,
      confirmationMode: 'AUTO',
      closedOnHolidays: false,
      pageText: 'Benvenuti.\nPortare la tessera sanitaria.',
      embedOrigins: ['https://www.studiorossi.it/prenota', 'https://www.studiorossi.it'],
    };
    const saved = await putSettings(owner, settings);
    expect(saved.status).toBe(200);
    expect(saved.body.answer).toBe('Impostazioni delle prenotazioni salvate');
    await apiOk(t.app, {
      method: 'PUT',
      url: `/settings/booking/services/${productId}`,
      token: owner.token,
      body: {
        bookable: true,
        showPrice: false,
        durationMinutes: 60,
        staffMemberIds: [owner.memberId],
        clinicRoomIds: [roomId],
        medicalDeviceIds: [deviceId],
      },
    });
    await apiOk(t.app, {
      method: 'PUT',
      url: `/settings/booking/staff/${owner.memberId}`,
      token: owner.token,
      body: {
        hours: [
          { weekday: 1, start: '14:00', end: '19:00' },
          { weekday: 1, start: '09:00', end: '13:00' },
          { weekday: 5, start: '08:30', end: '24:00' },
        ],
        exceptions: [
          { date: '2027-08-16', kind: 'CLOSED', start: null, end: null, note: 'Ferie' },
          { date: '2027-08-21', kind: 'OPEN', start: '09:00', end: '12:00', note: null },
        ],
      },
    });
    const answer = await getSettings(owner);
    // a CSP source is an origin: the path is dropped and the duplicate goes
    expect(answer.settings).toEqual({ ...settings, embedOrigins: ['https://www.studiorossi.it'] });
    expect(answer.publicUrl).toMatch(new RegExp(`/prenota/${slug}$`));
    expect(answer.services).toEqual([
      expect.objectContaining({
        productId,
        bookable: true,
        showPrice: false,
        durationMinutes: 60,
        staffMemberIds: [owner.memberId],
        clinicRoomIds: [roomId],
        medicalDeviceIds: [deviceId],
      }),
    ]);
    expect(answer.staff[0]).toMatchObject({
      memberId: owner.memberId,
      hours: [
        { weekday: 1, start: '09:00', end: '13:00' },
        { weekday: 1, start: '14:00', end: '19:00' },
        { weekday: 5, start: '08:30', end: '24:00' },
      ],
      exceptions: [
        { date: '2027-08-16', kind: 'CLOSED', start: null, end: null, note: 'Ferie' },
        { date: '2027-08-21', kind: 'OPEN', start: '09:00', end: '12:00', note: null },
      ],
    });
    // the audit trail names the changed settings, never their values
    const audit = await apiOk<{ action: string; changedFields: string[] | null }[]>(t.app, {
      method: 'GET',
      url: '/audit',
      token: owner.token,
    });
    const update = audit.find((a) => a.action === 'settings.booking.update');
    expect(update?.changedFields).toEqual(expect.arrayContaining(['enabled', 'slug', 'embedOrigins']));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['settings.booking.service', 'settings.booking.staff']),
    );
  });

  it('refuses a link another studio uses (409) and a reserved one (400), and frees the old link at once', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const base = (await getSettings(a)).settings;
    const slug = `fisio-centro-${a.studioId.slice(0, 8)}`;
    expect((await putSettings(a, { ...base, slug })).status).toBe(200);
    const bBase = (await getSettings(b)).settings;
    const taken = await putSettings(b, { ...bBase, slug: slug.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.answer).toBe('Questo indirizzo è già usato da un altro studio');
    expect(taken.body.fields?.slug).toBe('Questo indirizzo è già usato da un altro studio');
    const reserved = await putSettings(b, { ...bBase, slug: 'annulla' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.fields?.slug).toBe('Questo indirizzo non è disponibile: scegline un altro');
    // A moves to a new link: B may take the old one
    expect((await putSettings(a, { ...base, slug: `${slug}-nuovo` })).status).toBe(200);
    expect((await putSettings(b, { ...bBase, slug })).status).toBe(200);
  });

  it('refuses bad hours and a bookable service without staff with Italian messages', async () => {
    const owner = await createStudioOwner(t.app);
    const productId = await createTenantResource(t.app, owner, 'product');
    const overlap = await api(t.app, {
      method: 'PUT',
      url: `/settings/booking/staff/${owner.memberId}`,
      token: owner.token,
      body: {
        hours: [
          { weekday: 2, start: '09:00', end: '13:00' },
          { weekday: 2, start: '12:00', end: '15:00' },
        ],
        exceptions: [],
      },
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.answer).toBe('Due fasce orarie dello stesso giorno si sovrappongono');
    const reversed = await api(t.app, {
      method: 'PUT',
      url: `/settings/booking/staff/${owner.memberId}`,
      token: owner.token,
      body: { hours: [{ weekday: 2, start: '13:00', end: '09:00' }], exceptions: [] },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields?.['hours.0.end']).toBe("L'orario di fine deve venire dopo quello di inizio");
    const noStaff = await api(t.app, {
      method: 'PUT',
      url: `/settings/booking/services/${productId}`,
      token: owner.token,
      body: {
        bookable: true,
        showPrice: true,
        durationMinutes: 30,
        staffMemberIds: [],
        clinicRoomIds: [],
        medicalDeviceIds: [],
      },
    });
    expect(noStaff.status).toBe(400);
    expect(noStaff.body.fields?.staffMemberIds).toBe('Scegli almeno un professionista per un servizio prenotabile');
  });

  it('answers 404 for another studio’s product, member, room or device, and changes nothing', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const productA = await createTenantResource(t.app, a, 'product');
    const productB = await createTenantResource(t.app, b, 'product');
    const service = (over: Record<string, unknown> = {}) => ({
      bookable: true,
      showPrice: true,
      durationMinutes: 30,
      staffMemberIds: [b.memberId],
      clinicRoomIds: [],
      medicalDeviceIds: [],
      ...over,
    });
    const put = (url: string, body: unknown) => api(t.app, { method: 'PUT', url, token: b.token, body });
    expect((await put(`/settings/booking/services/${productA}`, service())).status).toBe(404);
    expect(
      (await put(`/settings/booking/services/${productB}`, service({ staffMemberIds: [a.memberId] }))).status,
    ).toBe(404);
    expect(
      (await put(`/settings/booking/services/${productB}`, service({ clinicRoomIds: [await room(a)] }))).status,
    ).toBe(404);
    expect(
      (await put(`/settings/booking/services/${productB}`, service({ medicalDeviceIds: [await device(a)] }))).status,
    ).toBe(404);
    // a room id given as a device is not a device of the studio either
    expect(
      (await put(`/settings/booking/services/${productB}`, service({ medicalDeviceIds: [await room(b)] }))).status,
    ).toBe(404);
    expect((await put(`/settings/booking/staff/${a.memberId}`, { hours: [], exceptions: [] })).status).toBe(404);
    expect((await getSettings(b)).services.every((s) => !s.bookable)).toBe(true);
    expect((await getSettings(a)).services.every((s) => !s.bookable)).toBe(true);
  });

  it('draws the public link as a QR code, PNG and SVG', async () => {
    const owner = await createStudioOwner(t.app);
    const png = await t.app.inject({
      method: 'GET',
      url: '/app/api/settings/booking/qr.png',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const svg = await t.app.inject({
      method: 'GET',
      url: '/app/api/settings/booking/qr.svg',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
    const anonymous = await t.app.inject({ method: 'GET', url: '/app/api/settings/booking/qr.png' });
    expect(anonymous.statusCode).toBe(401);
  });
});
