import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { routeKey, routeSamples } from './route-samples.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every API route', () => {
  it('declares its access (public, user, platform or a permission)', () => {
    const undeclared = t.app.apiRoutes.filter((r) => !r.access).map(routeKey);
    expect(undeclared).toEqual([]);
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
  });

  it('is rate-limited by the client address when public, /health alone excepted (docs/security.md)', () => {
    const unlimited = t.app.apiRoutes.filter((r) => r.access && 'public' in r.access && !r.rateLimited).map(routeKey);
    // /health answers the load balancer and the monitoring many times a minute, from one address, with `select 1`
    expect(unlimited).toEqual(['GET /app/api/health']);
  });

  it('has a valid sample request for the security suites', () => {
    const missing = t.app.apiRoutes.map(routeKey).filter((k) => !routeSamples[k]);
    expect(missing).toEqual([]);
  });

  it('has no stale sample for a route that no longer exists', () => {
    const keys = new Set(t.app.apiRoutes.map(routeKey));
    expect(Object.keys(routeSamples).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('names the path parameter or body field that carries its tenant resource', () => {
    const bodyFields = (r: (typeof t.app.apiRoutes)[number]) => {
      const body = r.schema?.body as { def?: { in?: { shape?: object }; shape?: object } } | undefined;
      return Object.keys(body?.def?.in?.shape ?? body?.def?.shape ?? {});
    };
    const wrong = t.app.apiRoutes.filter((r) => {
      if (!r.access || !('permission' in r.access) || !r.access.tenant) return false;
      const { idParam, idField } = r.access.tenant;
      return idParam ? !r.url.includes(`:${idParam}`) : !idField || !bodyFields(r).includes(idField);
    });
    expect(wrong.map(routeKey)).toEqual([]);
  });
});
