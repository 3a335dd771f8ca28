import type { CalendarEvent } from '@studiolo/domain/calendar';
import { calendarMessages } from '@studiolo/domain/calendar';
import { fieldMessages } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { mainCalendarId, validEventInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
let owner: TestStudioUser;
let calendarId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
  calendarId = await mainCalendarId(t.app, owner);
});
afterAll(async () => {
  await t.close();
});

const create = async (body: Record<string, unknown>, user = owner) =>
  apiOk<CalendarEvent>(t.app, { method: 'POST', url: '/events', token: user.token, body: { calendarId, ...body } });
const week = (start: string, end: string, extra: Record<string, string> = {}, user = owner) =>
  apiOk<CalendarEvent[]>(t.app, { method: 'GET', url: '/events', token: user.token, query: { start, end, ...extra } });
const put = (body: Record<string, unknown>) =>
  api<CalendarEvent>(t.app, { method: 'PUT', url: '/events', token: owner.token, body: { calendarId, ...body } });

/** A weekly 10:00–11:00 series in Rome from Monday 19 October 2026 (summer time) for ten weeks. */
const weeklySeries = (user = owner, extra: Record<string, unknown> = {}) =>
  create(
    {
      summary: 'Riabilitazione',
      start: '2026-10-19T08:00:00.000Z',
      end: '2026-10-19T09:00:00.000Z',
      rrule: 'FREQ=WEEKLY;COUNT=10',
      ...extra,
    },
    user,
  );

