import { bodyChartMessages } from '@studiolo/domain/clinical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import {
  createTenantResource,
  validBodyChartInput,
  validDiaryInput,
  validEvaluationInput,
} from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

type Chart = ReturnType<typeof validBodyChartInput> & { id: string; pazienteId: string; updatedAt: string };

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const newPatient = (o: TestStudioUser = owner) => createTenantResource(t.app, o, 'patient');

describe('body charts', () => {
  it('lists the four images, image 1 not in the picker, all at 999x666', async () => {
    const images = await apiOk<{ id: number; width: number; height: number; showOnPicker: boolean }[]>(t.app, {
      method: 'GET',
      url: '/body-charts/images',
      token: owner.token,
    });
    expect(images.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(images.map((i) => i.showOnPicker)).toEqual([false, true, true, true]);
    expect(images.every((i) => i.width === 999 && i.height === 666)).toBe(true);
  });

  it('saves a drawing and gives back exactly the strokes drawn (round trip), then updates and deletes it', async () => {
    const pazienteId = await newPatient();
    const input = validBodyChartInput();
    const res = await api<Chart>(t.app, {
      method: 'POST',
      url: `/pazienti/${pazienteId}/body-charts`,
      token: owner.token,
      body: input,
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(bodyChartMessages.saved);
    const id = (res.body.response as Chart).id;
    const read = await apiOk<Chart>(t.app, { method: 'GET', url: `/body-charts/${id}`, token: owner.token });
    expect(read).toMatchObject({ ...input, pazienteId });
    expect(read.strokes).toEqual(input.strokes);

    const more = [...input.strokes, { color: 'white', size: 10, opacity: 100, points: [0, 0, 999, 666] }];
    const updated = await apiOk<Chart>(t.app, {
      method: 'PUT',
      url: `/body-charts/${id}`,
      token: owner.token,
      body: { ...input, strokes: more, title: 'Controllo' },
    });
    expect(updated.strokes).toEqual(more);
    const listed = await apiOk<Chart[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/body-charts`,
      token: owner.token,
    });
    expect(listed.map((c) => [c.id, c.title, c.strokes.length])).toEqual([[id, 'Controllo', 3]]);

    await apiOk(t.app, { method: 'DELETE', url: `/body-charts/${id}`, token: owner.token });
    expect((await api(t.app, { method: 'GET', url: `/body-charts/${id}`, token: owner.token })).status).toBe(404);
  });

  it('refuses strokes outside the image, unknown colours or sizes, and an image id beyond 4, saving nothing', async () => {
    const pazienteId = await newPatient();
    const base = validBodyChartInput();
    const bad = [
      { ...base, imageId: 5 },
      { ...base, strokes: [{ color: 'pink', size: 5, opacity: 70, points: [1, 1] }] },
      { ...base, strokes: [{ color: 'red', size: 7, opacity: 70, points: [1, 1] }] },
      { ...base, strokes: [{ color: 'red', size: 5, opacity: 70, points: [1000, 1] }] },
      { ...base, strokes: [{ color: 'red', size: 5, opacity: 70, points: [1, 2, 3] }] },
      { ...base, strokes: [{ color: 'red', size: 5, opacity: 0, points: [1, 2] }] },
    ];
    for (const body of bad) {
      const res = await api(t.app, {
        method: 'POST',
        url: `/pazienti/${pazienteId}/body-charts`,
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('ERROR');
    }
    const listed = await apiOk<Chart[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/body-charts`,
      token: owner.token,
    });
    expect(listed).toEqual([]);
  });

  it('keeps a chart drawn from an evaluation or a diary entry with it, only of the same patient, unlinked when that record goes', async () => {
    const pazienteId = await newPatient();
    const evaluation = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: owner.token,
      body: validEvaluationInput(pazienteId),
    });
    const entry = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/diari',
      token: owner.token,
      body: validDiaryInput(pazienteId),
    });
    const post = (body: unknown, patient = pazienteId) =>
      api<Chart>(t.app, { method: 'POST', url: `/pazienti/${patient}/body-charts`, token: owner.token, body });

    const fromEvaluation = await post({ ...validBodyChartInput(), valutazioneId: evaluation.id });
    expect(fromEvaluation.status).toBe(200);
    const fromDiary = await post({ ...validBodyChartInput(), title: 'Seduta', diarioId: entry.id });
    expect(fromDiary.status).toBe(200);
    const listed = await apiOk<Chart[]>(t.app, {
      method: 'GET',
      url: `/pazienti/${pazienteId}/body-charts`,
      token: owner.token,
    });
    expect(listed.map((c) => [c.title, c.valutazioneId, c.diarioId]).sort()).toEqual([
      ['Dolore lombare', evaluation.id, null],
      ['Seduta', null, entry.id],
    ]);

    // another patient's records, another studio's, both at once: refused on the field, nothing saved
    const otherPatient = await newPatient();
    const stranger = await createStudioOwner(t.app);
    const strangerPatient = await createTenantResource(t.app, stranger, 'patient');
    const strangerEvaluation = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/valutazioni',
      token: stranger.token,
      body: validEvaluationInput(strangerPatient),
    });
    const refused = [
      [{ valutazioneId: evaluation.id }, otherPatient, 'valutazioneId', bodyChartMessages.evaluationOtherPatient],
      [{ diarioId: entry.id }, otherPatient, 'diarioId', bodyChartMessages.diaryOtherPatient],
      [{ valutazioneId: strangerEvaluation.id }, pazienteId, 'valutazioneId', bodyChartMessages.evaluationNotFound],
      [{ diarioId: evaluation.id }, pazienteId, 'diarioId', bodyChartMessages.diaryNotFound],
      [{ valutazioneId: evaluation.id, diarioId: entry.id }, pazienteId, 'diarioId', bodyChartMessages.twoOrigins],
    ] as const;
    for (const [link, patient, field, message] of refused) {
      const res = await post({ ...validBodyChartInput(), ...link }, patient);
      expect(res.status, JSON.stringify(link)).toBe(400);
      expect(res.body.fields?.[field]).toBe(message);
    }
    const moved = await api(t.app, {
      method: 'PUT',
      url: `/body-charts/${fromDiary.body.response?.id}`,
      token: owner.token,
      body: { ...validBodyChartInput(), valutazioneId: strangerEvaluation.id },
    });
    expect(moved.status).toBe(400);
    for (const patient of [otherPatient, pazienteId]) {
      const charts = await apiOk<Chart[]>(t.app, {
        method: 'GET',
        url: `/pazienti/${patient}/body-charts`,
        token: owner.token,
      });
      expect(charts).toHaveLength(patient === pazienteId ? 2 : 0);
    }

    // deleting the evaluation keeps the drawing, no longer linked
    await apiOk(t.app, { method: 'DELETE', url: `/valutazioni/${evaluation.id}`, token: owner.token });
    const kept = await apiOk<Chart>(t.app, {
      method: 'GET',
      url: `/body-charts/${fromEvaluation.body.response?.id}`,
      token: owner.token,
    });
    expect(kept).toMatchObject({ title: 'Dolore lombare', valutazioneId: null });
    expect(kept.strokes).toEqual(validBodyChartInput().strokes);
  });

  it('answers 404 for another studio’s patient and body chart', async () => {
    const other = await createStudioOwner(t.app);
    const theirs = await createTenantResource(t.app, other, 'body-chart');
    const theirPatient = await newPatient(other);
    for (const call of [
      { method: 'GET', url: `/body-charts/${theirs}` },
      { method: 'PUT', url: `/body-charts/${theirs}`, body: validBodyChartInput() },
      { method: 'DELETE', url: `/body-charts/${theirs}` },
      { method: 'GET', url: `/pazienti/${theirPatient}/body-charts` },
      { method: 'POST', url: `/pazienti/${theirPatient}/body-charts`, body: validBodyChartInput() },
    ] as const) {
      expect((await api(t.app, { ...call, token: owner.token })).status, `${call.method} ${call.url}`).toBe(404);
    }
    const still = await apiOk<Chart>(t.app, { method: 'GET', url: `/body-charts/${theirs}`, token: other.token });
    expect(still.title).toBe('Dolore lombare');
  });
});
