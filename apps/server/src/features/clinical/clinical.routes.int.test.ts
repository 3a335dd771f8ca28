import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditEvent } from '@studiolo/domain/audit';
import { type DiaryEntry, type Evaluation, clinicalMessages as m, type OutcomeRecord } from '@studiolo/domain/clinical';
import { httpMessages } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  createTenantResource,
  validDiaryInput,
  validEvaluationInput,
  validEventInput,
  validOdiInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const patientOf = (owner: TestStudioUser) => createTenantResource(t.app, owner, 'patient');
const accessLog = (owner: TestStudioUser, pazienteId: string) =>
  apiOk<AuditEvent[]>(t.app, { method: 'GET', url: '/audit', token: owner.token, query: { pazienteId, limit: '500' } });
const { pazienteId: _omit, ...evaluationBody } = validEvaluationInput('00000000-0000-4000-8000-000000000000');

describe('evaluations /valutazioni', () => {
  it('creates, reads, lists, updates and deletes an evaluation of the studio’s patient', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const created = await api<Evaluation>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId, { note: '   ', diagnosi: '  Lombalgia aspecifica ' }),
    });
    expect(created.status).toBe(200);
    expect(created.body.answer).toBe(m.evaluationCreated);
    const ev = created.body.response as Evaluation;
    expect(ev).toMatchObject({
      pazienteId,
      tipo: 'INIZIALE',
      data: '2026-11-23',
      doloreNrs: 6,
      diagnosi: 'Lombalgia aspecifica',
      note: null,
      articolarita: [
        { distretto: 'Rachide lombare', movimento: 'Flessione', lato: null, attivo: 60, passivo: 70, note: null },
      ],
      autore: { userId: owner.userId },
    });
    expect(ev.autore.name).toBeTruthy();

    const read = await apiOk<Evaluation>(t.app, { method: 'GET', url: `/valutazioni/${ev.id}`, token: owner.token });
    expect(read).toEqual(ev);

    await apiOk(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId, { tipo: 'CONTROLLO', data: '2026-12-10', doloreNrs: 2 }),
    });
    const list = await apiOk<Evaluation[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/valutazioni`,
      token: owner.token,
    });
    expect(list.map((e) => [e.tipo, e.data])).toEqual([
      ['CONTROLLO', '2026-12-10'],
      ['INIZIALE', '2026-11-23'],
    ]);

    const updated = await api<Evaluation>(t.app, {
      method: 'PUT',
      url: `/valutazioni/${ev.id}`,
      token: owner.token,
      body: { ...evaluationBody, doloreNrs: 5, articolarita: [] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.answer).toBe(m.evaluationUpdated);
    expect(updated.body.response).toMatchObject({ id: ev.id, pazienteId, doloreNrs: 5, articolarita: [] });

    const deleted = await api(t.app, { method: 'DELETE', url: `/valutazioni/${ev.id}`, token: owner.token });
    expect(deleted.body.answer).toBe(m.evaluationDeleted);
    expect((await api(t.app, { method: 'GET', url: `/valutazioni/${ev.id}`, token: owner.token })).status).toBe(404);
  });

  it('refuses a wrong NRS, a bad date, an unknown field and a huge note with Italian messages, storing nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const send = (overrides: Record<string, unknown>) =>
      api(t.app, {
        method: 'POST',
        url: '/valutazioni',
        token: owner.token,
        body: validEvaluationInput(pazienteId, overrides),
      });

    const nrs = await send({ doloreNrs: 11 });
    expect(nrs.status).toBe(400);
    expect(nrs.body.fields?.doloreNrs).toBe(m.nrsRange);
    const date = await send({ data: '2026-02-30' });
    expect(date.body.fields?.data).toBe(m.invalidDate);
    const unknown = await send({ pressione: '120/80' });
    expect(unknown.status).toBe(400);
    const huge = await send({ anamnesi: 'x'.repeat(20_001) });
    expect(huge.status).toBe(400);
    expect(huge.body.fields?.anamnesi).toBe(m.noteTooLong(20_000));
    const rom = await send({ articolarita: [{ distretto: 'Spalla', movimento: 'Abduzione', attivo: 400 }] });
    expect(rom.body.fields?.['articolarita.0.attivo']).toBe(m.romRange);

    const list = await apiOk<Evaluation[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/valutazioni`,
      token: owner.token,
    });
    expect(list).toEqual([]);
  });

  it('prints an evaluation as a PDF to read: the patient, every written section, the ROM; logged as an export', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const created = await apiOk<Evaluation>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/app/api/valutazioni/${created.id}/pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Valutazione%20iniziale%20");
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'valutazione-')), 'valutazione.pdf');
    writeFileSync(file, res.rawPayload);
    execFileSync('qpdf', ['--check', file]);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      'Valutazione iniziale',
      'del 23-11-2026',
      'Lombalgia da tre settimane',
      'NRS 6/10 · Zona lombare destra · Sordo, peggiora da seduta',
      'Contrattura paravertebrale destra',
      'Rachide lombare',
      'Lombalgia aspecifica',
      'Pagina 1 di 1',
    ])
      expect(text).toContain(expected);
    const log = await accessLog(owner, pazienteId);
    expect(log.find((e) => e.action === 'clinical.valutazione.export')?.entityId).toBe(created.id);

    const other = await createStudioOwner(t.app);
    const foreign = await api(t.app, { method: 'GET', url: `/valutazioni/${created.id}/pdf`, token: other.token });
    expect(foreign.status).toBe(404);
  });

  it('answers 404 for another studio’s patient and evaluation', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const pazienteA = await patientOf(a);
    const evA = await apiOk<Evaluation>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: a.token,
      body: validEvaluationInput(pazienteA),
    });

    const create = await api(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: b.token,
      body: validEvaluationInput(pazienteA),
    });
    expect(create.status).toBe(404);
    expect(create.body.answer).toBe(httpMessages.notFound);
    expect((await api(t.app, { method: 'GET', url: `/valutazioni/${evA.id}`, token: b.token })).status).toBe(404);
    expect(
      (await api(t.app, { method: 'GET', url: `/pazienti/${pazienteA}/valutazioni`, token: b.token })).status,
    ).toBe(404);
    expect(
      (await api(t.app, { method: 'PUT', url: `/valutazioni/${evA.id}`, token: b.token, body: evaluationBody })).status,
    ).toBe(404);
    expect((await api(t.app, { method: 'DELETE', url: `/valutazioni/${evA.id}`, token: b.token })).status).toBe(404);
    expect(
      (await apiOk<Evaluation>(t.app, { method: 'GET', url: `/valutazioni/${evA.id}`, token: a.token })).doloreNrs,
    ).toBe(6);
  });
});

