import { authMessages } from '@studiolo/domain/auth';
import { studioMessages } from '@studiolo/domain/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testPassword, uniqueEmail, validStudioInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, lastMailedToken, signUp } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up and sign-in', () => {
  it('signs up from the mailed link, answers a token and the username, and the user has no studio yet', async () => {
    const email = uniqueEmail();
    const res = await api<{ token?: string; username: string }>(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: { email: email.toUpperCase(), password: testPassword, nome: 'Anna', cognome: 'Neri' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.answer).toBe(authMessages.signupCheckEmail);
    expect(res.body.response).toEqual({ username: email });
    const session = await apiOk<{ token: string; username: string }>(t.app, {
      method: 'POST',
      url: '/user/verify-email',
      body: { token: await lastMailedToken(t.deps, email, 'verificaEmail') },
    });
    expect(session.username).toBe(email);
    const me = await apiOk<{ idsStudio: string[]; role: string; emailVerified: boolean }>(t.app, {
      method: 'GET',
      url: '/user/getUser',
      token: session.token,
    });
    expect(me.idsStudio).toEqual([]);
    expect(me.role).toBe('ROLE_USER');
    expect(me.emailVerified).toBe(true);
  });

  it('does not say that an e-mail is registered: a second sign-up answers as the first (issue 25 item 8)', async () => {
    const user = await signUp(t.app);
    const res = await api(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: { email: user.email, password: testPassword, nome: 'A', cognome: 'B' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 'SUCCESS',
      answer: authMessages.signupCheckEmail,
      response: { username: user.email },
    });
  });

  it('signs in with the right password and refuses a wrong one with the same message for an unknown e-mail', async () => {
    const user = await signUp(t.app);
    const good = await api<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: user.email, password: testPassword },
    });
    expect(good.status).toBe(200);
    expect(good.body.response?.token).toBeTruthy();
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: user.email, password: 'sbagliata!!' },
    });
    const unknown = await api(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: uniqueEmail(), password: 'sbagliata!!' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.answer).toBe(authMessages.invalidCredentials);
    expect(unknown.body.answer).toBe(authMessages.invalidCredentials);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await api(t.app, { method: 'GET', url: '/user/getUser' })).status).toBe(401);
    expect(
      (await api(t.app, { method: 'GET', url: '/user/getUser', token: 'eyJhbGciOiJIUzI1NiJ9.e30.xxx' })).status,
    ).toBe(401);
  });
});

describe('on-boarding', () => {
  it('creates the studio with its "Calendario principale" and puts it first in idsStudio', async () => {
    const owner = await createStudioOwner(t.app);
    const me = await apiOk<{ idsStudio: string[]; role: string }>(t.app, {
      method: 'GET',
      url: '/user/getUser',
      token: owner.token,
    });
    expect(me.idsStudio[0]).toBe(owner.studioId);
    expect(me.role).toBe('ROLE_USER');
    const rows = await rowsOf<{ summary: string; description: string }>(
      t.deps.db,
      `select summary, description from calendars where studio_id = '${owner.studioId}'`,
    );
    expect(rows).toEqual([
      { summary: studioMessages.defaultCalendarSummary, description: studioMessages.defaultCalendarDescription },
    ]);
  });

  it('refuses a second initial set-up', async () => {
    const owner = await createStudioOwner(t.app);
    const res = await api(t.app, {
      method: 'POST',
      url: '/studio/initial-setup',
      token: owner.token,
      body: { studio: validStudioInput() },
    });
    expect(res.status).toBe(409);
    expect(res.body.answer).toBe(studioMessages.alreadyHasStudio);
  });
});
