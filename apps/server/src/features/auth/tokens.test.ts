import { createSigner } from 'fast-jwt';
import { describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'un-segreto-di-test-lungo-almeno-trentadue-caratteri';

describe('session tokens', () => {
  it('verifies a token it signed and returns its claims', async () => {
    const tokens = createTokenService(secret, 12);
    const token = await tokens.signAccess('u-1', 3, 's-1');
    expect(await tokens.verify(token, 'access')).toEqual({ sub: 'u-1', tv: 3, typ: 'access', sid: 's-1' });
  });
  it('refuses a token signed with another secret, a tampered one, and one of another kind', async () => {
    const tokens = createTokenService(secret, 12);
    const other = createTokenService(`${secret}-altro`, 12);
    const token = await tokens.signAccess('u-1', 0, 's-1');
    expect(await tokens.verify(await other.signAccess('u-1', 0, 's-1'), 'access')).toBeNull();
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', tv: 0, typ: 'access', sid: 's-1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${h}.${forged}.${s}`, 'access')).toBeNull();
    expect(await tokens.verify(`${h}.${p}.${s}x`, 'access')).toBeNull();
    expect(await tokens.verify(await tokens.signChallenge('u-1', 0, 'c-1'), 'access')).toBeNull();
    expect(await tokens.verify('non-un-token', 'access')).toBeNull();
  });
  it('refuses an expired token, even one it verified before', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T08:00:00Z') });
    try {
      const tokens = createTokenService(secret, 1);
      const token = await tokens.signAccess('u-1', 0, 's-1');
      expect(await tokens.verify(token, 'access')).not.toBeNull(); // now in the verifier's cache
      vi.setSystemTime(new Date('2026-01-01T09:00:01Z'));
      expect(await tokens.verify(token, 'access')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
  it('refuses a token whose algorithm is "none"', async () => {
    const tokens = createTokenService(secret, 12);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'u-1', tv: 0, typ: 'access', sid: 's-1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${payload}.`, 'access')).toBeNull();
  });
  it('refuses a signed token without an expiry (issue 25 item 11)', async () => {
    const tokens = createTokenService(secret, 12);
    const forever = createSigner({ key: secret, algorithm: 'HS256' });
    expect(await tokens.verify(forever({ sub: 'u-1', tv: 0, typ: 'access', sid: 's-1' }), 'access')).toBeNull();
  });
});