describe('treatment diary /diari', () => {
  it('writes an entry from its appointment, lists the patient’s entries newest first, updates and deletes', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const event = await apiOk<{ id: string; start: string }>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: await validEventInput(t.app, owner, { pazienteId }),
    });
    const linked = await api<DiaryEntry>(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { eventId: event.id }),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.answer).toBe(m.diaryCreated);
    expect(linked.body.response).toMatchObject({
      eventId: event.id,
      appuntamentoInizio: '2026-11-23T09:00:00.000Z',
      soggettivo: 'Dolore ridotto rispetto alla seduta precedente',
    });
    const older = await apiOk<DiaryEntry>(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { data: '2026-11-16', soggettivo: 'Prima seduta' }),
    });
    const newest = await apiOk<DiaryEntry>(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { data: '2026-11-30' }),
    });
    const list = await apiOk<DiaryEntry[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/diari`,
      token: owner.token,
    });
    expect(list.map((d) => d.id)).toEqual([newest.id, (linked.body.response as DiaryEntry).id, older.id]);

    const { pazienteId: _, ...body } = validDiaryInput(pazienteId, { trattamenti: 'Tecar', eventId: null });
    const updated = await api<DiaryEntry>(t.app, {
      method: 'PUT',
      url: `/diari/${older.id}`,
      token: owner.token,
      body,
    });
    expect(updated.body.answer).toBe(m.diaryUpdated);
    expect(updated.body.response).toMatchObject({ trattamenti: 'Tecar', eventId: null });
    expect((await api(t.app, { method: 'DELETE', url: `/diari/${older.id}`, token: owner.token })).body.answer).toBe(
      m.diaryDeleted,
    );
    expect((await api(t.app, { method: 'GET', url: `/diari/${older.id}`, token: owner.token })).status).toBe(404);
  });

  it('links an occurrence of a recurring series, and refuses an appointment of another patient or studio', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const other = await patientOf(owner);
    const series = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/events',
      token: owner.token,
      body: await validEventInput(t.app, owner, { pazienteId, rrule: 'FREQ=WEEKLY;COUNT=4' }),
    });
    const occurrence = `${series.id.split('_')[0]}_20261130T090000Z`;
    const entry = await apiOk<DiaryEntry>(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { eventId: occurrence, data: '2026-11-30' }),
    });
    expect(entry.appuntamentoInizio).toBe('2026-11-30T09:00:00.000Z');

    const wrongPatient = await api(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(other, { eventId: occurrence }),
    });
    expect(wrongPatient.status).toBe(400);
    expect(wrongPatient.body.fields?.eventId).toBe(m.eventOtherPatient);

    const stranger = await createStudioOwner(t.app);
    const strangerEvent = await createTenantResource(t.app, stranger, 'event');
    const foreign = await api(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { eventId: strangerEvent }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.eventId).toBe(m.eventNotFound);
  });

  it('refuses an empty entry and a huge one with Italian messages', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const empty = await api(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: { pazienteId, data: '2026-11-23', soggettivo: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.soggettivo).toBe(m.diaryEmpty);
    const huge = await api(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { piano: 'p'.repeat(200_000) }),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.fields?.piano).toBe(m.noteTooLong(20_000));
  });
});

describe('outcome measures /misure-esito', () => {
  it('scores a questionnaire with the domain rules and lists the patient’s scores oldest first', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const later = await api<OutcomeRecord>(t.app, {
      method: 'POST',
      url: '/misure-esito',
      token: owner.token,
      body: {
        ...validOdiInput(pazienteId, '2026-12-20'),
        risposte: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`odi${i + 1}`, 1])),
      },
    });
    expect(later.body.answer).toBe(m.outcomeCreated);
    expect(later.body.response).toMatchObject({
      codice: 'ODI',
      punteggio: 20,
      fascia: 'Disabilità minima',
      unita: '%',
      max: 100,
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/misure-esito',
      token: owner.token,
      body: validOdiInput(pazienteId, '2026-11-23'),
    });
    const list = await apiOk<OutcomeRecord[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/misure-esito`,
      token: owner.token,
    });
    expect(list.map((o) => [o.data, o.punteggio])).toEqual([
      ['2026-11-23', 40],
      ['2026-12-20', 20],
    ]);
  });

  it('refuses a questionnaire with too few answers or a value the scale does not allow, with the scale’s message', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const few = await api(t.app, {
      method: 'POST',
      url: '/misure-esito',
      token: owner.token,
      body: { pazienteId, codice: 'ODI', data: '2026-11-23', risposte: { odi1: 2 } },
    });
    expect(few.status).toBe(400);
    expect(few.body.fields?.risposte).toMatch(/servono almeno 9 risposte/);
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/misure-esito',
      token: owner.token,
      body: { pazienteId, codice: 'NRS', data: '2026-11-23', risposte: { dolore: 12 } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.risposte).toMatch(/NRS dolore/);
  });
});

