import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { apiOk } from '../../test/helpers/http.ts';
import { demoLogin, seedDemoIfEmpty } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('seeds an empty database once, with a studio a newcomer can sign in to', async () => {
    const first = await seedDemoIfEmpty(t.deps);
    expect(first).toMatchObject({ email: demoLogin.email, created: true });
    expect(await seedDemoIfEmpty(t.deps)).toBeNull();
    const session = await apiOk<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: demoLogin.email, password: demoLogin.password },
    });
    const studio = await apiOk<{ nome: string; professione: string }>(t.app, {
      method: 'GET',
      url: '/studio',
      token: session.token,
    });
    expect(studio).toMatchObject({ nome: 'Chiara', professione: 'Fisioterapista' });
    const staff = await apiOk<{ email: string; status: string }[]>(t.app, {
      method: 'GET',
      url: '/staff',
      token: session.token,
    });
    expect(staff.map((s) => s.status).sort()).toEqual(['ACTIVE', 'INVITED']);
    const invoices = await apiOk<{ totalElements: number; content: { pagata: boolean; scaduta: boolean }[] }>(t.app, {
      method: 'GET',
      url: '/documento-contabile',
      token: session.token,
    });
    expect(invoices.totalElements).toBe(4);
    expect(invoices.content.filter((f) => f.pagata)).toHaveLength(2);
    expect(invoices.content.filter((f) => f.scaduta)).toHaveLength(1);
    const proforma = await apiOk<{ totalElements: number }>(t.app, {
      method: 'GET',
      url: '/proforma',
      token: session.token,
    });
    expect(proforma.totalElements).toBe(1);
  });
});
