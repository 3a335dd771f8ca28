import { authMessages } from '@studiolo/domain/auth';
import { mailMessages } from '@studiolo/domain/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, testPassword, uniqueEmail } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import {
  createStaffUser,
  createStudioOwner,
  lastMailedToken,
  signUp,
  type TestUser,
} from '../../../test/helpers/login-as.ts';
import { startSmtpSink } from '../../../test/helpers/smtp-sink.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { totpCodeAt } from './totp.ts';

/** Issue 25 items 7, 8, 10 and 11 (the sign-in parts): each test failed on 02f220e. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
// The server's clock, moved on by the tests (TOTP steps, link expiry).
let clock = Date.now();
const nextCode = (secret: string) => {
  clock += 30_000;
  return totpCodeAt(secret, clock);
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'http://studiolo.test' },
    { mailTransport: createSmtpTransport(smtp.url), now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const getUser = (token: string) => api(t.app, { method: 'GET', url: '/user/getUser', token });
const signIn = (user: TestUser, password = testPassword) =>
  apiOk<{ token: string }>(t.app, { method: 'POST', url: '/user/login', body: { username: user.email, password } });
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
/** The mail's text as the person reads it (quoted-printable undone). */
const unfold = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('password reset links (item 7)', () => {
  const requestReset = (email: string) => apiOk(t.app, { method: 'POST', url: '/user/resetPwd', body: { email } });
  const changeWith = (token: string, password: string) =>
    api(t.app, { method: 'POST', url: '/user/changePwd', body: { token, password } });

  it('a newer link ends the older one, before and after the newer is used', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const older = await lastMailedToken(t.deps, user.email, 'resetPassword');
    await requestReset(user.email);
    const newer = await lastMailedToken(t.deps, user.email, 'resetPassword');
    expect(newer).not.toBe(older);

    const byOlder = await changeWith(older, 'password-dal-link-vecchio');
    expect(byOlder.status).toBe(400);
    expect(byOlder.body.answer).toBe(authMessages.resetLinkInvalid);
    expect((await changeWith(newer, 'password-dal-link-nuovo')).status).toBe(200);
    expect((await changeWith(older, 'password-dal-link-vecchio')).status).toBe(400);
    expect((await changeWith(newer, 'password-ancora-diversa')).status).toBe(400);
    await signIn(user, 'password-dal-link-nuovo');
  });

  it('a link stops working after an hour, and when the password is changed another way', async () => {
    const user = await signUp(t.app);
    await requestReset(user.email);
    const expiring = await lastMailedToken(t.deps, user.email, 'resetPassword');
    clock += 60 * 60_000 + 1_000;
    expect((await changeWith(expiring, 'password-scaduta-1')).status).toBe(400);

    await requestReset(user.email);
    const open = await lastMailedToken(t.deps, user.email, 'resetPassword');
    await apiOk(t.app, {
      method: 'POST',
      url: '/user/changePwd',
      token: user.token,
      body: { oldPassword: testPassword, password: 'password-cambiata-dal-profilo' },
    });
    expect((await changeWith(open, 'password-dal-link-aperto')).status).toBe(400);
  });
});

describe('sign-up without revealing registered addresses, and e-mail confirmation (item 8)', () => {
  const signupBody = (email: string) => ({
    email,
    password: 'password-di-chi-prova',
    nome: 'Ignoto',
    cognome: 'Rossi',
  });

  it('answers a registered and a new address alike, tells the owner by mail, and changes nothing of the account', async () => {
    const owner = await signUp(t.app);
    const fresh = uniqueEmail('nuovo');
    const registered = await api(t.app, { method: 'POST', url: '/user/signup', body: signupBody(owner.email) });
    const unregistered = await api(t.app, { method: 'POST', url: '/user/signup', body: signupBody(fresh) });
    expect(registered.status).toBe(unregistered.status);
    expect({ ...registered.body, response: null }).toEqual({ ...unregistered.body, response: null });
    expect(registered.body.response).toEqual({ username: owner.email });
    expect(unregistered.body.response).toEqual({ username: fresh });

    // the owner is told, with a way in; the new address gets a confirmation link
    const toOwner = unfold(mailsTo(owner.email).at(-1)?.raw ?? '');
    expect(toOwner).toContain('ha già un account');
    expect(toOwner).toContain('http://studiolo.test/forgotPassword');
    expect(unfold(mailsTo(fresh).at(-1)?.raw ?? '')).toContain('http://studiolo.test/verificaEmail?token=');
    // the owner's password and session are untouched; the stranger's password opens nothing
    expect((await getUser(owner.token)).status).toBe(200);
    await signIn(owner);
    expect(
      (
        await api(t.app, {
          method: 'POST',
          url: '/user/login',
          body: { username: owner.email, password: 'password-di-chi-prova' },
        })
      ).status,
    ).toBe(401);
  });

  it('answers 503 in Italian, alike for a registered and a new address, when the mail cannot be sent', async () => {
    const owner = await signUp(t.app);
    smtp.refuse(true);
    try {
      const registered = await api(t.app, { method: 'POST', url: '/user/signup', body: signupBody(owner.email) });
      const unregistered = await api(t.app, {
        method: 'POST',
        url: '/user/signup',
        body: signupBody(uniqueEmail('nuovo')),
      });
      expect(registered.status).toBe(503);
      expect(registered.body).toEqual(unregistered.body);
      expect(registered.body.answer).toBe(mailMessages.deliveryFailed);
    } finally {
      smtp.refuse(false);
    }
  });

  it('creates the account only when the mailed link is opened, and the link works once', async () => {
    const email = uniqueEmail('conferma');
    await apiOk(t.app, { method: 'POST', url: '/user/signup', body: signupBody(email) });
    const beforeLink = await api(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: email, password: 'password-di-chi-prova' },
    });
    expect(beforeLink.status).toBe(401);
    const token = await lastMailedToken(t.deps, email, 'verificaEmail');
    const session = await apiOk<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/verify-email',
      body: { token },
    });
    expect((await getUser(session.token)).body.response).toMatchObject({ username: email, emailVerified: true });
    const again = await api(t.app, { method: 'POST', url: '/user/verify-email', body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.answer).toBe(authMessages.verifyLinkInvalid);
  });

  it('refuses a signature request (SMS and mail to the patient) until the address is confirmed, then sends it', async () => {
    const owner = await createStudioOwner(t.app);
    // an account from before confirmation existed
    await rowsOf(t.deps.db, `update users set email_verified_at = null where id = '${owner.userId}'`);
    expect((await getUser(owner.token)).body.response).toMatchObject({ emailVerified: false });
    const pazienteId = await createTenantResource(t.app, owner, 'patient');
    const templateId = await createTenantResource(t.app, owner, 'form-template');
    const body = { pazienteId, templateIds: [templateId], cellulare: '347 1234567' };
    const refused = await api(t.app, { method: 'POST', url: '/signature', token: owner.token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.answer).toBe(authMessages.emailNotVerified);
    const requests = await rowsOf(t.deps.db, `select id from signature_requests where studio_id = '${owner.studioId}'`);
    expect(requests).toEqual([]);

    const resent = await api(t.app, { method: 'POST', url: '/user/verify-email/send', token: owner.token });
    expect(resent.body.answer).toBe(authMessages.verificationSent);
    const token = await lastMailedToken(t.deps, owner.email, 'verificaEmail');
    const verified = await api(t.app, { method: 'POST', url: '/user/verify-email', body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.response).toBeNull();
    expect((await api(t.app, { method: 'POST', url: '/signature', token: owner.token, body })).status).toBe(200);
    const done = await api(t.app, { method: 'POST', url: '/user/verify-email/send', token: owner.token });
    expect(done.status).toBe(409);
  });
});

