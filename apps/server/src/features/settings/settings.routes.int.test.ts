import {
  type CalendarResourceKind,
  type Settings,
  settingsMessages,
  settingsSections,
} from '@studiolo/domain/settings';
import { fieldMessages, httpMessages } from '@studiolo/domain/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { auditEvents, calendarResources, settingsSections as settingsTable, sezionali } from '../../db/schema/index.ts';

type Resource = { id: string; name: string; description: string | null; active: boolean };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const getSettings = (user: TestStudioUser) =>
  apiOk<Settings>(t.app, { method: 'GET', url: '/settings', token: user.token });

/** Every row a settings write could touch for the studio (what "nothing written" compares). */
const storedRows = async (studioId: string) => ({
  sections: await t.deps.db.select().from(settingsTable).where(eq(settingsTable.studioId, studioId)),
  resources: await t.deps.db.select().from(calendarResources).where(eq(calendarResources.studioId, studioId)),
  sezionali: await t.deps.db.select().from(sezionali).where(eq(sezionali.studioId, studioId)),
});

const createResource = (owner: TestStudioUser, kind: CalendarResourceKind, name: string) =>
  apiOk<Resource>(t.app, {
    method: 'POST',
    url: `/settings/calendario/${kind}`,
    token: owner.token,
    body: { name, description: 'Piano terra' },
  });

