import { studioMessages } from '@studiolo/domain/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api } from '../../../test/helpers/http.ts';
import { createStudioOwner } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

/**
 * The auth context is kept in memory on PGlite (decision 017): whatever changes a user, a membership or a studio's
 * versions, by whatever path, counts from the very next request. Each change below is raw SQL, behind the server's
 * back, made after a request that would have kept the context.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const audit = (token: string) => api(t.app, { method: 'GET', url: '/audit', token });

describe('auth context, whatever changes it', () => {
  it('a role changed in the database counts from the next request', async () => {
    const owner = await createStudioOwner(t.app);
    expect((await audit(owner.token)).status).toBe(200);
    expect((await audit(owner.token)).status).toBe(200);
    await rowsOf(t.deps.db, `update studio_members set role = 'ROLE_STAFF_CONTABILE' where id = '${owner.memberId}'`);
    expect((await audit(owner.token)).status).toBe(403);
    await rowsOf(t.deps.db, `update studio_members set role = 'ROLE_USER' where id = '${owner.memberId}'`);
    expect((await audit(owner.token)).status).toBe(200);
  });

  it('a membership removed in the database counts from the next request', async () => {
    const owner = await createStudioOwner(t.app);
    expect((await audit(owner.token)).status).toBe(200);
    await rowsOf(t.deps.db, `delete from studio_members where id = '${owner.memberId}'`);
    const res = await audit(owner.token);
    expect(res.status).toBe(403);
    expect(res.body.answer).toBe(studioMessages.noStudio);
  });

  it("sessions revoked in the database (the user's token version moved) are refused from the next request", async () => {
    const owner = await createStudioOwner(t.app);
    expect((await audit(owner.token)).status).toBe(200);
    await rowsOf(t.deps.db, `update users set token_version = token_version + 1 where id = '${owner.userId}'`);
    expect((await audit(owner.token)).status).toBe(401);
  });

  it('a deleted studio is gone for its members from the next request', async () => {
    const owner = await createStudioOwner(t.app);
    expect((await audit(owner.token)).status).toBe(200);
    await rowsOf(t.deps.db, `delete from studios where id = '${owner.studioId}'`);
    expect((await audit(owner.token)).status).toBe(403);
  });

  it("another user's change leaves this user's context alone, and a rolled-back change changes nothing", async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    expect((await audit(owner.token)).status).toBe(200);
    await rowsOf(t.deps.db, `update studio_members set role = 'ROLE_STAFF_CONTABILE' where id = '${other.memberId}'`);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await rowsOf(
          tx as never,
          `update studio_members set role = 'ROLE_STAFF_CONTABILE' where id = '${owner.memberId}'`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await audit(owner.token)).status).toBe(200);
    expect((await audit(other.token)).status).toBe(403);
  });
});
