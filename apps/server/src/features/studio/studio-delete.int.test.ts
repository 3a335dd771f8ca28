import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { studioDeleteMessages, studioMessages } from '@studiolo/domain/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  createDocumentWithPatient,
  createTenantResource,
  smallPngBytes,
  testPassword,
  uploadAttachment,
  uploadReceivedInvoice,
  validBodyChartInput,
  validDiaryInput,
  validEvaluationInput,
  validOdiInput,
  validStudioInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import {
  createStaffUser,
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
} from '../../../test/helpers/login-as.ts';
import { multipartFile } from '../../../test/helpers/multipart.ts';
import { createSignedRequest } from '../../../test/helpers/signature.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { sweepDeletedFiles } from '../clinical/attachments.service.ts';

/** Issue 30 item 5 (decision 040): the owner deletes the whole studio, with everything, and nothing of another. */
let t: TestApp;
const supportSecret = 'segreto-di-supporto-lungo-abbastanza';
beforeAll(async () => {
  t = await buildTestApp({ SUPPORT_SECRET: supportSecret });
});
afterAll(async () => {
  await t.close();
});

/** validStudioInput's studio, as studioDisplayName shows it. */
const studioName = 'Rossi Mario';

/** A studio with something in every corner: patients with a clinical record, signed documents, invoices, files. */
const fullStudio = async () => {
  const owner = await createStudioOwner(t.app);
  const logo = multipartFile('file', 'logo.png', 'image/png', await smallPngBytes());
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/studio/logo',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': logo.contentType },
    payload: logo.payload,
  });
  expect(res.statusCode).toBe(200);
  const pazienteId = await createTenantResource(t.app, owner, 'patient');
  const post = (url: string, body: unknown) => apiOk(t.app, { method: 'POST', url, token: owner.token, body });
  await post('/valutazioni', validEvaluationInput(pazienteId));
  await post('/diari', validDiaryInput(pazienteId));
  await post('/misure-esito', validOdiInput(pazienteId));
  await post(`/pazienti/${pazienteId}/body-charts`, validBodyChartInput());
  await uploadAttachment(t.app, owner, pazienteId);
  await createSignedRequest(t.app, owner, { pazienteId });
  await createDocumentWithPatient(t.app, owner, 'fattura');
  await createTenantResource(t.app, owner, 'event');
  await uploadReceivedInvoice(t.app, owner);
  return { owner, pazienteId };
};