describe('calendars', () => {
  it('lists the studio’s main calendar and no Google calendars, then one more', async () => {
    const studio = await createStudioOwner(t.app);
    const before = await apiOk<{ calendars: { summary: string }[]; googleCalendars: unknown[] }>(t.app, {
      method: 'GET',
      url: '/calendars',
      token: studio.token,
    });
    expect(before).toMatchObject({ calendars: [{ summary: 'Calendario principale' }], googleCalendars: [] });
    await apiOk(t.app, { method: 'POST', url: '/calendars', token: studio.token, body: { summary: 'Domicili' } });
    const after = await apiOk<{ calendars: { summary: string }[] }>(t.app, {
      method: 'GET',
      url: '/calendars',
      token: studio.token,
    });
    expect(after.calendars.map((c) => c.summary)).toEqual(['Calendario principale', 'Domicili']);
  });

  it('renames a calendar with PUT /calendars and its id in the body, as the spec calls it', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/calendars',
      token: studio.token,
      body: { summary: 'Domicili' },
    });
    const renamed = await api<{ summary: string }>(t.app, {
      method: 'PUT',
      url: '/calendars',
      token: studio.token,
      body: { id: created.id, summary: 'Visite a domicilio' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response?.summary).toBe('Visite a domicilio');
    const other = await createStudioOwner(t.app);
    const foreign = await api(t.app, {
      method: 'PUT',
      url: '/calendars',
      token: other.token,
      body: { id: created.id, summary: 'Presa' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('appointments', () => {
  it('creates an appointment with a patient, price and colour, and shows it in its week', async () => {
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    });
    const created = await create({
      summary: 'Prima visita',
      start: '2026-11-24T15:00:00.000Z',
      end: '2026-11-24T15:45:00.000Z',
      pazienteId: patient.id,
      price: 45.5,
      color: '#D50000',
    });
    expect(created).toMatchObject({
      summary: 'Prima visita',
      pazienteName: 'Verdi Giulia',
      price: 45.5,
      color: '#D50000',
      googleColorId: '11',
      isPagato: false,
      rrule: null,
    });
    const [row] = await rowsOf<{ price_cents: number }>(
      t.deps.db,
      `select price_cents from events where id = '${created.id}'`,
    );
    expect(row?.price_cents).toBe(4550);
    const shown = await week('2026-11-23', '2026-11-29');
    expect(shown.map((e) => e.id)).toContain(created.id);
    expect((await week('2026-11-30', '2026-12-06')).map((e) => e.id)).not.toContain(created.id);
  });

  it('gives the default colour "Grigio" when none is chosen', async () => {
    const e = await create({ summary: 'X', start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T09:00:00.000Z' });
    expect(e.color).toBe('#616161');
  });

  it('refuses an end before the start, a yearly rule, a multi-weekday rule and a range over 365 days', async () => {
    const base = await validEventInput(t.app, owner);
    const endFirst = await api(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: { ...base, end: base.start, start: base.end },
    });
    expect(endFirst.status).toBe(400);
    expect(endFirst.body.fields?.end).toBe(calendarMessages.endBeforeStart);
    const yearly = await api(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: { ...base, rrule: 'FREQ=YEARLY' },
    });
    expect(yearly.body.fields?.rrule).toBe('La ricorrenza annuale non è consentita');
    const twoDays = await api(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: { ...base, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH' },
    });
    expect(twoDays.status).toBe(400);
    const long = await api(t.app, {
      method: 'GET',
      url: '/events',
      token: owner.token,
      query: { start: '2026-01-01', end: '2028-01-01' },
    });
    expect(long.status).toBe(400);
    const reversed = await api(t.app, {
      method: 'GET',
      url: '/events',
      token: owner.token,
      query: { start: '2026-02-01', end: '2026-01-01' },
    });
    expect(reversed.body.fields?.end).toBe(calendarMessages.endBeforeStart);
  });

  it('refuses another studio’s calendar, patient or room in an appointment, and writes nothing', async () => {
    const other = await createStudioOwner(t.app);
    const otherCalendar = await mainCalendarId(t.app, other);
    const before = await rowsOf(t.deps.db, 'select count(*)::int as n from events');
    const res = await api(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: await validEventInput(t.app, owner, { calendarId: otherCalendar }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields?.calendarId).toBeDefined();
    expect(await rowsOf(t.deps.db, 'select count(*)::int as n from events')).toEqual(before);
  });

  it('marks an appointment paid', async () => {
    const e = await create({
      summary: 'Da saldare',
      start: '2026-12-02T08:00:00.000Z',
      end: '2026-12-02T09:00:00.000Z',
    });
    const paid = await apiOk<CalendarEvent>(t.app, {
      method: 'PUT',
      url: '/events/paid',
      token: owner.token,
      body: { eventId: e.id, isPagato: true },
    });
    expect(paid.isPagato).toBe(true);
  });
});

describe('recurring appointments', () => {
  it('shows a weekly series at 10:00 in Rome on both sides of the clock change', async () => {
    const studio = await createStudioOwner(t.app);
    await weeklySeries(studio, { calendarId: await mainCalendarId(t.app, studio) });
    const shown = await week('2026-10-19', '2026-11-01', {}, studio);
    expect(shown.map((e) => e.start)).toEqual(['2026-10-19T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(shown[1]?.id).toMatch(/_20261026T090000Z$/);
    expect(shown[1]?.seriesId).toBe(shown[0]?.seriesId);
  });

  it('keeps a weekly series with no end going, years later too', async () => {
    const studio = await createStudioOwner(t.app);
    await weeklySeries(studio, { calendarId: await mainCalendarId(t.app, studio), rrule: 'FREQ=WEEKLY;INTERVAL=1' });
    const later = await week('2031-03-24', '2031-04-06', {}, studio);
    // Mondays 24 and 31 March 2031 at 10:00 in Rome, either side of that year's clock change
    expect(later.map((e) => e.start)).toEqual(['2031-03-24T09:00:00.000Z', '2031-03-31T08:00:00.000Z']);
  });

  it('moves one occurrence only with SINGLE, leaving the others in place', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const series = await weeklySeries(studio, { calendarId: cal });
    const occurrenceId = `${series.id}_20261102T090000Z`;
    const moved = await api<CalendarEvent>(t.app, {
      method: 'PUT',
      url: '/events',
      token: studio.token,
      body: {
        calendarId: cal,
        id: occurrenceId,
        updateEventOption: 'SINGLE',
        summary: 'Spostata',
        start: '2026-11-03T14:00:00.000Z',
        end: '2026-11-03T15:00:00.000Z',
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.response).toMatchObject({
      summary: 'Spostata',
      seriesId: series.id,
      originalStart: '2026-11-02T09:00:00.000Z',
    });
    const shown = await week('2026-10-26', '2026-11-15', {}, studio);
    expect(shown.map((e) => [e.start, e.summary])).toEqual([
      ['2026-10-26T09:00:00.000Z', 'Riabilitazione'],
      ['2026-11-03T14:00:00.000Z', 'Spostata'],
      ['2026-11-09T09:00:00.000Z', 'Riabilitazione'],
    ]);
  });

  it('asks which occurrences an update concerns when none is chosen (the dialog’s choice)', async () => {
    const series = await weeklySeries();
    const res = await put({
      id: `${series.id}_20261102T090000Z`,
      summary: 'X',
      start: '2026-11-02T09:00:00.000Z',
      end: '2026-11-02T10:00:00.000Z',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields?.updateEventOption).toBe(calendarMessages.scopeRequired);
  });

  it('changes this and the following occurrences with AFTER, splitting the series and keeping the count', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const series = await weeklySeries(studio, { calendarId: cal });
    // from the 4th occurrence (9 November) on: 11:00 instead of 10:00
    const res = await api<CalendarEvent>(t.app, {
      method: 'PUT',
      url: '/events',
      token: studio.token,
      body: {
        calendarId: cal,
        id: `${series.id}_20261109T090000Z`,
        updateEventOption: 'AFTER',
        summary: 'Riabilitazione (ore 11)',
        start: '2026-11-09T10:00:00.000Z',
        end: '2026-11-09T11:00:00.000Z',
      },
    });
    expect(res.status).toBe(200);
    const shown = await week('2026-10-19', '2027-01-31', {}, studio);
    expect(shown).toHaveLength(10);
    expect(shown.slice(0, 3).every((e) => e.summary === 'Riabilitazione')).toBe(true);
    expect(shown.slice(3).map((e) => e.start.slice(11, 16))).toEqual(Array(7).fill('10:00'));
    expect(shown.at(-1)?.start).toBe('2026-12-21T10:00:00.000Z');
  });

  it('changes a moved occurrence and the following ones with AFTER: they follow it, nothing is left behind', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const series = await weeklySeries(studio, { calendarId: cal });
    const save = (body: Record<string, unknown>) =>
      apiOk<CalendarEvent>(t.app, {
        method: 'PUT',
        url: '/events',
        token: studio.token,
        body: { calendarId: cal, ...body },
      });
    // 2 November moved alone to Tuesday 14:00 (an exception), then it and the following moved to Wednesday 16:00
    const exception = await save({
      id: `${series.id}_20261102T090000Z`,
      updateEventOption: 'SINGLE',
      summary: 'Riabilitazione',
      start: '2026-11-03T13:00:00.000Z',
      end: '2026-11-03T14:00:00.000Z',
    });
    await save({
      id: exception.id,
      updateEventOption: 'AFTER',
      summary: 'Riabilitazione (mercoledì)',
      start: '2026-11-04T15:00:00.000Z',
      end: '2026-11-04T16:00:00.000Z',
    });
    const shown = await week('2026-10-19', '2027-01-31', {}, studio);
    expect(shown).toHaveLength(10);
    expect(shown.slice(0, 2).map((e) => [e.start, e.summary])).toEqual([
      ['2026-10-19T08:00:00.000Z', 'Riabilitazione'],
      ['2026-10-26T09:00:00.000Z', 'Riabilitazione'],
    ]);
    expect(shown.slice(2).map((e) => e.start)).toEqual([
      '2026-11-04T15:00:00.000Z',
      '2026-11-11T15:00:00.000Z',
      '2026-11-18T15:00:00.000Z',
      '2026-11-25T15:00:00.000Z',
      '2026-12-02T15:00:00.000Z',
      '2026-12-09T15:00:00.000Z',
      '2026-12-16T15:00:00.000Z',
      '2026-12-23T15:00:00.000Z',
    ]);
    expect(shown.slice(2).every((e) => e.summary === 'Riabilitazione (mercoledì)')).toBe(true);
    const exceptionLeft = await api(t.app, { method: 'GET', url: `/events/${exception.id}`, token: studio.token });
    expect(exceptionLeft.status).toBe(404);
  });

  it('deletes one occurrence, the following ones, or the whole series', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const series = await weeklySeries(studio, { calendarId: cal });
    const del = (id: string, option: string) =>
      apiOk(t.app, {
        method: 'DELETE',
        url: `/events/recur/${id}`,
        token: studio.token,
        query: { deleteEventOption: option },
      });
    await del(`${series.id}_20261026T090000Z`, 'SINGLE');
    let shown = await week('2026-10-19', '2027-01-31', {}, studio);
    expect(shown).toHaveLength(9);
    await del(`${series.id}_20261116T090000Z`, 'AFTER');
    shown = await week('2026-10-19', '2027-01-31', {}, studio);
    expect(shown.map((e) => e.start.slice(0, 10))).toEqual(['2026-10-19', '2026-11-02', '2026-11-09']);
    await del(`${series.id}_20261102T090000Z`, 'ALL');
    expect(await week('2026-10-19', '2027-01-31', {}, studio)).toEqual([]);
  });

  it('marks a single occurrence paid without touching the rest of the series', async () => {
    const studio = await createStudioOwner(t.app);
    const series = await weeklySeries(studio, { calendarId: await mainCalendarId(t.app, studio) });
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events/paid',
      token: studio.token,
      body: { eventId: `${series.id}_20261026T090000Z`, isPagato: true },
    });
    const shown = await week('2026-10-19', '2026-11-08', {}, studio);
    expect(shown.map((e) => e.isPagato)).toEqual([false, true, false]);
  });

  it('answers 404 for an occurrence the series does not have', async () => {
    const series = await weeklySeries();
    const res = await api(t.app, { method: 'GET', url: `/events/${series.id}_20261027T090000Z`, token: owner.token });
    expect(res.status).toBe(404);
  });
});

describe('filters', () => {
  it('filters a week by staff member, colour, patient and the patient’s tags', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const tagged = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: studio.token,
      body: { ...validPatientInput(), tags: ['Sportivo'] },
    });
    const plain = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: studio.token,
      body: validPatientInput(),
    });
    const add = (summary: string, extra: Record<string, unknown>) =>
      create(
        { calendarId: cal, summary, start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T09:00:00.000Z', ...extra },
        studio,
      );
    await add('A', { pazienteId: tagged.id, color: '#D50000' });
    await add('B', { pazienteId: plain.id });
    const names = async (q: Record<string, string>) =>
      (await week('2026-11-23', '2026-11-29', q, studio)).map((e) => e.summary).sort();
    expect(await names({})).toEqual(['A', 'B']);
    expect(await names({ colors: '#D50000' })).toEqual(['A']);
    expect(await names({ pazienteIds: plain.id })).toEqual(['B']);
    expect(await names({ tagIds: 'Sportivo' })).toEqual(['A']);
  });
});

