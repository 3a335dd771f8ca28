import { describe, expect, it } from 'vitest';
import { createSecretKeys } from './secret-keys.ts';

const keys = createSecretKeys('a-test-secret-a-test-secret-a-test-secret');

describe('secret keys derived from the auth secret', () => {
  it('seals a value that only the same context opens', () => {
    const sealed = keys.seal('google-refresh-token', '1//refresh-token', 'studio-a');
    expect(sealed).not.toContain('refresh-token');
    expect(keys.open('google-refresh-token', sealed, 'studio-a')).toBe('1//refresh-token');
    expect(keys.open('google-refresh-token', sealed, 'studio-b')).toBeNull();
    expect(keys.open('google-oauth-state', sealed, 'studio-a')).toBeNull();
    expect(
      createSecretKeys('another-secret-another-secret-another').open('google-refresh-token', sealed, 'studio-a'),
    ).toBeNull();
  });

  it('refuses a tampered sealed value', () => {
    const sealed = keys.seal('google-refresh-token', 'token', 'studio-a');
    const parts = sealed.split('.');
    parts[3] = `${parts[3]?.slice(0, -2)}AA`;
    expect(keys.open('google-refresh-token', parts.join('.'), 'studio-a')).toBeNull();
    expect(keys.open('google-refresh-token', 'garbage', 'studio-a')).toBeNull();
  });

  it('verifies what it signed and nothing else', () => {
    const signed = keys.sign('google-oauth-state', { s: 'studio-a', e: 1 });
    expect(keys.verify('google-oauth-state', signed)).toEqual({ s: 'studio-a', e: 1 });
    expect(keys.verify('google-refresh-token', signed)).toBeNull();
    const [data, mac] = signed.split('.');
    const forged = `${Buffer.from(JSON.stringify({ s: 'studio-b', e: 1 })).toString('base64url')}.${mac}`;
    expect(keys.verify('google-oauth-state', forged)).toBeNull();
    expect(keys.verify('google-oauth-state', `${data}.`)).toBeNull();
  });
});
