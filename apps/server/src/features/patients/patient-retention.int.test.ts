import { patientMessages } from '@studiolo/domain/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  createTenantResource,
  uploadAttachment,
  validBodyChartInput,
  validDiaryInput,
  validEvaluationInput,
  validOdiInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

/** Issue 30 item 5 (decision 040): a patient with a clinical record is kept; the studio makes them not active instead. */
let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const clinicalRefusal = patientMessages.deleteRefused(
  'dati nella cartella clinica (valutazioni, diario, misure di esito, allegati o schemi corporei)',
);

/** One way of each kind to write a patient's clinical record. */
const writers: Record<string, (pazienteId: string) => Promise<unknown>> = {
  'an evaluation': (pazienteId) =>
    apiOk(t.app, { method: 'POST', url: '/valutazioni', token: owner.token, body: validEvaluationInput(pazienteId) }),
  'a diary entry': (pazienteId) =>
    apiOk(t.app, { method: 'POST', url: '/diari', token: owner.token, body: validDiaryInput(pazienteId) }),
  'an outcome measure': (pazienteId) =>
    apiOk(t.app, { method: 'POST', url: '/misure-esito', token: owner.token, body: validOdiInput(pazienteId) }),
  'an attachment': (pazienteId) => uploadAttachment(t.app, owner, pazienteId),
  'a body chart': (pazienteId) =>
    apiOk(t.app, {
      method: 'POST',
      url: `/pazienti/${pazienteId}/body-charts`,
      token: owner.token,
      body: validBodyChartInput(),
    }),
};

const recordOf = async (pazienteId: string) => {
  const [row] = await rowsOf<Record<string, number>>(
    t.deps.db,
    `select
      (select count(*) from clinical_evaluations where paziente_id = '${pazienteId}')::int as valutazioni,
      (select count(*) from clinical_diary_entries where paziente_id = '${pazienteId}')::int as diario,
      (select count(*) from clinical_outcome_measures where paziente_id = '${pazienteId}')::int as misure,
      (select count(*) from patient_attachments where paziente_id = '${pazienteId}')::int as allegati,
      (select count(*) from body_charts where paziente_id = '${pazienteId}')::int as schemi,
      (select count(*) from storage_deletions where studio_id = '${owner.studioId}')::int as fileInUscita`,
  );
  return row;
};

describe('deleting a patient with a clinical record', () => {
  for (const [kind, write] of Object.entries(writers)) {
    it(`refuses with 409 a patient who has ${kind}, and deletes nothing`, async () => {
      const pazienteId = await createTenantResource(t.app, owner, 'patient');
      await write(pazienteId);
      const before = await recordOf(pazienteId);
      const res = await api(t.app, { method: 'DELETE', url: `/pazienti/${pazienteId}`, token: owner.token });
      expect(res.status).toBe(409);
      expect(res.body.answer).toBe(clinicalRefusal);
      expect(res.body.answer).toBe(
        'Impossibile eliminare il paziente: ha dati nella cartella clinica (valutazioni, diario, misure di esito, allegati o schemi corporei), che sono documenti legali e vanno conservati. Puoi renderlo non attivo.',
      );
      expect((await api(t.app, { method: 'GET', url: `/pazienti/${pazienteId}`, token: owner.token })).status).toBe(
        200,
      );
      expect(await recordOf(pazienteId)).toEqual(before);
    });
  }

  it('deletes a patient without a clinical record', async () => {
    const pazienteId = await createTenantResource(t.app, owner, 'patient');
    const res = await api(t.app, { method: 'DELETE', url: `/pazienti/${pazienteId}`, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(patientMessages.deleted);
    expect((await api(t.app, { method: 'GET', url: `/pazienti/${pazienteId}`, token: owner.token })).status).toBe(404);
  });

  it('lets a deleted clinical row free its patient again (the record the studio removed itself)', async () => {
    const pazienteId = await createTenantResource(t.app, owner, 'patient');
    const evaluation = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId),
    });
    expect((await api(t.app, { method: 'DELETE', url: `/pazienti/${pazienteId}`, token: owner.token })).status).toBe(
      409,
    );
    await apiOk(t.app, { method: 'DELETE', url: `/valutazioni/${evaluation.id}`, token: owner.token });
    expect((await api(t.app, { method: 'DELETE', url: `/pazienti/${pazienteId}`, token: owner.token })).status).toBe(
      200,
    );
  });
});