describe('who reads the clinical record', () => {
  it('lets a collaborator write and read it, and refuses the accounting role every clinical route', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const collaboratore = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const contabile = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_CONTABILE');
    const ev = await apiOk<Evaluation>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: collaboratore.token,
      body: validEvaluationInput(pazienteId),
    });
    for (const call of [
      { method: 'GET', url: `/pazienti/${pazienteId}/valutazioni` },
      { method: 'GET', url: `/valutazioni/${ev.id}` },
      { method: 'GET', url: `/pazienti/${pazienteId}/diari` },
      { method: 'GET', url: `/pazienti/${pazienteId}/misure-esito` },
      { method: 'GET', url: '/data-exporter/diari-pazienti' },
      { method: 'GET', url: '/data-exporter/valutazioni-pazienti' },
      { method: 'POST', url: '/diari', body: validDiaryInput(pazienteId) },
    ] as const) {
      const res = await api(t.app, { ...call, token: contabile.token });
      expect(res.status, `${call.method} ${call.url}`).toBe(403);
    }
    // the accounting role still reads the patient's registry data
    expect((await api(t.app, { method: 'GET', url: `/pazienti/${pazienteId}`, token: contabile.token })).status).toBe(
      200,
    );
  });
});

describe('clinical access log', () => {
  it('records every read and change of a patient’s record, who did it, and never the clinical text', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const collaboratore = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const ev = await apiOk<Evaluation>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: collaboratore.token,
      body: validEvaluationInput(pazienteId),
    });
    await apiOk(t.app, { method: 'GET', url: `/valutazioni/${ev.id}`, token: collaboratore.token });
    await apiOk(t.app, {
      method: 'PUT',
      url: `/valutazioni/${ev.id}`,
      token: collaboratore.token,
      body: { ...evaluationBody, doloreNrs: 2 },
    });
    await apiOk(t.app, { method: 'GET', url: `/pazienti/${pazienteId}/diari`, token: collaboratore.token });
    await apiOk(t.app, {
      method: 'POST',
      url: '/misure-esito',
      token: collaboratore.token,
      body: validOdiInput(pazienteId),
    });

    const log = await accessLog(owner, pazienteId);
    expect(log.map((e) => [e.action, e.actorEmail, e.entityId])).toEqual([
      ['clinical.misura-esito.create', collaboratore.email, expect.any(String)],
      ['clinical.diario.read', collaboratore.email, null],
      ['clinical.valutazione.update', collaboratore.email, ev.id],
      ['clinical.valutazione.read', collaboratore.email, ev.id],
      ['clinical.valutazione.create', collaboratore.email, ev.id],
    ]);
    expect(log.every((e) => e.pazienteId === pazienteId)).toBe(true);
    expect(log.find((e) => e.action === 'clinical.valutazione.update')?.changedFields).toContain('doloreNrs');
    expect(JSON.stringify(log)).not.toContain('Lombalgia');

    // the whole studio's clinical accesses, apart from the rest of the activity log
    const clinicalOnly = await apiOk<AuditEvent[]>(t.app, {
      method: 'GET',
      url: '/audit',
      token: owner.token,
      query: { clinical: 'true' },
    });
    expect(clinicalOnly.length).toBe(5);
    expect(clinicalOnly.every((e) => e.action.startsWith('clinical.'))).toBe(true);

    // a collaborator does not read the log itself
    expect((await api(t.app, { method: 'GET', url: '/audit', token: collaboratore.token })).status).toBe(403);
  });

  it('logs an export, and a refused or not-found read logs nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    const stranger = await createStudioOwner(t.app);
    await api(t.app, { method: 'GET', url: `/pazienti/${pazienteId}/valutazioni`, token: stranger.token });
    expect(await accessLog(owner, pazienteId)).toEqual([]);
    expect(await accessLog(stranger, pazienteId)).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/app/api/data-exporter/diari-pazienti?pazienteId=${pazienteId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await accessLog(owner, pazienteId)).map((e) => e.action)).toEqual(['clinical.diario.export']);
  });
});

