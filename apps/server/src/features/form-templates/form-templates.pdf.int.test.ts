import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormTemplate } from '@studiolo/domain/forms';
import { formatUiDate } from '@studiolo/domain/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { validFormTemplateInput, validPatientInput } from '../../../test/helpers/factories.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'studiolo-form-api-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let fileNo = 0;
/** The PDF's text as poppler reads it (whitespace collapsed), after qpdf --check passed. */
const pdfText = (bytes: Uint8Array) => {
  const file = join(dir, `${++fileNo}.pdf`);
  writeFileSync(file, bytes);
  expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
    'No syntax or stream encoding errors',
  );
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

const post = (owner: TestStudioUser, url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/app/api${url}`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const template = (owner: TestStudioUser, body: Record<string, unknown> = {}) =>
  apiOk<FormTemplate>(t.app, {
    method: 'POST',
    url: '/form-template',
    token: owner.token,
    body: { ...validFormTemplateInput(), ...body },
  });
const patient = (owner: TestStudioUser) =>
  apiOk<{ id: string; datiGenerali: { codiceFiscale: string } }>(t.app, {
    method: 'POST',
    url: '/pazienti',
    token: owner.token,
    body: validPatientInput(),
  });

const consent =
  '<h2>Consenso</h2><p>Io {{paziente.nomeCompleto}}, C.F. {{paziente.codiceFiscale}}, nata il {{paziente.dataNascita}} a {{paziente.comuneNascita}}, residente in {{ paziente.indirizzo }}, {{paziente.cap}} {{paziente.comune}} ({{paziente.provincia}}), acconsento. Data: {{data.oggi}}.</p>';

describe('form template PDFs', () => {
  it('fills the tokens for a patient, dates the footer today and names the file after both', async () => {
    const owner = await createStudioOwner(t.app);
    const tpl = await template(owner, { title: 'Consenso trattamento', content: consent });
    const p = await patient(owner);
    const res = await post(owner, `/form-template/${tpl.id}/pdf`, { pazienteId: p.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Consenso%20trattamento%20-%20Giulia%20Verdi.pdf",
    );
    const text = pdfText(res.rawPayload);
    const today = formatUiDate(new Date());
    expect(text).toContain(
      `Io Giulia Verdi, C.F. ${p.datiGenerali.codiceFiscale}, nata il 12-03-1984 a Roma, residente in Via Garibaldi 7, 40121 Bologna (BO), acconsento. Data: ${today}.`,
    );
    expect(text).toContain(`Letto, confermato e sottoscritto il ${today}`);
    expect(text).toContain('Pagina 1 di 1');
    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where studio_id = '${owner.studioId}' and action like '%generat%' order by action`,
    );
    expect(audit.map((a) => a.action)).toEqual(['form-template.generate-for-patient', 'patient.form-generated']);
  });

  it('prints the empty form with the patient tokens blank and 16 blanks for the date', async () => {
    const owner = await createStudioOwner(t.app);
    const tpl = await template(owner, { content: consent });
    const res = await post(owner, `/form-template/${tpl.id}/pdf`, {});
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Io , C.F. , nata il a , residente in , (), acconsento.');
    expect(text).toContain(`Letto, confermato e sottoscritto il ${'_'.repeat(16)}`);
    expect(text).not.toContain('{{');
  });

  it('generates several templates for one patient as a ZIP of one PDF each', async () => {
    const owner = await createStudioOwner(t.app);
    const a = await template(owner, { title: 'Privacy', content: '<p>Privacy di {{paziente.nome}}</p>' });
    const b = await template(owner, { title: 'Consenso', content: '<p>Consenso di {{paziente.cognome}}</p>' });
    const p = await patient(owner);
    const res = await post(owner, '/form-template/pdf', { templateIds: [a.id, b.id], pazienteId: p.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Consenso - Giulia Verdi.pdf', 'Privacy - Giulia Verdi.pdf']);
    expect(pdfText(files['Privacy - Giulia Verdi.pdf'] as Uint8Array)).toContain('Privacy di Giulia');
    expect(pdfText(files['Consenso - Giulia Verdi.pdf'] as Uint8Array)).toContain('Consenso di Verdi');

    const one = await post(owner, '/form-template/pdf', { templateIds: [a.id], pazienteId: p.id });
    expect(one.headers['content-type']).toBe('application/pdf');
  });

  it("generates from another studio's shared template with the viewer's own patient and studio", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const shared = await template(a, {
      content: '<p>{{paziente.nome}} presso {{studio.nome}}</p>',
      sharedWithCommunity: true,
    });
    const p = await patient(b);
    const res = await post(b, `/form-template/${shared.id}/pdf`, { pazienteId: p.id });
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Giulia presso');
  });

  it("refuses another studio's patient, an unshared template of another studio and no template; a staff admin generates", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const tplA = await template(a);
    const tplB = await template(b);
    const patientA = await patient(a);
    expect((await post(b, `/form-template/${tplB.id}/pdf`, { pazienteId: patientA.id })).statusCode).toBe(404);
    expect((await post(b, `/form-template/${tplA.id}/pdf`, {})).statusCode).toBe(404);
    expect((await post(b, '/form-template/pdf', { templateIds: [tplB.id, tplA.id] })).statusCode).toBe(404);
    const bad = await post(b, '/form-template/pdf', { templateIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().answer).toContain('Seleziona almeno un modulo');

    const manager = await createStaffUser(t.app, t.deps, a, 'ROLE_STAFF_ADMIN');
    expect((await post(manager, `/form-template/${tplA.id}/pdf`, { pazienteId: patientA.id })).statusCode).toBe(200);
  });
});
