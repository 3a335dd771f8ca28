import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpMessages, rateLimitHeader, supportEmailAddress, tooManyRequestsMessage } from '@studiolo/domain/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { buildTestConfig, type Config, loadConfig } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { auditEvents } from '../../src/db/schema/index.ts';
import { type AppDeps, createDeps } from '../../src/deps.ts';
import { authRepository } from '../../src/features/auth/auth.repository.ts';
import { hashPassword } from '../../src/features/auth/passwords.ts';
import { newTotpSecret, totpCodeAt } from '../../src/features/auth/totp.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { testPassword, uniqueEmail } from '../helpers/factories.ts';
import { api } from '../helpers/http.ts';
import { testTarget } from '../helpers/test-db.ts';

/** A sign-in as it reaches the server: from a socket address, with whatever X-Forwarded-For the sender wrote. */
const signIn = async (
  app: FastifyInstance,
  body: { username: string; password: string },
  from: { socket: string; forwardedFor?: string; turnstile?: string },
) => {
  const res = await app.inject({
    method: 'POST',
    url: '/app/api/user/login',
    remoteAddress: from.socket,
    headers: {
      'content-type': 'application/json',
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.turnstile ? { 'x-turnstile-token': from.turnstile } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { answer?: string }, headers: res.headers };
};

/**
 * A registered user, written straight to the database: these tests are about signing in, and must not depend on how
 * sign-up answers or when its e-mail is verified.
 */
const createUser = async (deps: AppDeps) => {
  const email = uniqueEmail();
  const row = await authRepository.insertUser(deps.db, {
    email,
    passwordHash: await hashPassword(testPassword, deps.config.SCRYPT_COST_LOG2),
    nome: 'Giulia',
    cognome: 'Bianchi',
  });
  if (!row) throw new Error('user not created');
  return { email, userId: row.id };
};

/** The addresses the audit trail recorded for a user's failed sign-ins. */
const failedSignInAddresses = async (deps: AppDeps, userId: string) =>
  (
    await deps.db
      .select({ ip: auditEvents.ip })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorUserId, userId),
          eq(auditEvents.action, 'user.login'),
          eq(auditEvents.outcome, 'failure'),
        ),
      )
  ).map((r) => r.ip);

