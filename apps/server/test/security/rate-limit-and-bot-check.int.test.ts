import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpMessages, rateLimitHeader, supportEmailAddress, tooManyRequestsMessage } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { testPassword, uniqueEmail } from '../helpers/factories.ts';
import { api } from '../helpers/http.ts';
import { signUp } from '../helpers/login-as.ts';

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

  it('locks one account after repeated attempts, whatever the password', async () => {
    const t2 = await buildTestApp({ RATE_LIMIT_ACCOUNT_PER_15_MIN: 3 });
    try {
      const user = await signUp(t2.app);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await api(t2.app, {
              method: 'POST',
              url: '/user/login',
              body: { username: user.email, password: 'sbagliata-123' },
            })
          ).status,
        ).toBe(401);
      }
      const locked = await api(t2.app, {
        method: 'POST',
        url: '/user/login',
        body: { username: user.email, password: testPassword },
      });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers[rateLimitHeader.toLowerCase()])).toBeGreaterThanOrEqual(14);
      // another account is not affected
      const other = await signUp(t2.app);
      expect(
        (
          await api(t2.app, {
            method: 'POST',
            url: '/user/login',
            body: { username: other.email, password: testPassword },
          })
        ).status,
      ).toBe(200);
    } finally {
      await t2.close();
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
