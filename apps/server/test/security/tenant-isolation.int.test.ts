import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { settledSnapshot, snapshotDatabase } from '../helpers/db-snapshot.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';
import { allowedAnswer, routeKey, routeSamples, routeSuiteTimeoutMs, sendRoute } from './route-samples.ts';

/**
 * For every studio-scoped route: a user of studio B can neither read nor change studio A's resources
 * (403 or 404, database unchanged), and the owner of A can (the paired "allow" proves the "deny" was not
 * for the wrong reason).
 */
let t: TestApp;
let a: TestStudioUser;
let b: TestStudioUser;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createStudioOwner(t.app);
  b = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

const studioRoutes = () => t.app.apiRoutes.filter((r) => r.access && 'permission' in r.access);

describe('tenant isolation', () => {
  it('covers every studio-scoped route', () => {
    expect(studioRoutes().length).toBeGreaterThan(5);
  });

  it(
    'denies studio B every studio-A resource and allows studio A, route by route',
    async () => {
      const failures: string[] = [];
      for (const route of studioRoutes()) {
        const key = routeKey(route);
        const sample = routeSamples[key];
        if (!sample) {
          failures.push(`${key}: no sample`);
          continue;
        }
        const req = await sample({ t, owner: a });

        // B asks explicitly for studio A: refused, nothing changes.
        let before = await settledSnapshot(t.deps);
        const asB = await sendRoute(t, route, req, b.token, { studioId: a.studioId });
        if (![403, 404].includes(asB.status)) failures.push(`${key} (B with studioId=A) → ${asB.status}`);
        if (asB.body.code !== 'ERROR') failures.push(`${key} (B with studioId=A) → not an error envelope`);
        if (JSON.stringify(await snapshotDatabase(t.deps.db)) !== JSON.stringify(before))
          failures.push(`${key} (B with studioId=A) changed data`);

        // B, in its own studio, addresses A's resource by id: not found, nothing changes.
        const access = route.access as { tenant?: { idParam: string } };
        if (access.tenant) {
          before = await settledSnapshot(t.deps);
          const byId = await sendRoute(t, route, req, b.token);
          if (byId.status !== 404) failures.push(`${key} (B by A's id) → ${byId.status}`);
          if (JSON.stringify(await snapshotDatabase(t.deps.db)) !== JSON.stringify(before))
            failures.push(`${key} (B by A's id) changed data`);
        }

        // A itself: allowed.
        const asA = await sendRoute(t, route, req, a.token);
        if (!allowedAnswer(req, asA))
          failures.push(`${key} (A, allow twin) → ${asA.status} ${JSON.stringify(asA.body).slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    },
    routeSuiteTimeoutMs,
  );
});