describe('sign-out on the server (item 10)', () => {
  it('POST /user/logout ends this session at once and leaves the others open', async () => {
    const user = await signUp(t.app);
    const other = await signIn(user);
    expect((await getUser(user.token)).status).toBe(200); // the context is now kept (decision 017)
    expect((await api(t.app, { method: 'POST', url: '/user/logout', token: user.token })).body.answer).toBe(
      authMessages.loggedOut,
    );
    expect((await getUser(user.token)).status).toBe(401);
    expect((await api(t.app, { method: 'POST', url: '/user/logout', token: user.token })).status).toBe(401);
    expect((await getUser(other.token)).status).toBe(200);
  });

  it('"Esci da tutti i dispositivi" ends every session of the user, and a new sign-in works', async () => {
    const user = await signUp(t.app);
    const other = await signIn(user);
    const stranger = await signUp(t.app);
    expect((await getUser(other.token)).status).toBe(200);
    const res = await api(t.app, { method: 'POST', url: '/user/logout-all', token: user.token });
    expect(res.body.answer).toBe(authMessages.loggedOutEverywhere);
    expect((await getUser(user.token)).status).toBe(401);
    expect((await getUser(other.token)).status).toBe(401);
    expect((await getUser(stranger.token)).status).toBe(200);
    expect((await getUser((await signIn(user)).token)).status).toBe(200);
  });

  it('a session revoked behind the server (raw SQL) is refused at the next request', async () => {
    const user = await signUp(t.app);
    expect((await getUser(user.token)).status).toBe(200);
    await rowsOf(t.deps.db, `update user_sessions set revoked_at = now() where user_id = '${user.userId}'`);
    expect((await getUser(user.token)).status).toBe(401);
  });
});

describe('second factor and staff rules (item 11)', () => {
  it('a second-factor challenge completes one sign-in only', async () => {
    const user = await signUp(t.app);
    const setup = await apiOk<{ secret: string }>(t.app, {
      method: 'POST',
      url: '/user/2fa/setup',
      token: user.token,
      body: {},
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/user/2fa/enable',
      token: user.token,
      body: { code: nextCode(setup.secret) },
    });
    const first = await apiOk<{ challengeToken: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: user.email, password: testPassword },
    });
    const body = (code: string) => ({ challengeToken: first.challengeToken, code });
    await apiOk(t.app, { method: 'POST', url: '/user/login/2fa', body: body(nextCode(setup.secret)) });
    // a later, valid code with the same challenge: refused
    const reused = await api(t.app, { method: 'POST', url: '/user/login/2fa', body: body(nextCode(setup.secret)) });
    expect(reused.status).toBe(401);
    expect(reused.body.answer).toBe(authMessages.totpChallengeExpired);
  });

  it('only the owner sets the staff second-factor requirement: a staff admin gets 403 and it stays on', async () => {
    const owner = await createStudioOwner(t.app);
    const admin = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_ADMIN');
    const put = (token: string, requireStaffTwoFactor: boolean) =>
      api(t.app, { method: 'PUT', url: '/studio/security', token, body: { requireStaffTwoFactor } });
    expect((await put(owner.token, true)).status).toBe(200);
    expect((await put(admin.token, false)).status).toBe(403);
    const studio = await apiOk<{ requireStaffTwoFactor: boolean }>(t.app, {
      method: 'GET',
      url: '/studio',
      token: owner.token,
    });
    expect(studio.requireStaffTwoFactor).toBe(true);
  });
});