describe('exports /data-exporter/valutazioni-pazienti and /diari-pazienti', () => {
  it('writes the diary as CSV with BOM and semicolons, one row per entry, with the patient’s name', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    await apiOk(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { soggettivo: '=SOMMA(A1)' }),
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId, { data: '2026-11-30' }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/diari-pazienti',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="diari-pazienti-\d{8}\.csv"/);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Paziente;Codice fiscale;Data;Appuntamento;Soggettivo;Oggettivo;Valutazione;Piano;Trattamenti eseguiti;Autore',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(";23-11-2026;;'=SOMMA(A1);");
    expect(lines[2]).toContain(';30-11-2026;');
  });

  it('writes the evaluations as CSV, only the studio’s own, and 404 for another studio’s patient', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const pazienteId = await patientOf(owner);
    await apiOk(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId),
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: other.token,
      body: validEvaluationInput(await patientOf(other), { diagnosi: 'Cervicalgia' }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/app/api/data-exporter/valutazioni-pazienti',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Lombalgia aspecifica');
    expect(lines[1]).toContain('Rachide lombare Flessione: attivo 60°, passivo 70°');
    expect(res.body).not.toContain('Cervicalgia');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/app/api/data-exporter/valutazioni-pazienti?pazienteId=${pazienteId}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('settings cartella-paziente', () => {
  it('keeps the evaluation sections the studio uses and refuses an unknown one', async () => {
    const owner = await createStudioOwner(t.app);
    const ok = await apiOk<{ 'cartella-paziente': Record<string, unknown> }>(t.app, {
      method: 'PATCH',
      url: '/settings/cartella-paziente',
      token: owner.token,
      body: { sezioniValutazione: ['anamnesi', 'dolore', 'diagnosi'] },
    });
    expect(ok['cartella-paziente'].sezioniValutazione).toEqual(['anamnesi', 'dolore', 'diagnosi']);
    const bad = await api(t.app, {
      method: 'PATCH',
      url: '/settings/cartella-paziente',
      token: owner.token,
      body: { sezioniValutazione: ['anamnesi', 'oroscopo'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.['sezioniValutazione.1']).toBe(m.unknownSection);
  });
});