describe('duplicates and appointments to pay', () => {
  it('copies an occurrence of a series as a single appointment at a new time', async () => {
    const studio = await createStudioOwner(t.app);
    const series = await weeklySeries(studio, { calendarId: await mainCalendarId(t.app, studio) });
    const [copy] = await apiOk<CalendarEvent[]>(t.app, {
      method: 'POST',
      url: '/events/duplicate',
      token: studio.token,
      body: {
        events: [
          { id: `${series.id}_20261026T090000Z`, start: '2026-10-28T15:00:00.000Z', end: '2026-10-28T16:00:00.000Z' },
        ],
      },
    });
    expect(copy).toMatchObject({
      summary: 'Riabilitazione',
      rrule: null,
      seriesId: null,
      start: '2026-10-28T15:00:00.000Z',
    });
  });

  it('counts, per patient, the past appointments neither paid nor invoiced, most to settle first', async () => {
    const studio = await createStudioOwner(t.app);
    const cal = await mainCalendarId(t.app, studio);
    const patient = async (cognome: string) =>
      (
        await apiOk<{ id: string }>(t.app, {
          method: 'POST',
          url: '/pazienti',
          token: studio.token,
          body: { ...validPatientInput(), datiGenerali: { ...validPatientInput().datiGenerali, cognome } },
        })
      ).id;
    const neri = await patient('Neri');
    const blu = await patient('Blu');
    const add = (pazienteId: string, day: string, extra: Record<string, unknown> = {}) =>
      create(
        {
          calendarId: cal,
          pazienteId,
          summary: 'Seduta',
          start: `2025-03-${day}T09:00:00.000Z`,
          end: `2025-03-${day}T10:00:00.000Z`,
          price: 40,
          ...extra,
        },
        studio,
      );
    await add(neri, '03');
    const paid = await add(neri, '04');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events/paid',
      token: studio.token,
      body: { eventId: paid.id, isPagato: true },
    });
    // a weekly series of 3 for Blu: 3 occurrences to settle
    await add(blu, '05', { rrule: 'FREQ=WEEKLY;COUNT=3', price: 30 });
    const page = await apiOk<{
      content: { paziente: { nomeCompleto: string }; appuntamentiDaSaldare: number; importoDaSaldare: number }[];
    }>(t.app, {
      method: 'GET',
      url: '/events/appointments-to-pay',
      token: studio.token,
    });
    expect(page.content.map((r) => [r.paziente.nomeCompleto, r.appuntamentiDaSaldare, r.importoDaSaldare])).toEqual([
      ['Blu Giulia', 3, 90],
      ['Neri Giulia', 1, 40],
    ]);
  });

  it('says plainly that Google Calendar is not configured', async () => {
    const res = await api(t.app, { method: 'PUT', url: '/events/sync-cal', token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 'ALERT',
      answer: calendarMessages.googleNotConfigured,
      response: { configured: false },
    });
  });
});

