import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses another, with a salt per hash', async () => {
    const a = await hashPassword('una-password-sicura', 10);
    const b = await hashPassword('una-password-sicura', 10);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('una-password-sicura', a)).toBe(true);
    expect(await verifyPassword('una-password-sicurA', a)).toBe(false);
  });
  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
  it('hashes many passwords at once without losing any', async () => {
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`password-${i}`, 10)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`password-${i}`, h)));
    expect(checks.every(Boolean)).toBe(true);
  });
});