describe('settings sections', () => {
  it('answers empty sections, no resources or sezionali and passive invoicing off for a new studio', async () => {
    const owner = await createStudioOwner(t.app);
    expect(await getSettings(owner)).toEqual({
      fattura: {},
      'sistema-ts': {
        categoria: 'PROFESSIONISTA',
        cfProprietario: '',
        codiceRegione: '',
        codiceAsl: '',
        codiceSSA: '',
        username: '',
        passwordSet: false,
        pincodeSet: false,
        certificato: null,
        invioAutomatico: false,
      },
      'cartella-paziente': {},
      general: {},
      calendario: { rooms: [], serviceLocations: [], medicalDevices: [] },
      sezionali: [],
      passiveInvoiceEnabled: false,
    });
  });

  // sistema-ts is typed (its own test in features/sistema-ts): the free sections merge whatever they are sent
  const freeSections = settingsSections.filter((s) => s !== 'sistema-ts');
  it.each(freeSections)(
    'merges PATCH /settings/%s into the stored section, shallowly, and answers the whole settings',
    async (section) => {
      const owner = await createStudioOwner(t.app);
      const first = await api<Settings>(t.app, {
        method: 'PATCH',
        url: `/settings/${section}`,
        token: owner.token,
        body: { footerText: 'Grazie', nested: { a: 1, b: 2 }, keep: true },
      });
      expect(first.status).toBe(200);
      expect(first.body.answer).toBe(settingsMessages.saved);
      expect(first.body.response?.[section]).toMatchObject({
        footerText: 'Grazie',
        nested: { a: 1, b: 2 },
        keep: true,
      });

      await apiOk(t.app, {
        method: 'PATCH',
        url: `/settings/${section}`,
        token: owner.token,
        body: { footerText: 'A presto', nested: { a: 3 } },
      });
      const after = await getSettings(owner);
      expect(after[section]).toMatchObject({ footerText: 'A presto', nested: { a: 3 }, keep: true });
      expect((after[section] as Record<string, unknown>).nested).toEqual({ a: 3 });
      for (const other of freeSections.filter((s) => s !== section)) {
        expect(
          Object.keys(after[other]).filter((k) => !['rooms', 'serviceLocations', 'medicalDevices'].includes(k)),
        ).toEqual([]);
      }
      expect(after['sistema-ts']).toMatchObject({ cfProprietario: '', passwordSet: false });
    },
  );

  it('keeps the calendario resources alongside the section’s own keys', async () => {
    const owner = await createStudioOwner(t.app);
    const room = await createResource(owner, 'rooms', 'Stanza 1');
    await apiOk(t.app, { method: 'PATCH', url: '/settings/calendario', token: owner.token, body: { slotMinutes: 30 } });
    const { calendario } = await getSettings(owner);
    expect(calendario).toEqual({ slotMinutes: 30, rooms: [room], serviceLocations: [], medicalDevices: [] });
  });

  it('replaces the sections POST /settings names, all at once, and leaves the others alone', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/fattura',
      token: owner.token,
      body: { middleText: 'x', footerText: 'y' },
    });
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/sistema-ts',
      token: owner.token,
      body: { cfProprietario: 'RSSMRA85T10A562S' },
    });
    const res = await api<Settings>(t.app, {
      method: 'POST',
      url: '/settings',
      token: owner.token,
      body: { fattura: { footerText: 'z' }, general: { tema: 'chiaro' }, calendario: { slotMinutes: 15 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(settingsMessages.saved);
    expect(res.body.response).toMatchObject({
      fattura: { footerText: 'z' },
      'sistema-ts': { cfProprietario: 'RSSMRA85T10A562S' },
      general: { tema: 'chiaro' },
      calendario: { slotMinutes: 15, rooms: [] },
    });
    expect(res.body.response?.fattura).toEqual({ footerText: 'z' });
  });

  it('refuses calendar resources inside the calendario body, with the Italian message, and writes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const before = await storedRows(owner.studioId);
    const res = await api(t.app, {
      method: 'POST',
      url: '/settings',
      token: owner.token,
      body: { general: { tema: 'scuro' }, calendario: { rooms: [{ name: 'Stanza' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'ERROR',
      answer: settingsMessages.calendarResourcesReadOnly,
      fields: { 'calendario.rooms': settingsMessages.calendarResourcesReadOnly },
    });
    const patch = await api(t.app, {
      method: 'PATCH',
      url: '/settings/calendario',
      token: owner.token,
      body: { medicalDevices: [] },
    });
    expect(patch.status).toBe(400);
    expect(await storedRows(owner.studioId)).toEqual(before);
  });

  it('refuses a field POST /settings does not know and a body that is not an object', async () => {
    const owner = await createStudioOwner(t.app);
    const unknown = await api(t.app, { method: 'POST', url: '/settings', token: owner.token, body: { sezionali: [] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.answer).toBe(fieldMessages.unknownField);
    const notObject = await api(t.app, { method: 'PATCH', url: '/settings/general', token: owner.token, body: ['a'] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.answer).toBe(fieldMessages.invalid);
    expect((await storedRows(owner.studioId)).sections).toEqual([]);
  });

  it('refuses a PATCH whose merge would make the section too large, keeping what was stored', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/general',
      token: owner.token,
      body: { a: 'x'.repeat(40_000) },
    });
    const before = await storedRows(owner.studioId);
    const res = await api(t.app, {
      method: 'PATCH',
      url: '/settings/general',
      token: owner.token,
      body: { b: 'y'.repeat(40_000) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      answer: settingsMessages.tooLarge,
      fields: { general: settingsMessages.tooLarge },
    });
    expect(await storedRows(owner.studioId)).toEqual(before);
  });

  it('audits which keys changed, never their values', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/cartella-paziente',
      token: owner.token,
      body: { notaRiservata: 'valore-segreto', x: 1 },
    });
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/cartella-paziente',
      token: owner.token,
      body: { x: 1, y: 2 },
    });
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.studioId, owner.studioId), eq(auditEvents.action, 'settings.update')))
      .orderBy(auditEvents.occurredAt);
    expect(events.map((e) => [e.entityType, e.entityId, e.changedFields])).toEqual([
      ['settings', 'cartella-paziente', ['cartella-paziente.notaRiservata', 'cartella-paziente.x']],
      ['settings', 'cartella-paziente', ['cartella-paziente.y']],
    ]);
    expect(JSON.stringify(events)).not.toContain('valore-segreto');
  });
});

