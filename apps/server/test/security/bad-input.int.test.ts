import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { settledSnapshot, snapshotDatabase } from '../helpers/db-snapshot.ts';
import {
  createStudioOwner,
  grantPlatformRole,
  signUp,
  type TestStudioUser,
  type TestUser,
} from '../helpers/login-as.ts';
import { brokenObjects, deepJsonText, numbersAsStrings, toJsonSchema } from './broken-requests.ts';
import { type RouteRequest, routeKey, routeSamples, sendRoute } from './route-samples.ts';

/**
 * For every route: requests derived from its schema but broken (wrong types, missing fields, too long and
 * 1 MB strings, hostile text where a format is expected, a NUL, a control character or a lone surrogate in every
 * text, deep JSON, malformed ids) answer 4xx with the envelope, never 5xx, and change nothing; numbers written as
 * strings never answer 5xx (issue 25).
 */
let t: TestApp;
let owner: TestStudioUser;
/** A platform administrator: a platform route's broken requests must reach its validation, not stop at 403. */
let operator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createStudioOwner(t.app);
  operator = await signUp(t.app);
  await grantPlatformRole(t.deps, operator.userId, 'ROLE_ADMIN');
});
afterAll(async () => {
  await t.close();
});

/** The route's path with the sample's parameters. */
const sampleUrl = (url: string, valid: RouteRequest) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(valid.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
  );

const isErrorEnvelope = (body: { code?: string; answer?: unknown }) =>
  body.code === 'ERROR' &&
  (typeof body.answer === 'string' || Array.isArray(body.answer)) &&
  String(body.answer).length > 0;

/** Broken requests sent over all routes (the suite must really send them). */
let sent = 0;

/** The broken variants of a route's valid request. */
const variantsOf = (route: TestApp['app']['apiRoutes'][number], valid: RouteRequest) => {
  const variants: { label: string; req: RouteRequest }[] = [];
  const bodySchema = toJsonSchema(route.schema?.body);
  if (bodySchema)
    for (const v of brokenObjects(bodySchema, valid.body ?? {}))
      variants.push({ label: `body ${v.label}`, req: { ...valid, body: v.value } });
  const querySchema = toJsonSchema(route.schema?.querystring);
  if (querySchema)
    for (const v of brokenObjects(querySchema, valid.query ?? {}, true))
      variants.push({ label: `query ${v.label}`, req: { ...valid, query: v.value as Record<string, string> } });
  const paramsSchema = toJsonSchema(route.schema?.params);
  if (paramsSchema && valid.params) {
    for (const name of Object.keys(valid.params)) {
      for (const bad of ['non-un-id', "1' OR '1'='1", '%00', 'x\u0000', 'x'.repeat(300)]) {
        variants.push({
          label: `param ${name}=${bad.slice(0, 12)}`,
          req: { ...valid, params: { ...valid.params, [name]: bad } },
        });
      }
    }
  }
  if (valid.file) {
    variants.push({
      label: 'a text file instead of an image',
      req: { ...valid, file: { ...valid.file, contentType: 'text/plain', bytes: Buffer.from('ciao') } },
    });
    variants.push({
      label: 'JSON instead of multipart',
      req: { ...valid, file: undefined, body: { file: 'x' } } as RouteRequest,
    });
  }
  return variants;
};

// one test per route (its own time limit, whatever the number of routes); every route has samples (tenant isolation)
describe('bad input: every route answers broken requests with a 4xx Italian envelope and changes nothing', () => {
  for (const key of Object.keys(routeSamples)) {
    it(key, async () => {
      const route = t.app.apiRoutes.find((r) => routeKey(r) === key);
      expect(route, `${key} has samples but is not a route of the app`).toBeDefined();
      if (!route) return;
      const token = route.access && 'platform' in route.access ? operator.token : owner.token;
      const valid = await (routeSamples[key] as (typeof routeSamples)[string])({ t, owner });
      // broken requests start no job: the queue settles once, after the sample's own setup
      const before = JSON.stringify(await settledSnapshot(t.deps));
      const failures: string[] = [];
      for (const variant of variantsOf(route, valid)) {
        const res = await sendRoute(t, route, variant.req, token);
        sent++;
        const what = `${key} ${variant.label}`;
        if (res.status < 400 || res.status > 499) failures.push(`${what} → ${res.status}`);
        else if (!isErrorEnvelope(res.body)) failures.push(`${what} → no error envelope`);
        if (JSON.stringify(await snapshotDatabase(t.deps.db)) !== before) {
          failures.push(`${what} changed data`);
          break;
        }
      }
      // JSON nested 100,000 deep in the body (raw text: the variants above are serialized by JSON.stringify)
      if (route.schema?.body && !valid.file && !['GET', 'DELETE'].includes(route.method)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: sampleUrl(route.url, valid),
          query: valid.query ?? {},
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: deepJsonText(valid.body),
        });
        sent++;
        if (res.statusCode !== 400) failures.push(`${key} deep JSON → ${res.statusCode}`);
        if (JSON.stringify(await snapshotDatabase(t.deps.db)) !== before)
          failures.push(`${key} deep JSON changed data`);
      }
      // numbers written as strings may be taken (a coercing schema) or refused, never with a 5xx; sent last, since a
      // taken one changes data
      const bodySchema = toJsonSchema(route.schema?.body);
      for (const variant of bodySchema ? numbersAsStrings(bodySchema, valid.body ?? {}) : []) {
        const res = await sendRoute(t, route, { ...valid, body: variant.value }, token);
        sent++;
        if (res.status >= 500) failures.push(`${key} body ${variant.label} → ${res.status}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it('sent over 100 broken requests in all', () => {
    expect(sent).toBeGreaterThan(100);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.it", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR', answer: 'Richiesta non valida' });
  });

  it('answers a body over the size limit with 413 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/app/api/user',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      payload: JSON.stringify({ nome: 'x'.repeat(3 * 1024 * 1024), cognome: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'ERROR', answer: 'Il file è troppo grande' });
  });

  it('answers an unknown API path with 404 and the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app/api/non-esiste' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ERROR', answer: 'Risorsa non trovata' });
  });
});
