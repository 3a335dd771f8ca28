import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { createStudioOwner, type TestStudioUser } from '../helpers/login-as.ts';
import { rowsOf } from '../helpers/sql.ts';
import { allowedAnswer, routeKey, routeSamples, sendRoute } from './route-samples.ts';

/**
 * Every change made through a studio route leaves at least one audit event of that studio, written by the same
 * request (its x-request-id), naming the user who made it.
 */
let t: TestApp;
let owner: TestStudioUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('audit trail', () => {
  it('records every successful change made through a studio route', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      if (route.method === 'GET' || !route.access || !('permission' in route.access)) continue;
      if (route.access.changesNothing) continue;
      const sample = routeSamples[routeKey(route)];
      if (!sample) continue;
      const req = await sample({ t, owner });
      const res = await sendRoute(t, route, req, owner.token);
      // refused on this install (decision 041): nothing changed, nothing to record
      if (req.installRefusal && allowedAnswer(req, res)) continue;
      if (res.status < 200 || res.status > 299) {
        missing.push(`${routeKey(route)} → ${res.status}`);
        continue;
      }
      const requestId = String(res.headers['x-request-id'] ?? '');
      const rows = await rowsOf<{ studio_id: string; actor_user_id: string }>(
        t.deps.db,
        `select studio_id, actor_user_id from audit_events where request_id = '${requestId.replace(/'/g, '')}'`,
      );
      checked++;
      // the studio the request worked in (DELETE /studio's sample asks for a studio of its own)
      const studioId = req.query?.studioId ?? owner.studioId;
      if (!rows.some((r) => r.studio_id === studioId && r.actor_user_id === owner.userId))
        missing.push(routeKey(route));
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });
});

describe('activity log (GET /audit)', () => {
  it('shows the studio its own events, newest first, with who acted and which fields changed', async () => {
    const res = await sendRoute(t, { method: 'GET', url: '/app/api/audit' }, { query: { limit: '500' } }, owner.token);
    const events = res.body.response as {
      action: string;
      actorEmail: string | null;
      changedFields: string[] | null;
      occurredAt: string;
    }[];
    expect(res.status).toBe(200);
    expect(events.map((e) => e.action)).toContain('studio.create');
    expect(events.find((e) => e.action === 'studio.create')?.actorEmail).toBe(owner.email);
    const times = events.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const other = await createStudioOwner(t.app);
    const theirs = await sendRoute(t, { method: 'GET', url: '/app/api/audit' }, {}, other.token);
    expect((theirs.body.response as { action: string }[]).map((e) => e.action)).toEqual(['studio.create']);
  });
});