describe('calendar resources', () => {
  it('creates, updates and deletes rooms, service locations and medical devices', async () => {
    const owner = await createStudioOwner(t.app);
    const created = await api<Resource>(t.app, {
      method: 'POST',
      url: '/settings/calendario/rooms',
      token: owner.token,
      body: { name: '  Stanza blu ', description: null },
    });
    expect(created.status).toBe(200);
    expect(created.body.answer).toBe(settingsMessages.resourceSaved);
    const room = created.body.response as Resource;
    expect(room).toMatchObject({ name: 'Stanza blu', description: null, active: true });
    const place = await createResource(owner, 'service-locations', 'Sede di Bologna');
    const device = await createResource(owner, 'medical-devices', 'Tecar');

    let settings = await getSettings(owner);
    expect(settings.calendario).toMatchObject({ rooms: [room], serviceLocations: [place], medicalDevices: [device] });

    const updated = await api<Resource>(t.app, {
      method: 'PATCH',
      url: `/settings/calendario/medical-devices/${device.id}`,
      token: owner.token,
      body: { active: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response).toEqual({ ...device, active: false });
    await apiOk(t.app, {
      method: 'PATCH',
      url: `/settings/calendario/rooms/${room.id}`,
      token: owner.token,
      body: { name: 'Stanza rossa', description: 'Primo piano' },
    });

    const deleted = await api(t.app, {
      method: 'DELETE',
      url: `/settings/calendario/service-locations/${place.id}`,
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.answer).toBe(settingsMessages.resourceDeleted);

    settings = await getSettings(owner);
    expect(settings.calendario).toMatchObject({
      rooms: [{ id: room.id, name: 'Stanza rossa', description: 'Primo piano', active: true }],
      serviceLocations: [],
      medicalDevices: [{ ...device, active: false }],
    });
    const again = await api(t.app, {
      method: 'DELETE',
      url: `/settings/calendario/service-locations/${place.id}`,
      token: owner.token,
    });
    expect(again.status).toBe(404);
  });

  it('answers 404 for another studio’s resource and leaves it as it was', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const room = await createResource(owner, 'rooms', 'Stanza privata');
    const before = await storedRows(owner.studioId);

    const patch = await api(t.app, {
      method: 'PATCH',
      url: `/settings/calendario/rooms/${room.id}`,
      token: other.token,
      body: { name: 'Presa' },
    });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ code: 'ERROR', answer: httpMessages.notFound });
    const del = await api(t.app, {
      method: 'DELETE',
      url: `/settings/calendario/rooms/${room.id}`,
      token: other.token,
    });
    expect(del.status).toBe(404);
    expect(await storedRows(owner.studioId)).toEqual(before);
    expect((await getSettings(other)).calendario.rooms).toEqual([]);
  });

  it('refuses a resource without a name, with the Italian field message, and writes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const before = await storedRows(owner.studioId);
    const res = await api(t.app, {
      method: 'POST',
      url: '/settings/calendario/rooms',
      token: owner.token,
      body: { name: '   ' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'ERROR',
      answer: fieldMessages.required,
      fields: { name: fieldMessages.required },
    });
    const tooLong = await api(t.app, {
      method: 'POST',
      url: '/settings/calendario/rooms',
      token: owner.token,
      body: { name: 'x'.repeat(101) },
    });
    expect(tooLong.body.fields).toEqual({ name: fieldMessages.tooLong(100) });
    expect(await storedRows(owner.studioId)).toEqual(before);
  });
});

describe('sezionali', () => {
  it('creates a sezionale and updates the one of the same name instead of adding another', async () => {
    const owner = await createStudioOwner(t.app);
    const first = await api<Settings>(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'A', documentTypes: ['TD_01', 'NOTA_DI_CREDITO'] },
    });
    expect(first.status).toBe(200);
    expect(first.body.answer).toBe(settingsMessages.sezionaleSaved);
    expect(first.body.response?.sezionali).toEqual([
      { name: 'A', active: true, documentTypes: ['TD_01', 'NOTA_DI_CREDITO'] },
    ]);

    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'A', active: false, documentTypes: [] },
    });
    await apiOk(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'B/2025', active: true, documentTypes: ['PROFORMA'] },
    });
    expect((await getSettings(owner)).sezionali).toEqual([
      { name: 'A', active: false, documentTypes: [] },
      { name: 'B/2025', active: true, documentTypes: ['PROFORMA'] },
    ]);
    const other = await createStudioOwner(t.app);
    expect((await getSettings(other)).sezionali).toEqual([]);
  });

  it('refuses a sezionale name with spaces or symbols, in Italian, and writes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const res = await api(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'A B!', documentTypes: ['TD_01'] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      answer: settingsMessages.sezionaleInvalid,
      fields: { name: settingsMessages.sezionaleInvalid },
    });
    const badType = await api(t.app, {
      method: 'PUT',
      url: '/settings/fatturazione/sezionali',
      token: owner.token,
      body: { name: 'A', documentTypes: ['SCONTRINO'] },
    });
    expect(badType.status).toBe(400);
    expect((await storedRows(owner.studioId)).sezionali).toEqual([]);
  });
});

