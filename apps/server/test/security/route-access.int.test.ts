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

  it('has a valid sample request for the security suites', () => {
    const missing = t.app.apiRoutes.map(routeKey).filter((k) => !routeSamples[k]);
    expect(missing).toEqual([]);
  });

  it('has no stale sample for a route that no longer exists', () => {
    const keys = new Set(t.app.apiRoutes.map(routeKey));
    expect(Object.keys(routeSamples).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('names the path parameter of its tenant resource', () => {
    const wrong = t.app.apiRoutes.filter(
      (r) => r.access && 'permission' in r.access && r.access.tenant && !r.url.includes(`:${r.access.tenant.idParam}`),
    );
    expect(wrong.map(routeKey)).toEqual([]);
  });
});