/** Rows of every table with a studio_id column that belong to the studio (the audit trail and the sweep's queue aside). */
const rowsOfStudio = async (studioId: string) => {
  const tables = await rowsOf<{ table_name: string }>(
    t.deps.db,
    `select table_name from information_schema.columns
     where column_name = 'studio_id' and table_schema = current_schema()
       and table_name not in ('audit_events', 'storage_deletions')
     order by table_name`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int as n from "${table_name}" where studio_id = '${studioId}'`,
    );
    if (row && row.n > 0) out[table_name] = row.n;
  }
  const [studio] = await rowsOf<{ n: number }>(
    t.deps.db,
    `select count(*)::int as n from studios where id = '${studioId}'`,
  );
  out.studios = studio?.n ?? 0;
  return out;
};

const filesOf = async (studioId: string) => {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(path.relative(path.join(t.dataDir, 'files'), path.join(d, e.name)));
    }
  };
  await walk(path.join(t.dataDir, 'files', studioId));
  await walk(path.join(t.dataDir, 'files', 'signatures', studioId));
  return out.sort();
};

const deleteStudio = (who: TestStudioUser, body: Record<string, unknown>) =>
  api(t.app, { method: 'DELETE', url: '/studio', token: who.token, body });

describe('deleting a whole studio', () => {
  it('refuses a wrong password, a wrong name, a collaborator and a staff admin, and deletes nothing', async () => {
    const { owner } = await fullStudio();
    const before = await rowsOfStudio(owner.studioId);
    expect(Object.keys(before).length).toBeGreaterThan(15);

    const wrongPassword = await deleteStudio(owner, { password: 'non-la-password', nomeStudio: studioName });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.answer).toBe(studioDeleteMessages.wrongPassword);

    const wrongName = await deleteStudio(owner, { password: testPassword, nomeStudio: 'Rossi' });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.answer).toBe(studioDeleteMessages.wrongName);

    for (const role of ['ROLE_STAFF_COLLABORATORE', 'ROLE_STAFF_ADMIN'] as const) {
      const staff = await createStaffUser(t.app, t.deps, owner, role);
      const res = await deleteStudio(staff, { password: testPassword, nomeStudio: studioName });
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe('ERROR');
    }

    const missing = await api(t.app, { method: 'DELETE', url: '/studio', token: owner.token, body: {} });
    expect(missing.status).toBe(400);

    const after = await rowsOfStudio(owner.studioId);
    // the two staff members invited above (and their invitations) are the only change
    expect({ ...after, studio_members: before.studio_members, mail_messages: before.mail_messages }).toEqual(before);
    const failures = await rowsOf<{ detail: string }>(
      t.deps.db,
      `select detail from audit_events where studio_id = '${owner.studioId}' and action = 'studio.delete'
       and outcome = 'failure' order by occurred_at`,
    );
    expect(failures.map((f) => f.detail)).toEqual(['password', 'name']);
  });

  it('deletes everything of the studio for its owner, files swept, another studio untouched, the account kept', async () => {
    const { owner, pazienteId } = await fullStudio();
    const staff = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    // the staff member's context is read (and kept in memory on PGlite) before the deletion
    expect((await api(t.app, { method: 'GET', url: '/studio', token: staff.token })).status).toBe(200);
    const { owner: other } = await fullStudio();
    const otherBefore = await rowsOfStudio(other.studioId);
    const otherFiles = await filesOf(other.studioId);
    expect(otherFiles.length).toBeGreaterThanOrEqual(6);
    expect((await filesOf(owner.studioId)).length).toBeGreaterThanOrEqual(6);

    const res = await deleteStudio(owner, { password: testPassword, nomeStudio: '  rossi   MARIO ' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(studioDeleteMessages.deleted);
    expect(res.body.response).toEqual({ pazienti: 2, documenti: 1, membri: 2 });

    expect(await rowsOfStudio(owner.studioId)).toEqual({ studios: 0 });
    expect(await rowsOf(t.deps.db, `select id from patients where id = '${pazienteId}'`)).toEqual([]);
    await sweepDeletedFiles(t.deps);
    expect(await filesOf(owner.studioId)).toEqual([]);
    expect(await rowsOf(t.deps.db, `select * from storage_deletions where studio_id = '${owner.studioId}'`)).toEqual(
      [],
    );

    // the other studio: every row and every file still there
    expect(await rowsOfStudio(other.studioId)).toEqual(otherBefore);
    expect(await filesOf(other.studioId)).toEqual(otherFiles);

    // the deletion's audit event survives the studio, with numbers and no names
    const events = await rowsOf<{ actor_user_id: string; detail: string; entity_id: string }>(
      t.deps.db,
      `select actor_user_id, detail, entity_id from audit_events
       where studio_id = '${owner.studioId}' and action = 'studio.delete' and outcome = 'success'`,
    );
    expect(events).toEqual([
      { actor_user_id: owner.userId, detail: 'pazienti=2 documenti=1 membri=2', entity_id: owner.studioId },
    ]);

    // the members' access to the studio ended at once
    for (const who of [owner, staff]) {
      const gone = await api(t.app, { method: 'GET', url: '/studio', token: who.token });
      expect(gone.status).toBe(403);
      expect(gone.body.answer).toBe(studioMessages.noStudio);
    }
    // the owner's account stays: signed in, no studio, free to set up a new one
    const me = await apiOk<{ idsStudio: string[] }>(t.app, { method: 'GET', url: '/user/getUser', token: owner.token });
    expect(me.idsStudio).toEqual([]);
    await apiOk(t.app, {
      method: 'POST',
      url: '/studio/initial-setup',
      token: owner.token,
      body: { studio: validStudioInput(), avatarColor: '#1E88E5' },
    });
  });

  it('refuses an operator acting as the owner in support mode, who knows the password and the name', async () => {
    const owner = await createStudioOwner(t.app);
    const operator = await signUp(t.app);
    await grantPlatformRole(t.deps, operator.userId, 'ROLE_ADMIN');
    const res = await api(t.app, {
      method: 'DELETE',
      url: '/studio',
      token: operator.token,
      headers: { actas: owner.email, actassecret: supportSecret },
      body: { password: testPassword, nomeStudio: studioName },
    });
    expect(res.status).toBe(403);
    expect(res.body.answer).toBe(studioDeleteMessages.notInSupportMode);
    expect((await rowsOfStudio(owner.studioId)).studios).toBe(1);
  });

  it('moves an owner of two studios to the other one', async () => {
    const owner = await createStudioOwner(t.app);
    const second = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/studio',
      token: owner.token,
      body: validStudioInput({ nome: 'Anna', cognome: 'Verdi' }),
    });
    // POST /studio made the second one current: delete it
    const res = await deleteStudio(owner, { password: testPassword, nomeStudio: 'Verdi Anna' });
    expect(res.status).toBe(200);
    const me = await apiOk<{ idsStudio: string[] }>(t.app, { method: 'GET', url: '/user/getUser', token: owner.token });
    expect(me.idsStudio).toEqual([owner.studioId]);
    expect(second.id).not.toBe(owner.studioId);
    const studio = await apiOk<{ id: string }>(t.app, { method: 'GET', url: '/studio', token: owner.token });
    expect(studio.id).toBe(owner.studioId);
  });
});
