import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import {
  testPassword,
  validDiaryInput,
  validEvaluationInput,
  validPatientInput,
  validStudioInput,
} from '../helpers/factories.ts';
import { apiOk } from '../helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';
import { rowsOf } from '../helpers/sql.ts';

const captured: string[] = [];
const sink = new Writable({
  write(chunk, _enc, cb) {
    captured.push(String(chunk));
    cb();
  },
});

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'trace', stream: sink } });
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('audit trail', () => {
  it('records a change with who, where and which fields, never the values', async () => {
    await apiOk(t.app, {
      method: 'PUT',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({ professione: 'Logopedista' }),
    });
    const rows = await rowsOf<{
      actor_user_id: string;
      studio_id: string;
      changed_fields: string[];
      request_id: string;
      ip: string;
      detail: string | null;
    }>(
      t.deps.db,
      `select actor_user_id, studio_id, changed_fields, request_id, ip, detail from audit_events where action = 'studio.update' and studio_id = '${owner.studioId}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor_user_id).toBe(owner.userId);
    expect(rows[0]?.changed_fields).toEqual(['professione']);
    expect(rows[0]?.request_id).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('Logopedista');
  });
});

describe('logs', () => {
  it('never contain the password, the bearer token, or a fiscal code searched for', async () => {
    await apiOk(t.app, { method: 'POST', url: '/user/login', body: { username: owner.email, password: testPassword } });
    await t.app.inject({
      method: 'GET',
      url: `/app/api/studio?studioId=${owner.studioId}&searchText=RSSMRA85T10A562S`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/app/api/studio',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ codiceFiscale: 'RSSMRA85T10A562S' }),
    });
    const log = captured.join('');
    expect(log.length).toBeGreaterThan(1000);
    expect(log).toContain('/app/api/studio');
    expect(log).not.toContain(testPassword);
    expect(log).not.toContain(owner.token);
    expect(log).not.toContain('RSSMRA85T10A562S');
  });
});

describe('clinical record in logs and audit', () => {
  it('never writes a clinical note to the log or the audit trail, even when the request is refused', async () => {
    const note = 'Nota-clinica-riservata-7f3a';
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput(),
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(patient.id, { soggettivo: note }),
    });
    await apiOk(t.app, { method: 'GET', url: `/pazienti/${patient.id}/diari`, token: owner.token });
    // refused (NRS 12): the validation answer must not echo the note either
    await t.app.inject({
      method: 'POST',
      url: '/app/api/valutazioni',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(validEvaluationInput(patient.id, { anamnesi: note, doloreNrs: 12 })),
    });
    expect(captured.join('')).toContain('/app/api/valutazioni');
    expect(captured.join('')).not.toContain(note);
    const rows = await rowsOf(t.deps.db, `select * from audit_events where studio_id = '${owner.studioId}'`);
    expect(rows.some((r) => String((r as { action: string }).action).startsWith('clinical.diario'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(note);
  });
});
