import { authMessages } from '@studiolo/domain/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { api } from '../helpers/http.ts';
import {
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
  type TestUser,
} from '../helpers/login-as.ts';
import { rowsOf } from '../helpers/sql.ts';

const secret = 'segreto-di-supporto-lungo-abbastanza';
let t: TestApp;
let operator: TestUser;
let customer: TestStudioUser;

beforeAll(async () => {
  t = await buildTestApp({ SUPPORT_SECRET: secret });
  operator = await signUp(t.app);
  await grantPlatformRole(t.deps, operator.userId, 'ROLE_ADMIN');
  customer = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const auditRows = (action: string) =>
  rowsOf<{ actor_user_id: string; acting_as_user_id: string | null; studio_id: string | null; detail: string }>(
    t.deps.db,
    `select actor_user_id, acting_as_user_id, studio_id, detail from audit_events where action = '${action}' order by occurred_at`,
  );

describe('support mode (ActAs / ActAsSecret)', () => {
  it('lets an admin act as a user, shows it in getUser, and audits every request with both identities', async () => {
    const headers = { actas: customer.email, actassecret: secret };
    const me = await api<{ username: string; idsStudio: string[]; supportMode: { actorUsername: string } | null }>(
      t.app,
      {
        method: 'GET',
        url: '/user/getUser',
        token: operator.token,
        headers,
      },
    );
    expect(me.status).toBe(200);
    expect(me.body.response?.username).toBe(customer.email);
    expect(me.body.response?.idsStudio[0]).toBe(customer.studioId);
    expect(me.body.response?.supportMode?.actorUsername).toBe(operator.email);
    const studio = await api(t.app, { method: 'GET', url: '/studio', token: operator.token, headers });
    expect(studio.status).toBe(200);

    const rows = await auditRows('support.request');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.actor_user_id).toBe(operator.userId);
      expect(row.acting_as_user_id).toBe(customer.userId);
    }
    expect(rows.map((r) => r.detail)).toContain('GET /app/api/studio');
  });

  it('refuses a wrong secret, and a user who is not an operator even with the right secret', async () => {
    const wrong = await api(t.app, {
      method: 'GET',
      url: '/studio',
      token: operator.token,
      headers: { actas: customer.email, actassecret: 'sbagliato-sbagliato-sbagliato' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.answer).toBe(authMessages.supportSecretInvalid);
    const plain = await signUp(t.app);
    const notOperator = await api(t.app, {
      method: 'GET',
      url: '/studio',
      token: plain.token,
      headers: { actas: customer.email, actassecret: secret },
    });
    expect(notOperator.status).toBe(403);
    expect((await auditRows('support.denied')).length).toBeGreaterThanOrEqual(2);
  });

  it('is off when no SUPPORT_SECRET is configured', async () => {
    const t2 = await buildTestApp();
    try {
      const op = await signUp(t2.app);
      await grantPlatformRole(t2.deps, op.userId, 'ROLE_DEV');
      const res = await api(t2.app, {
        method: 'GET',
        url: '/user/getUser',
        token: op.token,
        headers: { actas: op.email, actassecret: secret },
      });
      expect(res.status).toBe(403);
    } finally {
      await t2.close();
    }
  });
});