describe('client address (issue 25 item 2)', () => {
  it('takes the socket address in production without TRUST_PROXY: a forged X-Forwarded-For neither escapes the per-address limit nor reaches the audit trail', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production', RATE_LIMIT_AUTH_PER_MINUTE: 10 });
    try {
      const user = await createUser(t.deps);
      const statuses: number[] = [];
      for (let i = 1; i <= 15; i++) {
        const res = await signIn(
          t.app,
          { username: user.email, password: 'sbagliata-123' },
          { socket: '203.0.113.7', forwardedFor: `198.51.100.${i}` },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(5).fill(429));
      const addresses = await failedSignInAddresses(t.deps, user.userId);
      expect(addresses).toHaveLength(10);
      expect(new Set(addresses)).toEqual(new Set(['203.0.113.7']));
    } finally {
      await t.close();
    }
  });

  it('reads X-Forwarded-For only from the proxies TRUST_PROXY names, from the right', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production', TRUST_PROXY: ['203.0.113.1'] });
    try {
      const user = await createUser(t.deps);
      const wrong = { username: user.email, password: 'sbagliata-123' };
      // through the proxy: the address the proxy appended, not the one the client wrote before it
      await signIn(t.app, wrong, { socket: '203.0.113.1', forwardedFor: '10.9.9.9, 192.0.2.44' });
      // straight to the server, skipping the proxy: its header is ignored
      await signIn(t.app, wrong, { socket: '192.0.2.99', forwardedFor: '10.9.9.9' });
      expect((await failedSignInAddresses(t.deps, user.userId)).sort()).toEqual(['192.0.2.44', '192.0.2.99']);
    } finally {
      await t.close();
    }
  });

  it('with a hop count, takes the address that many hops from the right of X-Forwarded-For', async () => {
    const t = await buildTestApp({ TRUST_PROXY: 1 });
    try {
      const user = await createUser(t.deps);
      await signIn(
        t.app,
        { username: user.email, password: 'sbagliata-123' },
        { socket: '10.0.0.2', forwardedFor: '10.9.9.9, 192.0.2.45' },
      );
      expect(await failedSignInAddresses(t.deps, user.userId)).toEqual(['192.0.2.45']);
    } finally {
      await t.close();
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.1']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: 5, RATE_LIMIT_ACCOUNT_PER_15_MIN: 3 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with the Italian message and the minutes header once an IP signs in too often', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof api>> | null = null;
    for (let i = 0; i < 7; i++) {
      last = await api(t.app, {
        method: 'POST',
        url: '/user/signup',
        body: { email: uniqueEmail(), password: testPassword, nome: 'A', cognome: 'B' },
        headers: { 'x-forwarded-for': '1.1.1.1' },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(last?.status).toBe(429);
    expect(last?.headers[rateLimitHeader.toLowerCase()]).toBe('1');
    expect(last?.body).toMatchObject({ code: 'ERROR', answer: tooManyRequestsMessage(1, supportEmailAddress) });
  });
});

/** The limits of a production server (the defaults of .env.example), which the test config raises. */
const productionSignInLimits = {
  RATE_LIMIT_ACCOUNT_PER_15_MIN: 10,
  RATE_LIMIT_ADDRESS_FAILURES_PER_15_MIN: 30,
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: 5,
};

describe('sign-in limits (issue 25 item 6)', () => {
  const wrong = (email: string) => ({ username: email, password: 'sbagliata-123' });
  const right = (email: string) => ({ username: email, password: testPassword });

  it('never locks an account: after a dozen wrong passwords from other addresses, the owner signs in from an address that has not failed', async () => {
    const t = await buildTestApp(productionSignInLimits);
    try {
      const user = await createUser(t.deps);
      for (let i = 1; i <= 12; i++) {
        expect((await signIn(t.app, wrong(user.email), { socket: `192.0.2.${i}` })).status).toBe(401);
      }
      const owner = await signIn(t.app, right(user.email), { socket: '198.51.100.7' });
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ response: { token: expect.any(String) } });
    } finally {
      await t.close();
    }
  });

  it('lets the owner through with the right password and second factor from an address that has not failed', async () => {
    const t = await buildTestApp(productionSignInLimits);
    try {
      const user = await createUser(t.deps);
      const { secret } = newTotpSecret(user.email);
      await authRepository.updateUser(t.deps.db, user.userId, { totpSecret: secret, totpEnabled: true });
      for (let i = 1; i <= 12; i++)
        expect((await signIn(t.app, wrong(user.email), { socket: `192.0.2.${i}` })).status).toBe(401);
      const first = await signIn(t.app, right(user.email), { socket: '198.51.100.7' });
      expect(first.status).toBe(200);
      const { challengeToken } = (first.body as { response: { challengeToken: string } }).response;
      const second = await t.app.inject({
        method: 'POST',
        url: '/app/api/user/login/2fa',
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ challengeToken, code: totpCodeAt(secret, Date.now()) }),
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ response: { token: expect.any(String) } });
    } finally {
      await t.close();
    }
  });

  it('makes one address that failed too often on an account wait out the 15 minutes, and only that address', async () => {
    const t = await buildTestApp({ ...productionSignInLimits, RATE_LIMIT_ACCOUNT_PER_15_MIN: 3 });
    try {
      const user = await createUser(t.deps);
      for (let i = 0; i < 2; i++)
        expect((await signIn(t.app, wrong(user.email), { socket: '192.0.2.1' })).status).toBe(401);
      // one address alone stays under the slow-down: it reaches its own limit first
      expect((await signIn(t.app, wrong(user.email), { socket: '192.0.2.1' })).status).toBe(401);
      const waiting = await signIn(t.app, right(user.email), { socket: '192.0.2.1' });
      expect(waiting.status).toBe(429);
      expect(waiting.body.answer).toBe(tooManyRequestsMessage(15, supportEmailAddress));
      expect(waiting.headers[rateLimitHeader.toLowerCase()]).toBe('15');
      expect((await signIn(t.app, right(user.email), { socket: '192.0.2.2' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('slows the addresses that failed on an account under attack to one attempt a minute among them, and not the others', async () => {
    const t = await buildTestApp(productionSignInLimits);
    try {
      const user = await createUser(t.deps);
      for (let i = 1; i <= 5; i++)
        expect((await signIn(t.app, wrong(user.email), { socket: `192.0.2.${i}` })).status).toBe(401);
      // the account failed five times: an address that failed on it is heard once this minute…
      expect((await signIn(t.app, wrong(user.email), { socket: '192.0.2.1' })).status).toBe(401);
      // …and the next one (another address that failed) waits, with the spec's message and minutes
      const slowed = await signIn(t.app, right(user.email), { socket: '192.0.2.2' });
      expect(slowed.status).toBe(429);
      expect(slowed.body.answer).toBe(tooManyRequestsMessage(1, supportEmailAddress));
      expect(slowed.headers[rateLimitHeader.toLowerCase()]).toBe('1');
      // an address that never failed on it is not slowed
      expect((await signIn(t.app, right(user.email), { socket: '198.51.100.7' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits the failures of one address whatever the accounts it tries', async () => {
    const t = await buildTestApp({ ...productionSignInLimits, RATE_LIMIT_ADDRESS_FAILURES_PER_15_MIN: 4 });
    try {
      for (let i = 0; i < 4; i++)
        expect((await signIn(t.app, wrong(uniqueEmail()), { socket: '192.0.2.9' })).status).toBe(401);
      const user = await createUser(t.deps);
      expect((await signIn(t.app, right(user.email), { socket: '192.0.2.9' })).status).toBe(429);
      expect((await signIn(t.app, right(user.email), { socket: '192.0.2.10' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with the bot check configured, does not slow an account down: every attempt carries a solved check', async () => {
    const fake = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const t = await buildTestApp({
      ...productionSignInLimits,
      TURNSTILE_SECRET: 'segreto-turnstile',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`,
    });
    try {
      const user = await createUser(t.deps);
      for (let i = 1; i <= 6; i++)
        expect(
          (await signIn(t.app, wrong(user.email), { socket: `192.0.2.${i % 2}`, turnstile: 'buono' })).status,
        ).toBe(401);
      expect((await signIn(t.app, right(user.email), { socket: '192.0.2.1', turnstile: 'buono' })).status).toBe(200);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });
});

/**
 * A second instance of the app on the same database, as behind a load balancer: on PostgreSQL a new pool and deps on
 * the first instance's schema. On PGlite (one process owns the embedded database, so there is no second instance) it
 * is the first instance itself, and the same tests check the in-memory counters.
 */
const secondInstanceOf = async (
  t: TestApp,
  overrides: Partial<Config>,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> => {
  if (testTarget === 'pglite') return { app: t.app, close: async () => {} };
  const schema = ((await t.deps.db.execute(sql`select current_schema() as s`)) as unknown as { rows: { s: string }[] })
    .rows[0]?.s;
  if (!schema) throw new Error('no schema');
  const database = await createDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    dataDir: null,
    pgSchema: schema,
  });
  const app = await buildApp(createDeps(buildTestConfig({ DATA_DIR: t.dataDir, ...overrides }), database), {
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

describe('counters shared by every instance on the database (issue 25 item 6)', () => {
  it("counts an address's failed sign-ins on an account across instances", async () => {
    const limits = { ...productionSignInLimits, RATE_LIMIT_ACCOUNT_PER_15_MIN: 4 };
    const t = await buildTestApp(limits);
    const other = await secondInstanceOf(t, limits);
    try {
      const user = await createUser(t.deps);
      const wrong = { username: user.email, password: 'sbagliata-123' };
      const statuses: number[] = [];
      for (const app of [t.app, other.app, t.app, other.app, t.app, other.app])
        statuses.push((await signIn(app, wrong, { socket: '192.0.2.1' })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it("counts an address's sign-in requests across instances, and the global limit in each instance", async () => {
    const limits = { RATE_LIMIT_AUTH_PER_MINUTE: 3, RATE_LIMIT_GLOBAL_PER_MINUTE: 3 };
    const t = await buildTestApp(limits);
    const other = await secondInstanceOf(t, limits);
    try {
      const signIns: number[] = [];
      for (const app of [t.app, other.app, t.app, other.app])
        signIns.push(
          (await signIn(app, { username: uniqueEmail(), password: 'sbagliata-123' }, { socket: '192.0.2.2' })).status,
        );
      expect(signIns).toEqual([401, 401, 401, 429]);
      // the global flood guard counts in memory (decision 032): each instance lets an address make its 3 requests
      const configs = async (app: typeof t.app) => {
        const seen: number[] = [];
        for (let i = 0; i < 4; i++)
          seen.push(
            (await app.inject({ method: 'GET', url: '/app/api/config', remoteAddress: '192.0.2.3' })).statusCode,
          );
        return seen;
      };
      expect(await configs(t.app)).toEqual([200, 200, 200, 429]);
      // on the embedded database the second instance is the first one (one process owns it): already over its limit
      expect(await configs(other.app)).toEqual(other.app === t.app ? [429, 429, 429, 429] : [200, 200, 200, 429]);
    } finally {
      await other.close();
      await t.close();
    }
  });

  it('writes no counter to the database for a request under the global limit alone', async () => {
    const t = await buildTestApp();
    try {
      const count = async () =>
        (
          (await t.deps.db.execute(sql`select count(*)::int as n from rate_limit_counters`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n;
      const before = await count();
      for (let i = 0; i < 5; i++)
        expect(
          (await t.app.inject({ method: 'GET', url: '/app/api/config', remoteAddress: '192.0.2.4' })).statusCode,
        ).toBe(200);
      expect(await count()).toBe(before);
    } finally {
      await t.close();
    }
  });
});

describe('bot check (Turnstile)', () => {
  let fake: Server;
  let verifyUrl: string;
  const seen: string[] = [];
  let available = true;
  let t: TestApp;

  beforeAll(async () => {
    // A local stand-in for the verification endpoint: accepts the token "buono" only.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        seen.push(`${params.get('secret')}:${params.get('response')}`);
        if (!available) {
          res.writeHead(502).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: params.get('response') === 'buono' }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/siteverify`;
    t = await buildTestApp({
      TURNSTILE_SECRET: 'segreto-turnstile',
      TURNSTILE_VERIFY_URL: verifyUrl,
      TURNSTILE_SITE_KEY: 'chiave-sito',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  const signupBody = () => ({ email: uniqueEmail(), password: testPassword, nome: 'A', cognome: 'B' });

  it('refuses sign-up without a token or with a bad one, and accepts a verified one', async () => {
    const none = await api(t.app, { method: 'POST', url: '/user/signup', body: signupBody() });
    expect(none.status).toBe(403);
    expect(none.body.answer).toBe(httpMessages.turnstileInvalid);
    const bad = await api(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: signupBody(),
      headers: { 'x-turnstile-token': 'cattivo' },
    });
    expect(bad.status).toBe(403);
    const good = await api(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: signupBody(),
      headers: { 'x-turnstile-token': 'buono' },
    });
    expect(good.status).toBe(200);
    expect(seen).toContain('segreto-turnstile:buono');
  });

  it('checks sign-in and reset too, but not the other routes', async () => {
    expect(
      (await api(t.app, { method: 'POST', url: '/user/login', body: { username: 'a@b.it', password: 'x' } })).status,
    ).toBe(403);
    expect((await api(t.app, { method: 'POST', url: '/user/resetPwd', body: { email: 'a@b.it' } })).status).toBe(403);
    expect((await api(t.app, { method: 'GET', url: '/config' })).body.response).toMatchObject({
      turnstileSiteKey: 'chiave-sito',
    });
  });

  it('answers 503 with its Italian message when the verification service cannot be reached', async () => {
    available = false;
    try {
      const res = await api(t.app, {
        method: 'POST',
        url: '/user/signup',
        body: signupBody(),
        headers: { 'x-turnstile-token': 'buono' },
      });
      expect(res.status).toBe(503);
      expect(res.body.answer).toBe(httpMessages.turnstileUnavailable);
    } finally {
      available = true;
    }
  });
});
