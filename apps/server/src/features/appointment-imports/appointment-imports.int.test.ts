import {
  appointmentImportApiMessages as aam,
  importApiMessages as am,
  appointmentImportMessages as apm,
  importMessages as m,
} from '@studiolo/domain/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  appointmentImportCsv,
  randomCodiceFiscale,
  runAppointmentImport,
  uploadAppointmentImport,
  validEventInput,
  validPatientInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { sweepDeletedFiles } from '../clinical/attachments.service.ts';
import { expireUnstartedAppointmentImports, recoverAppointmentImports } from './appointment-imports.service.ts';

type Counts = Record<string, number>;
type ImportView = { id: string; status: string; counts: Counts | null; mapping: (string | null)[]; pastPaid: boolean };
type RowView = {
  row: number;
  values: Record<string, string>;
  ok: boolean;
  problems: { field: string; message: string }[];
  warnings: { field: string; message: string }[];
  duplicate: { kind: string; message: string } | null;
  choice: string;
  appointment: {
    start: string;
    end: string;
    patientName: string;
    serviceName: string | null;
    staffName: string | null;
  } | null;
};
type Page = { content: RowView[]; totalElements: number };
type EventRow = {
  id: string;
  start_at: Date;
  end_at: Date;
  paziente_id: string;
  staff_member_id: string | null;
  product_id: string | null;
  price_cents: number | null;
  is_pagato: boolean;
  note: string | null;
  summary: string;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (who: TestStudioUser, bytes: Buffer, fileName = 'appuntamenti.csv') => {
  const body = multipartFile('file', fileName, 'text/csv', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/app/api/importazioni-appuntamenti',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const rowsPage = (who: TestStudioUser, id: string, filtro = 'problemi') =>
  apiOk<Page>(t.app, {
    method: 'GET',
    url: `/importazioni-appuntamenti/${id}/righe`,
    query: { filtro, size: '200' },
    token: who.token,
  });
const patch = (who: TestStudioUser, id: string, body: unknown) =>
  api<ImportView>(t.app, { method: 'PATCH', url: `/importazioni-appuntamenti/${id}`, token: who.token, body });
const eventsOf = async (who: TestStudioUser) =>
  (
    await rowsOf<EventRow>(
      t.deps.db,
      `select id, start_at, end_at, paziente_id, staff_member_id, product_id, price_cents, is_pagato, note, summary
       from events where studio_id = '${who.studioId}' order by start_at, id`,
    )
  ).map((e) => ({ ...e, start_at: new Date(e.start_at), end_at: new Date(e.end_at) }));
const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

/** A studio with four patients (two omonimi told apart only by their codes) and one service. */
const seedStudio = async () => {
  const studio = await createStudioOwner(t.app);
  const make = async (cognome: string, nome: string, codiceFiscale: string, dataNascita = '12-03-1984') =>
    (
      await apiOk<{ id: string }>(t.app, {
        method: 'POST',
        url: '/pazienti',
        token: studio.token,
        body: validPatientInput({
          datiGenerali: {
            ...validPatientInput().datiGenerali,
            cognome,
            nome,
            codiceFiscale,
            dataNascita,
          },
        }),
      })
    ).id;
  const rossiCf = randomCodiceFiscale('U');
  const patients = {
    rossi: await make('Rossi', 'Mario', rossiCf),
    damico: await make("D'Amico", 'Lucia', randomCodiceFiscale('D')),
    verdi1: await make('Verdi', 'Luca', randomCodiceFiscale('U'), '01-01-1970'),
    verdi2: await make('Verdi', 'Luca', randomCodiceFiscale('U'), '02-02-1990'),
  };
  const service = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/products',
    token: studio.token,
    body: { name: 'Tecarterapia', price: 40, grossPrice: 40, duration: 30 },
  });
  return { studio, patients, rossiCf, serviceId: service.id };
};

describe('appointment import: preview, matching, corrections, import, report, undo', () => {
  it('matches patients, services and the only practitioner, never creates a patient, imports, reports and undoes', async () => {
    const { studio, patients, rossiCf, serviceId } = await seedStudio();
    const file = csv([
      'Data;Ora inizio;Ora fine;Durata;Paziente;Codice fiscale;Prestazione;Operatore;Note',
      // 2: by fiscal code, the service's price, summer time
      `10/07/2026;9:30;10:15;;;${rossiCf};tecarterapia;;Prima seduta`,
      // 3: by name (accents, apostrophe, order), duration 1h30, winter time, in the future
      '10/12/2026;15.00;;1h30;lucia damico;;;;',
      // 4: unknown patient
      '11/12/2026;10:00;;45;Nuovo Paziente;;;;',
      // 5: a time that does not exist
      '11/12/2026;25:00;;45;Rossi Mario;;;;',
      // 6: omonimi without a code
      '12/12/2026;10:00;;45;Verdi Luca;;;;',
      // 7: the same patient and start as row 2
      `10/07/2026;09:30;;30;;${rossiCf};;;`,
      // 8: unknown service and staff member: warnings, imported without
      '14/12/2026;11:00;;30;Mario Rossi;;Agopuntura;Dott. Bianchi;',
      // 9: a formula in the note
      '15/12/2026;11:00;;30;Mario Rossi;;;;=HYPERLINK("http://x")',
    ]);
    const res = await upload(studio, file);
    expect(res.statusCode).toBe(200);
    const created = res.json().response as ImportView;
    expect(created.mapping).toEqual([
      'data',
      'oraInizio',
      'oraFine',
      'durata',
      'paziente',
      'codiceFiscale',
      'servizio',
      'operatore',
      'note',
    ]);
    expect(created.counts).toMatchObject({ total: 8, valid: 4, invalid: 4, duplicates: 1, toImport: 3, toSkip: 5 });

    const problems = await rowsPage(studio, created.id);
    const byRow = new Map(problems.content.map((r) => [r.row, r]));
    expect(byRow.get(4)?.problems).toEqual([{ field: 'paziente', message: apm.patientNotFound }]);
    expect(byRow.get(5)?.problems).toEqual([{ field: 'oraInizio', message: apm.timeInvalid }]);
    expect(byRow.get(6)?.problems).toEqual([{ field: 'paziente', message: apm.patientAmbiguous(2) }]);
    expect(byRow.get(7)).toMatchObject({ ok: true, choice: 'skip', duplicate: { kind: 'file' } });
    expect(byRow.get(8)?.warnings.map((w) => w.field)).toEqual(['servizio', 'operatore']);
    expect(byRow.get(9)?.problems).toEqual([{ field: 'note', message: m.formulaLike('=') }]);
    const all = await rowsPage(studio, created.id, 'tutte');
    expect(all.content.find((r) => r.row === 2)?.appointment).toMatchObject({
      start: '2026-07-10T07:30:00.000Z',
      end: '2026-07-10T08:15:00.000Z',
      patientName: 'Rossi Mario',
      serviceName: 'Tecarterapia',
      staffName: expect.any(String),
    });

    // the user fixes the time and the note: checked again
    const fixed = await patch(studio, created.id, {
      fixes: [
        { row: 5, values: { oraInizio: '15:00' } },
        { row: 9, values: { note: 'Controllo' } },
      ],
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.response?.counts).toMatchObject({ valid: 6, invalid: 2, toImport: 5 });
    const asked = await patch(studio, created.id, { mapping: [{ column: 3, field: 'durata' }], pastPaid: true });
    expect(asked.status).toBe(200);

    const done = await runAppointmentImport(t.app, studio, created.id);
    expect(done).toMatchObject({ status: 'DONE', result: { imported: 5, skipped: 3 } });
    const events = await eventsOf(studio);
    expect(events).toHaveLength(5);
    const first = events[0] as EventRow;
    expect(first).toMatchObject({
      paziente_id: patients.rossi,
      product_id: serviceId,
      price_cents: 4000,
      staff_member_id: studio.memberId,
      note: 'Prima seduta',
      summary: 'Rossi Mario',
    });
    expect(first.start_at.toISOString()).toBe('2026-07-10T07:30:00.000Z');
    // past (before the test clock's now) as paid, future not
    expect(first.is_pagato).toBe(first.end_at.getTime() <= Date.now());
    const lucia = events.find((e) => e.paziente_id === patients.damico) as EventRow;
    expect(lucia.start_at.toISOString()).toBe('2026-12-10T14:00:00.000Z');
    expect(lucia.end_at.toISOString()).toBe('2026-12-10T15:30:00.000Z');
    expect(lucia.is_pagato).toBe(false);
    // no patient was created
    const patientCount = await rowsOf<{ n: string }>(
      t.deps.db,
      `select count(*)::text as n from patients where studio_id = '${studio.studioId}'`,
    );
    expect(patientCount[0]?.n).toBe('4');

    const report = await t.app.inject({
      method: 'GET',
      url: `/app/api/importazioni-appuntamenti/${created.id}/report.csv`,
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(report.statusCode).toBe(200);
    const lines = report.body.replace(/^\uFEFF/u, '').split('\r\n');
    expect(lines[0]).toBe('Riga;Esito;Appuntamento;Motivo');
    expect(lines[1]).toBe('2;Importato;10-07-2026 09:30 · Rossi Mario;');
    expect(lines.find((l) => l.startsWith('4;'))).toContain('Paziente non trovato');
    expect(lines.find((l) => l.startsWith('7;'))).toContain('Duplicato saltato');

    // an appointment changed since is kept at undo, the others go
    await apiOk(t.app, {
      method: 'PUT',
      url: '/events/paid',
      token: studio.token,
      body: { eventId: lucia.id, isPagato: true },
    });
    const undone = await apiOk<{ removed: number; kept: { eventId: string; reason: string }[] }>(t.app, {
      method: 'POST',
      url: `/importazioni-appuntamenti/${created.id}/annulla`,
      token: studio.token,
    });
    expect(undone.removed).toBe(4);
    expect(undone.kept).toEqual([expect.objectContaining({ eventId: lucia.id, reason: aam.keptChanged })]);
    expect((await eventsOf(studio)).map((e) => e.id)).toEqual([lucia.id]);
    const again = await api(t.app, {
      method: 'POST',
      url: `/importazioni-appuntamenti/${created.id}/annulla`,
      token: studio.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(am.alreadyUndone);
  });

  it('skips an appointment already in the calendar, imports it when asked, warns of overlaps, takes a corrected patient', async () => {
    const { studio, patients, rossiCf } = await seedStudio();
    await apiOk(t.app, {
      method: 'POST',
      url: '/events',
      token: studio.token,
      body: await validEventInput(t.app, studio, {
        pazienteId: patients.rossi,
        staffMemberId: studio.memberId,
        start: '2026-12-10T08:30:00.000Z',
        end: '2026-12-10T09:15:00.000Z',
      }),
    });
    const created = await uploadAppointmentImport(
      t.app,
      studio,
      csv([
        'Data;Ora;Durata;Codice fiscale;Paziente',
        `10/12/2026;09:30;45;${rossiCf};`,
        '10/12/2026;09:45;30;;Lucia D’Amico',
        '11/12/2026;09:45;30;;Rosi Mario',
      ]),
    );
    expect(created.counts).toMatchObject({ valid: 2, invalid: 1, duplicates: 1, toImport: 1 });
    // the patient's name mistyped: corrected in the preview like any other cell
    const fixed = await patch(studio, created.id, { fixes: [{ row: 4, values: { paziente: 'Rossi Mario' } }] });
    expect(fixed.body.response?.counts).toMatchObject({ valid: 3, invalid: 0, toImport: 2 });
    const page = await rowsPage(studio, created.id);
    expect(page.content.find((r) => r.row === 2)?.duplicate).toMatchObject({
      kind: 'existing',
      message: apm.duplicateExisting,
    });
    expect(page.content.find((r) => r.row === 3)?.warnings).toEqual([
      { field: 'operatore', message: apm.overlap(apm.overlapExisting) },
    ]);
    const chosen = await patch(studio, created.id, { choices: [{ row: 2, choice: 'import' }] });
    expect(chosen.body.response?.counts).toMatchObject({ toImport: 3 });
  });

  it('reads a Google Calendar export: month-first dates, AM/PM times, the subject as the patient', async () => {
    const { studio, patients } = await seedStudio();
    const created = await uploadAppointmentImport(
      t.app,
      studio,
      Buffer.from(
        [
          'Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private',
          'Rossi Mario,12/23/2026,9:30 AM,12/23/2026,10:15 AM,False,Controllo,Studio,True',
          'Lucia DAmico,12/24/2026,3:00 PM,12/24/2026,3:30 PM,False,,Studio,True',
        ].join('\n'),
      ),
      'google.csv',
    );
    expect(created.counts).toMatchObject({ total: 2, valid: 2, toImport: 2 });
    const all = await rowsPage(studio, created.id, 'tutte');
    expect(all.content.map((r) => r.appointment?.start)).toEqual([
      '2026-12-23T08:30:00.000Z',
      '2026-12-24T14:00:00.000Z',
    ]);
    expect(patients.damico).toBeTruthy();
  });

  it('deletes an import never started after a week, with its file', async () => {
    const studio = await createStudioOwner(t.app);
    const old = await uploadAppointmentImport(t.app, studio, await appointmentImportCsv(t.app, studio, 2));
    const fresh = await uploadAppointmentImport(t.app, studio, await appointmentImportCsv(t.app, studio, 2));
    await rowsOf(
      t.deps.db,
      `update appointment_imports set updated_at = now() - interval '8 days' where id = '${old.id}'`,
    );
    expect(await expireUnstartedAppointmentImports(t.deps)).toBe(1);
    await sweepDeletedFiles(t.deps);
    const status = (id: string) =>
      api(t.app, { method: 'GET', url: `/importazioni-appuntamenti/${id}`, token: studio.token }).then((r) => r.status);
    expect(await status(old.id)).toBe(404);
    expect(await t.deps.storage.get(`${studio.studioId}/imports/${old.id}`)).toBeNull();
    expect(await status(fresh.id)).toBe(200);
    expect(await t.deps.storage.get(`${studio.studioId}/imports/${fresh.id}`)).not.toBeNull();
  });

  it('queues again at start-up an import whose job a crash lost', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await uploadAppointmentImport(t.app, studio, await appointmentImportCsv(t.app, studio, 2));
    await apiOk(t.app, { method: 'POST', url: `/importazioni-appuntamenti/${created.id}/avvio`, token: studio.token });
    // as if the process had stopped before the job ran: RUNNING, quiet for two minutes
    for (let i = 0; i < 100; i++) {
      const imp = await apiOk<{ status: string }>(t.app, {
        method: 'GET',
        url: `/importazioni-appuntamenti/${created.id}`,
        token: studio.token,
      });
      if (imp.status === 'DONE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await rowsOf(
      t.deps.db,
      `update appointment_imports set status = 'QUEUED', updated_at = now() - interval '2 minutes' where id = '${created.id}'`,
    );
    await recoverAppointmentImports(t.deps);
    for (let i = 0; i < 100; i++) {
      const imp = await apiOk<{ status: string; result: { imported: number } }>(t.app, {
        method: 'GET',
        url: `/importazioni-appuntamenti/${created.id}`,
        token: studio.token,
      });
      if (imp.status === 'DONE') {
        // resumed at the first PENDING row: nothing written twice
        expect(imp.result.imported).toBe(2);
        expect(await eventsOf(studio)).toHaveLength(2);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import was not resumed');
  });
});

describe('appointment import: bad input and the studio boundary', () => {
  it('refuses an unreadable file and says what the mapping misses', async () => {
    const studio = await createStudioOwner(t.app);
    const binary = await upload(studio, Buffer.from([0, 1, 2, 3, 0, 0, 0, 9, 8, 7]), 'x.csv');
    expect(binary.statusCode).toBe(400);
    expect(binary.json().answer).toBe(m.unreadable);
    const noPatient = await uploadAppointmentImport(t.app, studio, csv(['Data;Ora;Durata', '10/12/2026;09:30;45']));
    expect(noPatient.counts).toBeNull();
    const view = await apiOk<{ mappingProblem: string | null }>(t.app, {
      method: 'GET',
      url: `/importazioni-appuntamenti/${noPatient.id}`,
      token: studio.token,
    });
    expect(view.mappingProblem).toMatch(/paziente/);
    const start = await api(t.app, {
      method: 'POST',
      url: `/importazioni-appuntamenti/${noPatient.id}/avvio`,
      token: studio.token,
    });
    expect(start.status).toBe(400);
    const badCalendar = await patch(studio, noPatient.id, { calendarId: '00000000-0000-4000-8000-000000000000' });
    expect(badCalendar.status).toBe(400);
    expect(badCalendar.body.answer).toBe(aam.calendarNotFound);
  });

  it('keeps each studio to its own imports', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await uploadAppointmentImport(t.app, studio, await appointmentImportCsv(t.app, studio, 2));
    const other = await createStudioOwner(t.app);
    for (const [method, url] of [
      ['GET', `/importazioni-appuntamenti/${created.id}`],
      ['GET', `/importazioni-appuntamenti/${created.id}/righe`],
      ['POST', `/importazioni-appuntamenti/${created.id}/avvio`],
      ['POST', `/importazioni-appuntamenti/${created.id}/annulla`],
    ] as const) {
      expect((await api(t.app, { method, url, token: other.token })).status).toBe(404);
    }
    expect((await patch(other, created.id, { pastPaid: false })).status).toBe(404);
    expect((await rowsPage(studio, created.id, 'tutte')).totalElements).toBe(2);
  });
});
