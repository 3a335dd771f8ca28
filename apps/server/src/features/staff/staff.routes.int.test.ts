import { staffMessages } from '@studiolo/domain/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { uniqueEmail } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

type Member = { id: string; email: string; role: string; status: string; avatarColor: string | null };
const invite = (email: string, role = 'ROLE_STAFF_COLLABORATORE') =>
  api<Member>(t.app, {
    method: 'POST',
    url: '/staff',
    token: owner.token,
    body: { name: 'Marco', lastname: 'Verdi', email, role, avatarColor: '#43A047' },
  });

describe('staff', () => {
  it('invites by e-mail and, with no SMTP, says the mail is only in the local outbox', async () => {
    const email = uniqueEmail('marco');
    const res = await invite(email);
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(staffMessages.invitedLocalOutbox);
    expect(res.body.response).toMatchObject({
      email,
      role: 'ROLE_STAFF_COLLABORATORE',
      status: 'INVITED',
      avatarColor: '#43A047',
    });
    const [mail] = await rowsOf<{ text: string; status: string }>(
      t.deps.db,
      `select text, status from mail_messages where "to" = '${email}'`,
    );
    expect(mail?.status).toBe('LOCAL_OUTBOX');
    expect(mail?.text).toContain('Mario Rossi ti invita a collaborare su Studiolo');
  });

  it('refuses a second invitation to the same e-mail in the same studio', async () => {
    const email = uniqueEmail('doppio');
    await invite(email);
    const again = await invite(email.toUpperCase());
    expect(again.status).toBe(400);
    expect(again.body.answer).toBe(staffMessages.alreadyMember);
  });

  it('changes a member role and colour, and removes a member', async () => {
    const member = (await invite(uniqueEmail())).body.response as Member;
    const updated = await apiOk<Member>(t.app, {
      method: 'PUT',
      url: `/staff/${member.id}`,
      token: owner.token,
      body: { name: 'Marco', lastname: 'Verdi', role: 'ROLE_STAFF_CONTABILE', avatarColor: '#E53935' },
    });
    expect(updated).toMatchObject({ role: 'ROLE_STAFF_CONTABILE', avatarColor: '#E53935' });
    await apiOk(t.app, { method: 'DELETE', url: `/staff/${member.id}`, token: owner.token });
    const list = await apiOk<Member[]>(t.app, { method: 'GET', url: '/staff', token: owner.token });
    expect(list.map((m) => m.id)).not.toContain(member.id);
  });

  it('never changes or removes the owner', async () => {
    const changed = await api(t.app, {
      method: 'PUT',
      url: `/staff/${owner.memberId}`,
      token: owner.token,
      body: { name: 'Mario', lastname: 'Rossi', role: 'ROLE_STAFF_COLLABORATORE' },
    });
    expect(changed.status).toBe(403);
    expect(changed.body.answer).toBe(staffMessages.cannotChangeOwner);
    const removed = await api(t.app, { method: 'DELETE', url: `/staff/${owner.memberId}`, token: owner.token });
    expect(removed.status).toBe(403);
    const me = await apiOk<Member[]>(t.app, { method: 'GET', url: '/staff', token: owner.token });
    expect(me.find((m) => m.id === owner.memberId)?.role).toBe('ROLE_USER');
  });

  it('refuses a colour outside the 20 avatar colours and a role that is not a staff role', async () => {
    const badColour = await api(t.app, {
      method: 'POST',
      url: '/staff',
      token: owner.token,
      body: { name: 'A', lastname: 'B', email: uniqueEmail(), role: 'ROLE_STAFF_ADMIN', avatarColor: '#123456' },
    });
    expect(badColour.status).toBe(400);
    const badRole = await api(t.app, {
      method: 'POST',
      url: '/staff',
      token: owner.token,
      body: { name: 'A', lastname: 'B', email: uniqueEmail(), role: 'ROLE_ADMIN' },
    });
    expect(badRole.status).toBe(400);
  });
});
