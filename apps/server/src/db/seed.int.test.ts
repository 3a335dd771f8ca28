import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../test/helpers/http.ts';
import { loadConfig } from '../config/env.ts';
import { authRepository } from '../features/auth/auth.repository.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { demoEmail, retirePublishedDemoPassword, seedDemoIfEmpty, seedsDemoOnStart } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The password the README published before issue 25. */
const published = 'studiolo-demo-2026';
const login = (password: string) =>
  api(t.app, { method: 'POST', url: '/user/login', body: { username: demoEmail, password } });

describe('demo data', () => {
  it('seeds an empty database once, with a random password and a studio a newcomer can sign in to', async () => {
    const first = await seedDemoIfEmpty(t.deps);
    expect(first).toMatchObject({ email: 'demo@studiolo.it', created: true });
    if (!first) throw new Error('not seeded');
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.password).not.toBe(published);
    expect(await seedDemoIfEmpty(t.deps)).toBeNull();
    expect((await login(published)).status).toBe(401);
    const session = await apiOk<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: demoEmail, password: first.password },
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

  it('gives a demo seeded with the published password a random one, once', async () => {
    const user = await authRepository.findUserByEmail(t.deps.db, demoEmail);
    if (!user) throw new Error('no demo');
    await authRepository.setPassword(t.deps.db, user.id, await hashPassword(published, 10));
    const replaced = await retirePublishedDemoPassword(t.deps);
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(published)).status).toBe(401);
    expect((await login(replaced as string)).status).toBe(200);
    expect(await retirePublishedDemoPassword(t.deps)).toBeNull();
  });

  it('is never seeded at start in production unless SEED_DEMO asks, and is by default elsewhere', () => {
    const secret = { AUTH_SECRET: 'a-production-secret-of-enough-length-0123456789' };
    expect(seedsDemoOnStart(loadConfig({ ...secret, NODE_ENV: 'production' }))).toBe(false);
    expect(seedsDemoOnStart(loadConfig({ ...secret, NODE_ENV: 'production', SEED_DEMO: 'true' }))).toBe(true);
    expect(seedsDemoOnStart(loadConfig({}))).toBe(true);
    expect(seedsDemoOnStart(loadConfig({ SEED_DEMO: 'false' }))).toBe(false);
  });
});