describe('products', () => {
  it('creates a service in euros, stores cents, lists and deletes several at once', async () => {
    const studio = await createStudioOwner(t.app);
    const body = { name: 'Tecarterapia', price: 40.1, grossPrice: 40.1, duration: 30, status: 'ACTIVE' };
    const a = await apiOk<{ id: string; price: number }>(t.app, {
      method: 'POST',
      url: '/products',
      token: studio.token,
      body,
    });
    const b = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/products',
      token: studio.token,
      body: { ...body, name: 'Massaggio' },
    });
    expect(a.price).toBe(40.1);
    const [row] = await rowsOf<{ price_cents: number }>(
      t.deps.db,
      `select price_cents from products where id = '${a.id}'`,
    );
    expect(row?.price_cents).toBe(4010);
    const bad = await api(t.app, {
      method: 'POST',
      url: '/products',
      token: studio.token,
      body: { ...body, price: 1.005 },
    });
    expect(bad.body.fields?.price).toBe(calendarMessages.priceInvalid);
    const res = await api(t.app, {
      method: 'DELETE',
      url: '/products',
      token: studio.token,
      query: { productIds: `${a.id},${b.id}` },
    });
    expect(res.body.answer).toBe(calendarMessages.productsDeleted(2));
    expect(await apiOk(t.app, { method: 'GET', url: '/products', token: studio.token })).toEqual([]);
  });

  it("keeps a service's Sistema TS expense type: a health service (SP) unless chosen, a device (AD) when chosen", async () => {
    const studio = await createStudioOwner(t.app);
    const body = { name: 'Seduta', price: 50, grossPrice: 50, duration: 45 };
    const seduta = await apiOk<{ id: string; tipoSpesa: string }>(t.app, {
      method: 'POST',
      url: '/products',
      token: studio.token,
      body,
    });
    expect(seduta.tipoSpesa).toBe('SP');
    const tutore = await apiOk<{ id: string; tipoSpesa: string }>(t.app, {
      method: 'POST',
      url: '/products',
      token: studio.token,
      body: { ...body, name: 'Tutore per ginocchio', tipoSpesa: 'AD' },
    });
    expect(tutore.tipoSpesa).toBe('AD');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/products',
      token: studio.token,
      body: { ...body, id: seduta.id, tipoSpesa: 'SR' },
    });
    const listed = await apiOk<{ name: string; tipoSpesa: string }[]>(t.app, {
      method: 'GET',
      url: '/products',
      token: studio.token,
    });
    expect(listed.map((p) => [p.name, p.tipoSpesa])).toEqual([
      ['Seduta', 'SR'],
      ['Tutore per ginocchio', 'AD'],
    ]);
    // a pharmacy's expense type is not a studio's: refused on the field, nothing changed
    const bad = await api(t.app, {
      method: 'PUT',
      url: '/products',
      token: studio.token,
      body: { ...body, id: tutore.id, tipoSpesa: 'FC' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.tipoSpesa).toBe(fieldMessages.invalid);
    const [row] = await rowsOf<{ tipo_spesa: string }>(
      t.deps.db,
      `select tipo_spesa from products where id = '${tutore.id}'`,
    );
    expect(row?.tipo_spesa).toBe('AD');
  });
});
