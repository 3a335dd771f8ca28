import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyResponse } from './early-requests.ts';

type Early = Record<string, { authorization: string; response: Promise<Response> }>;
const early = (entries: Early) => Object.assign(globalThis, { __studioloEarly: entries });
const answer = () => Promise.resolve(new Response('{}'));

describe('answers asked for before the app arrived (issue 27)', () => {
  afterEach(() => Object.assign(globalThis, { __studioloEarly: undefined }));

  it('hands the answer to the first GET of the same URL with the same token, and only once', async () => {
    const response = answer();
    early({ '/app/api/studio': { authorization: 'Bearer a', response } });
    expect(takeEarlyResponse('GET', '/app/api/studio', { Authorization: 'Bearer a' })).toBe(response);
    expect(takeEarlyResponse('GET', '/app/api/studio', { Authorization: 'Bearer a' })).toBeNull();
  });

  it('never gives it to another user, to support mode or to a request that is not a GET', () => {
    early({ '/app/api/studio': { authorization: 'Bearer a', response: answer() } });
    expect(takeEarlyResponse('GET', '/app/api/studio', { Authorization: 'Bearer b' })).toBeNull();
    early({ '/app/api/studio': { authorization: 'Bearer a', response: answer() } });
    expect(takeEarlyResponse('GET', '/app/api/studio', { Authorization: 'Bearer a', ActAs: 'x@y.it' })).toBeNull();
    early({ '/app/api/studio': { authorization: 'Bearer a', response: answer() } });
    expect(takeEarlyResponse('PUT', '/app/api/studio', { Authorization: 'Bearer a' })).toBeNull();
  });

  it('asks the network for a URL that was not asked early', () => {
    early({ '/app/api/studio': { authorization: 'Bearer a', response: answer() } });
    expect(takeEarlyResponse('GET', '/app/api/v2/pazienti?page=1&size=25', { Authorization: 'Bearer a' })).toBeNull();
  });
});
