import { authMessages } from '@studiolo/domain/auth';
import { staffMessages } from '@studiolo/domain/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testPassword } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, signUp } from '../../../test/helpers/login-as.ts';
import { startSmtpSink } from '../../../test/helpers/smtp-sink.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { totpCodeAt } from './totp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
// The server's clock, moved on by each test: a TOTP code is good once, so each sign-in needs a new step.
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

const linkTokenIn = (raw: string) => {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return decodeURIComponent(unfolded.match(/token=([A-Za-z0-9_\-%]+)/)?.[1] ?? '');
};

describe('password reset by e-mail', () => {
  it('mails a single-use link whose token sets a new password and signs out older sessions', async () => {
    const user = await signUp(t.app);
    const res = await api(t.app, { method: 'POST', url: '/user/resetPwd', body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(authMessages.resetRequested);
    const mail = smtp.received.find((m) => m.to.includes(user.email) && m.raw.includes('resetPassword'));
    expect(mail?.raw).toContain('http://studiolo.test/resetPassword?token=');
    const token = linkTokenIn(mail?.raw ?? '');
    expect(token.length).toBeGreaterThan(20);

    const changed = await api(t.app, {
      method: 'POST',
      url: '/user/changePwd',
      body: { token, password: 'password-tutta-nuova' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.code).toBe('SUCCESS');
    // the old session is over, the new password works, the old one does not
    expect((await api(t.app, { method: 'GET', url: '/user/getUser', token: user.token })).status).toBe(401);
    expect(
      (
        await api(t.app, {
          method: 'POST',
          url: '/user/login',
          body: { username: user.email, password: 'password-tutta-nuova' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(t.app, { method: 'POST', url: '/user/login', body: { username: user.email, password: testPassword } }))
        .status,
    ).toBe(401);

    const again = await api(t.app, {
      method: 'POST',
      url: '/user/changePwd',
      body: { token, password: 'ancora-unaltra-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.answer).toBe(authMessages.resetLinkInvalid);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await api(t.app, { method: 'POST', url: '/user/resetPwd', body: { email: 'nessuno@example.it' } });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(authMessages.resetRequested);
    expect(smtp.received.length).toBe(before);
  });

  it('changes the password when signed in only with the right old password', async () => {
    const user = await signUp(t.app);
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/user/changePwd',
      token: user.token,
      body: { oldPassword: 'non-e-questa', password: 'password-nuova-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.answer).toBe(authMessages.oldPasswordWrong);
    const right = await api(t.app, {
      method: 'POST',
      url: '/user/changePwd',
      token: user.token,
      body: { oldPassword: testPassword, password: 'password-nuova-1' },
    });
    expect(right.body.code).toBe('SUCCESS');
  });
});

describe('two-factor sign-in (TOTP)', () => {
  it('asks for the code after the password once turned on, and refuses a wrong code', async () => {
    const user = await signUp(t.app);
    const setup = await apiOk<{ secret: string; otpauthUrl: string }>(t.app, {
      method: 'POST',
      url: '/user/2fa/setup',
      token: user.token,
      body: {},
    });
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Studiolo/);
    const enableCode = nextCode(setup.secret);
    await apiOk(t.app, { method: 'POST', url: '/user/2fa/enable', token: user.token, body: { code: enableCode } });

    const first = await apiOk<{ token?: string; twoFactor?: string; challengeToken?: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: user.email, password: testPassword },
    });
    expect(first.token).toBeUndefined();
    expect(first.twoFactor).toBe('REQUIRED');
    const code = nextCode(setup.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await api(t.app, {
      method: 'POST',
      url: '/user/login/2fa',
      body: { challengeToken: first.challengeToken, code: wrongCode },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.answer).toBe(authMessages.totpInvalid);
    // the code that turned it on, still within its minute, is spent
    const replay = await api(t.app, {
      method: 'POST',
      url: '/user/login/2fa',
      body: { challengeToken: first.challengeToken, code: enableCode },
    });
    expect(replay.status).toBe(400);
    const good = await apiOk<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/login/2fa',
      body: { challengeToken: first.challengeToken, code },
    });
    // and a code is good only once (the challenge too: issue 25 item 11)
    const again = await api(t.app, {
      method: 'POST',
      url: '/user/login/2fa',
      body: { challengeToken: first.challengeToken, code },
    });
    expect(again.status).toBe(401);
    expect((await api(t.app, { method: 'GET', url: '/user/getUser', token: good.token })).status).toBe(200);
    // a challenge is not a session
    expect((await api(t.app, { method: 'GET', url: '/user/getUser', token: first.challengeToken ?? '' })).status).toBe(
      401,
    );
  });

  it('makes staff set it up at sign-in when the owner requires it', async () => {
    const owner = await createStudioOwner(t.app);
    const staff = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/studio/security',
      token: owner.token,
      body: { requireStaffTwoFactor: true },
    });

    const login = await apiOk<{ token?: string; twoFactor?: string; challengeToken: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: staff.email, password: testPassword },
    });
    expect(login.twoFactor).toBe('SETUP_REQUIRED');
    expect(login.token).toBeUndefined();
    const setup = await apiOk<{ secret: string }>(t.app, {
      method: 'POST',
      url: '/user/2fa/setup',
      body: { challengeToken: login.challengeToken },
    });
    const done = await apiOk<{ token: string }>(t.app, {
      method: 'POST',
      url: '/user/2fa/enable',
      body: { challengeToken: login.challengeToken, code: nextCode(setup.secret) },
    });
    expect((await api(t.app, { method: 'GET', url: '/studio', token: done.token })).status).toBe(200);
    // the owner is not staff: signs in with the password alone
    const ownerLogin = await apiOk<{ token?: string }>(t.app, {
      method: 'POST',
      url: '/user/login',
      body: { username: owner.email, password: testPassword },
    });
    expect(ownerLogin.token).toBeTruthy();
    const refused = await api(t.app, {
      method: 'POST',
      url: '/user/2fa/disable',
      token: done.token,
      body: { code: nextCode(setup.secret) },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.answer).toBe(authMessages.totpCannotDisableRequired);
  });

  it('does not let a newly invited staff member skip the set-up by signing up from the invitation', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'PUT',
      url: '/studio/security',
      token: owner.token,
      body: { requireStaffTwoFactor: true },
    });
    await apiOk(t.app, {
      method: 'POST',
      url: '/staff',
      token: owner.token,
      body: { name: 'Ivo', lastname: 'Rosa', email: 'ivo.rosa@example.it', role: 'ROLE_STAFF_COLLABORATORE' },
    });
    const inviteToken = linkTokenIn(smtp.received.findLast((m) => m.to.includes('ivo.rosa@example.it'))?.raw ?? '');
    const signup = await apiOk<{ token?: string; twoFactor?: string; challengeToken?: string }>(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: { email: 'ivo.rosa@example.it', password: testPassword, nome: 'Ivo', cognome: 'Rosa', inviteToken },
    });
    expect(signup.token).toBeUndefined();
    expect(signup.twoFactor).toBe('SETUP_REQUIRED');
    expect(signup.challengeToken).toBeTruthy();
  });
});

describe('staff invitations', () => {
  it('mails the invitation through SMTP and the invited person joins only that studio', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const staff = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_CONTABILE');
    expect(smtp.received.some((m) => m.to.includes(staff.email) && m.raw.includes('signUp?inviteToken='))).toBe(true);
    const resend = await api(t.app, {
      method: 'POST',
      url: `/staff/${(await apiOk<{ id: string }>(t.app, { method: 'POST', url: '/staff', token: owner.token, body: { name: 'Ugo', lastname: 'Neri', email: 'ugo.neri@example.it', role: 'ROLE_STAFF_ADMIN' } })).id}/invite`,
      token: owner.token,
    });
    expect(resend.body.answer).toBe(staffMessages.invited);
    const me = await apiOk<{ idsStudio: string[]; role: string }>(t.app, {
      method: 'GET',
      url: '/user/getUser',
      token: staff.token,
    });
    expect(me.idsStudio).toEqual([owner.studioId]);
    expect(me.role).toBe('ROLE_STAFF_CONTABILE');
    expect(
      (await api(t.app, { method: 'GET', url: '/studio', token: staff.token, query: { studioId: other.studioId } }))
        .status,
    ).toBe(403);
    const list = await apiOk<{ email: string; status: string }[]>(t.app, {
      method: 'GET',
      url: '/staff',
      token: owner.token,
    });
    expect(list.find((m) => m.email === staff.email)?.status).toBe('ACTIVE');
  });

  it('refuses an invitation accepted by a different e-mail', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'POST',
      url: '/staff',
      token: owner.token,
      body: { name: 'Ada', lastname: 'Neri', email: 'ada.neri@example.it', role: 'ROLE_STAFF_ADMIN' },
    });
    const raw = smtp.received.findLast((m) => m.to.includes('ada.neri@example.it'))?.raw ?? '';
    const token = linkTokenIn(raw);
    const intruder = await signUp(t.app);
    const res = await api(t.app, {
      method: 'POST',
      url: '/staff/invitations/accept',
      token: intruder.token,
      body: { token },
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(authMessages.inviteInvalid);
  });
});
