import type { Settings } from '@studiolo/domain/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('the description of appointments without a service (issue 26 item 2)', () => {
  it('is kept in the fattura section, set once for the studio', async () => {
    const settings = await apiOk<Settings>(t.app, {
      method: 'PATCH',
      url: '/settings/fattura',
      token: owner.token,
      body: { descrizionePrestazione: 'Seduta riabilitativa' },
    });
    expect(settings.fattura.descrizionePrestazione).toBe('Seduta riabilitativa');
  });

  it('refuses one longer than 200 characters or not a text, with the field named, nothing saved', async () => {
    for (const descrizionePrestazione of ['x'.repeat(201), 42]) {
      const res = await api(t.app, {
        method: 'PATCH',
        url: '/settings/fattura',
        token: owner.token,
        body: { descrizionePrestazione },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain('descrizionePrestazione');
    }
    const settings = await apiOk<Settings>(t.app, { method: 'GET', url: '/settings', token: owner.token });
    expect(settings.fattura.descrizionePrestazione).toBe('Seduta riabilitativa');
  });
});
