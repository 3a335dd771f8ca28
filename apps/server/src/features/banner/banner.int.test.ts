import { bannerMessages as m } from '@studiolo/domain/referrals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, grantPlatformRole, signUp } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Novità: promemoria SMS',
  descriptionTitle: 'Cosa cambia',
  descriptionBody:
    '<p>I <strong>promemoria</strong> partono da soli. <a href="https://example.org/guida">Guida</a></p>',
  showBanner: true,
  showBtnShareInvito: true,
  whatsappShareMsg: 'Prova Studiolo con me',
  ...overrides,
});

type Notification = ReturnType<typeof body> & { updatedAt: string | null };

describe('global banner', () => {
  it('lets ROLE_ADMIN and ROLE_CONTENT_MANAGER edit it; every signed-in user reads it; others get 403', async () => {
    const admin = await signUp(t.app);
    await grantPlatformRole(t.deps, admin.userId, 'ROLE_ADMIN');
    const content = await signUp(t.app);
    await grantPlatformRole(t.deps, content.userId, 'ROLE_CONTENT_MANAGER');
    const dev = await signUp(t.app);
    await grantPlatformRole(t.deps, dev.userId, 'ROLE_DEV');
    const owner = await createStudioOwner(t.app);

    const saved = await api<Notification>(t.app, {
      method: 'PUT',
      url: '/global-notifications',
      token: admin.token,
      body: body(),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.answer).toBe(m.saved);
    const edited = await apiOk<Notification>(t.app, {
      method: 'PUT',
      url: '/global-notifications',
      token: content.token,
      body: body({ title: 'Titolo del gestore contenuti' }),
    });
    expect(edited.title).toBe('Titolo del gestore contenuti');
    for (const who of [owner, dev]) {
      const denied = await api(t.app, { method: 'PUT', url: '/global-notifications', token: who.token, body: body() });
      expect(denied.status).toBe(403);
    }
    const anonymous = await api(t.app, { method: 'GET', url: '/global-notifications' });
    expect(anonymous.status).toBe(401);
    const read = await apiOk<Notification>(t.app, { method: 'GET', url: '/global-notifications', token: owner.token });
    expect(read).toMatchObject({ title: 'Titolo del gestore contenuti', showBanner: true, showBtnShareInvito: true });
    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where action = 'global-notification.update' and actor_user_id = '${content.userId}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it('keeps only the allow-list of the details: scripts, handlers and javascript: or data: URLs removed', async () => {
    const admin = await signUp(t.app);
    await grantPlatformRole(t.deps, admin.userId, 'ROLE_ADMIN');
    const hostile = [
      '<p onclick="alert(1)">Ciao<script>alert("x")</script></p>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">clic</a>',
      '<a href="JaVaScRiPt:alert(4)">due</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">tre</a>',
      '<a href="https://example.org" onmouseover="alert(5)" style="color:red">sicuro</a>',
      '<iframe src="https://example.org"></iframe><style>body{display:none}</style>',
      '<svg><script>alert(6)</script></svg><em>fine</em>',
    ].join('');
    const saved = await apiOk<Notification>(t.app, {
      method: 'PUT',
      url: '/global-notifications',
      token: admin.token,
      body: body({ descriptionBody: hostile }),
    });
    expect(saved.descriptionBody).toBe(
      '<p>Ciao</p><a href="https://example.org" target="_blank" rel="noopener noreferrer">sicuro</a><em>fine</em>',
    );
    const [row] = await rowsOf<{ description_body: string }>(
      t.deps.db,
      `select description_body from global_notifications where key = 'global'`,
    );
    expect(row?.description_body).toBe(saved.descriptionBody);
    expect(row?.description_body).not.toMatch(/script|onerror|onclick|javascript|data:|iframe|style/i);
  });

  it('refuses a malformed banner with 400 and keeps the saved one', async () => {
    const admin = await signUp(t.app);
    await grantPlatformRole(t.deps, admin.userId, 'ROLE_ADMIN');
    await apiOk(t.app, {
      method: 'PUT',
      url: '/global-notifications',
      token: admin.token,
      body: body({ title: 'Valido' }),
    });
    const bad = await api(t.app, {
      method: 'PUT',
      url: '/global-notifications',
      token: admin.token,
      body: body({ title: 'x'.repeat(201), showBanner: 'sì' }),
    });
    expect(bad.status).toBe(400);
    const read = await apiOk<Notification>(t.app, { method: 'GET', url: '/global-notifications', token: admin.token });
    expect(read.title).toBe('Valido');
  });
});
