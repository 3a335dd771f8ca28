import { can, type Role, staffRoles } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { settledSnapshot, snapshotDatabase } from '../helpers/db-snapshot.ts';
import {
  createStaffUser,
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
  type TestUser,
} from '../helpers/login-as.ts';
import { allowedAnswer, routeKey, routeSamples, routeSuiteTimeoutMs, sendRoute } from './route-samples.ts';

/** Each studio role × each studio route → 2xx when permissions.ts grants it, 403 (and nothing changed) when not. */
let t: TestApp;
let owner: TestStudioUser;
const members = new Map<Role, TestStudioUser>();
const operators = new Map<Role, TestUser>();

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
  members.set('ROLE_USER', owner);
  for (const role of staffRoles) members.set(role, await createStaffUser(t.app, t.deps, owner, role));
  for (const role of ['ROLE_ADMIN', 'ROLE_DEV', 'ROLE_CONTENT_MANAGER'] as const) {
    const user = await signUp(t.app);
    await grantPlatformRole(t.deps, user.userId, role);
    operators.set(role, user);
  }
});
afterAll(async () => {
  await t.close();
});

describe('role matrix', () => {
  it(
    'answers every studio route as permissions.ts says, for every studio role',
    async () => {
      const failures: string[] = [];
      for (const route of t.app.apiRoutes) {
        const access = route.access;
        if (!access || !('permission' in access)) continue;
        const sample = routeSamples[routeKey(route)];
        if (!sample) continue; // route-access test reports it
        // the refused roles first, all on one sample (a refused request changes nothing, which is checked); after an
        // allowed request that may have used its sample up (a DELETE), the next allowed role gets a sample of its own
        const readOnly = route.method === 'GET' || access.changesNothing === true;
        const roles = [...members].sort(
          ([r1], [r2]) => Number(can(r1, access.permission)) - Number(can(r2, access.permission)),
        );
        let req = await sample({ t, owner });
        let used = false;
        for (const [role, user] of roles) {
          const allowed = can(role, access.permission);
          if (allowed) {
            if (used) req = await sample({ t, owner });
            used = !readOnly;
            const res = await sendRoute(t, route, req, user.token);
            if (!allowedAnswer(req, res))
              failures.push(`${routeKey(route)} as ${role} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
            continue;
          }
          const before = await settledSnapshot(t.deps);
          const res = await sendRoute(t, route, req, user.token);
          if (res.status !== 403) failures.push(`${routeKey(route)} as ${role} → ${res.status}, expected 403`);
          if (JSON.stringify(await snapshotDatabase(t.deps.db)) !== JSON.stringify(before))
            failures.push(`${routeKey(route)} as ${role} changed data`);
        }
      }
      expect(failures).toEqual([]);
    },
    routeSuiteTimeoutMs,
  );

  it('lets only the named platform roles use platform routes', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const access = route.access;
      if (!access || !('platform' in access)) continue;
      const req = await (routeSamples[routeKey(route)] ?? (async () => ({})))({ t, owner });
      for (const [role, user] of [...operators, ['ROLE_USER', owner] as const]) {
        const res = await sendRoute(t, route, req, user.token);
        const allowed = (access.platform as readonly string[]).includes(role);
        if (allowed !== (res.status >= 200 && res.status < 300))
          failures.push(`${routeKey(route)} as ${role} → ${res.status}`);
        if (!allowed && res.status !== 403)
          failures.push(`${routeKey(route)} as ${role} → ${res.status}, expected 403`);
      }
    }
    expect(failures).toEqual([]);
  });
});
