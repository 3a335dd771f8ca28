import type { OutboxMessage, OutboxMessageDetail } from '@studiolo/domain/mail';
import { fieldMessages, httpMessages } from '@studiolo/domain/shared';
import { staffMessages } from '@studiolo/domain/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, uniqueEmail } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import {
  createStaffUser,
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
} from '../../../test/helpers/login-as.ts';
import { mailMessages } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const invite = (owner: TestStudioUser, email = uniqueEmail('invito')) =>
  apiOk(t.app, {
    method: 'POST',
    url: '/staff',
    token: owner.token,
    body: { name: 'Sara', lastname: 'Gialli', email, role: 'ROLE_STAFF_CONTABILE' },
  }).then(() => email);

const outboxOf = (user: { token: string }, query: Record<string, string> = {}) =>
  apiOk<OutboxMessage[]>(t.app, { method: 'GET', url: '/outbox', token: user.token, query });

describe('the studio outbox', () => {
  it('lists the invitation e-mail sent by POST /staff, newest first', async () => {
    const owner = await createStudioOwner(t.app);
    const first = await invite(owner);
    const second = await invite(owner);
    const list = await outboxOf(owner);
    expect(list.map((m) => m.to)).toEqual([second, first]);
    expect(list[0]).toMatchObject({
      subject: staffMessages.inviteSubject('Mario Rossi'),
      status: 'LOCAL_OUTBOX',
      transport: 'local-outbox',
      error: null,
    });
    expect(new Date(list[0]?.createdAt ?? '').getTime()).toBeGreaterThan(0);
    expect(list[0]).not.toHaveProperty('text');
  });

  it('answers at most `limit` messages, and refuses a limit above 200', async () => {
    const owner = await createStudioOwner(t.app);
    await invite(owner);
    await invite(owner);
    expect(await outboxOf(owner, { limit: '1' })).toHaveLength(1);
    const tooMany = await api(t.app, { method: 'GET', url: '/outbox', token: owner.token, query: { limit: '201' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.limit).toBeTruthy();
    const notNumber = await api(t.app, {
      method: 'GET',
      url: '/outbox',
      token: owner.token,
      query: { limit: 'tanti' },
    });
    expect(notNumber.body).toMatchObject({ answer: fieldMessages.invalid });
  });

  it('opens one message with its text, attachment list and .eml file', async () => {
    const owner = await createStudioOwner(t.app);
    const id = await createTenantResource(t.app, owner, 'mail-message');
    const mail = await apiOk<OutboxMessageDetail>(t.app, { method: 'GET', url: `/outbox/${id}`, token: owner.token });
    expect(mail).toMatchObject({ id, attachments: [], html: null, hasEml: true });
    expect(mail.text).toContain('ti invita a collaborare su Studiolo');

    const eml = await t.app.inject({
      method: 'GET',
      url: `/app/api/outbox/${id}/eml`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"`);
    expect(eml.body).toContain(`Message-ID: <${id}@studiolo>`);
    expect(eml.body).toContain(`To: ${mail.to}`);
  });

  it('answers 404 for the .eml of a message that has none (sent by SMTP)', async () => {
    const owner = await createStudioOwner(t.app);
    const [row] = await t.deps.db
      .insert(mailMessages)
      .values({
        studioId: owner.studioId,
        to: 'paziente@example.it',
        subject: 'Promemoria',
        text: 'Ciao',
        attachments: [],
        status: 'SENT',
        transport: 'smtp',
        emlPath: null,
      })
      .returning({ id: mailMessages.id });
    const id = row?.id ?? '';
    expect(
      (await apiOk<OutboxMessageDetail>(t.app, { method: 'GET', url: `/outbox/${id}`, token: owner.token })).hasEml,
    ).toBe(false);
    const eml = await api(t.app, { method: 'GET', url: `/outbox/${id}/eml`, token: owner.token });
    expect(eml.status).toBe(404);
    expect(eml.body.answer).toBe(httpMessages.notFound);
  });

  it('never shows one studio’s mail to another: not in the list, 404 by id', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const id = await createTenantResource(t.app, owner, 'mail-message');
    expect((await outboxOf(other)).map((m) => m.id)).not.toContain(id);
    for (const url of [`/outbox/${id}`, `/outbox/${id}/eml`]) {
      const res = await api(t.app, { method: 'GET', url, token: other.token });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ code: 'ERROR', answer: httpMessages.notFound });
    }
  });

  it('answers 403 to a collaborator, who may not read the outbox', async () => {
    const owner = await createStudioOwner(t.app);
    const id = await createTenantResource(t.app, owner, 'mail-message');
    const collaboratore = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    for (const url of ['/outbox', `/outbox/${id}`, `/outbox/${id}/eml`]) {
      const res = await api(t.app, { method: 'GET', url, token: collaboratore.token });
      expect(res.status, url).toBe(403);
      expect(res.body.answer).toBe(httpMessages.forbidden);
    }
  });
});

describe('the platform outbox', () => {
  it('answers 403 to a studio owner and every studio’s mail to a ROLE_ADMIN', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const toA = await invite(a);
    const toB = await invite(b);
    const denied = await api(t.app, { method: 'GET', url: '/admin/outbox', token: a.token });
    expect(denied.status).toBe(403);
    expect(denied.body.answer).toBe(httpMessages.forbidden);

    const admin = await signUp(t.app);
    await grantPlatformRole(t.deps, admin.userId, 'ROLE_ADMIN');
    const all = await apiOk<OutboxMessage[]>(t.app, { method: 'GET', url: '/admin/outbox', token: admin.token });
    expect(all.map((m) => m.to)).toEqual(expect.arrayContaining([toA, toB]));
    expect(
      await apiOk<OutboxMessage[]>(t.app, {
        method: 'GET',
        url: '/admin/outbox',
        token: admin.token,
        query: { limit: '1' },
      }),
    ).toHaveLength(1);
  });
});