describe('passive invoicing', () => {
  it('is switched on and off by its own calls, and replacing fattura does not touch it', async () => {
    const owner = await createStudioOwner(t.app);
    const on = await api<Settings>(t.app, {
      method: 'POST',
      url: '/settings/documento-contabile-passivo/enable',
      token: owner.token,
    });
    expect(on.status).toBe(200);
    expect(on.body.answer).toBe(settingsMessages.passiveInvoiceEnabled);
    expect(on.body.response?.passiveInvoiceEnabled).toBe(true);
    await apiOk(t.app, {
      method: 'POST',
      url: '/settings',
      token: owner.token,
      body: { fattura: { passiveInvoiceEnabled: false } },
    });
    expect((await getSettings(owner)).passiveInvoiceEnabled).toBe(true);
    const off = await apiOk<Settings>(t.app, {
      method: 'POST',
      url: '/settings/documento-contabile-passivo/disable',
      token: owner.token,
    });
    expect(off.passiveInvoiceEnabled).toBe(false);
  });
});

describe('who may change settings', () => {
  it('lets a collaborator read the settings and answers 403 to every change, writing nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const room = await createResource(owner, 'rooms', 'Stanza 2');
    const collaboratore = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    expect((await getSettings(collaboratore)).calendario.rooms).toEqual([room]);

    const before = await storedRows(owner.studioId);
    const attempts = [
      { method: 'PATCH', url: '/settings/general', body: { tema: 'scuro' } },
      { method: 'POST', url: '/settings', body: { fattura: {} } },
      { method: 'POST', url: '/settings/calendario/rooms', body: { name: 'Stanza 3' } },
      { method: 'PATCH', url: `/settings/calendario/rooms/${room.id}`, body: { active: false } },
      { method: 'DELETE', url: `/settings/calendario/rooms/${room.id}` },
      { method: 'PUT', url: '/settings/fatturazione/sezionali', body: { name: 'C' } },
      { method: 'POST', url: '/settings/documento-contabile-passivo/enable' },
    ] as const;
    for (const call of attempts) {
      const res = await api(t.app, { ...call, token: collaboratore.token });
      expect(res.status, `${call.method} ${call.url}`).toBe(403);
      expect(res.body.answer).toBe(httpMessages.forbidden);
    }
    expect(await storedRows(owner.studioId)).toEqual(before);
  });
});

describe('invoice defaults (section fattura)', () => {
  it('keeps the taxes a new document starts from, checked like a document’s own', async () => {
    const owner = await createStudioOwner(t.app);
    const tassazione = {
      cassaPrevidenzialeType: 'ENPAP',
      cassaPrevidenziale: { active: true, value: 2, typeValue: 'PERCENTAGE' },
      ivaAndRivalsaInclusa: false,
    };
    const saved = await apiOk<{ fattura: Record<string, unknown> }>(t.app, {
      method: 'PATCH',
      url: '/settings/fattura',
      token: owner.token,
      body: { tassazione, footerText: 'Grazie per la fiducia' },
    });
    expect(saved.fattura).toEqual({ tassazione, footerText: 'Grazie per la fiducia' });
    const wrong = await api(t.app, {
      method: 'PATCH',
      url: '/settings/fattura',
      token: owner.token,
      body: {
        tassazione: { ...tassazione, cassaPrevidenziale: { active: true, value: 150, typeValue: 'PERCENTAGE' } },
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ 'tassazione.cassaPrevidenziale.value': 'Valore non valido' });
    const stored = await apiOk<{ fattura: Record<string, unknown> }>(t.app, {
      method: 'GET',
      url: '/settings',
      token: owner.token,
    });
    expect(stored.fattura.tassazione).toEqual(tassazione);
  });
});
