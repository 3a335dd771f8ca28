import { Secret, TOTP } from 'otpauth';

const build = (secret: string, label = '') =>
  new TOTP({ issuer: 'Studiolo', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new TOTP secret (RFC 6238, 160 bits) with its otpauth:// URL for authenticator apps. */
export const newTotpSecret = (email: string) => {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: build(secret, email).toString() };
};

/**
 * The time step of a valid code — the current one or one either side (clock drift) — or null.
 * Callers must refuse a step already used (RFC 6238 §5.2).
 */
export const totpStepOf = (secret: string, code: string, now = Date.now()): number | null => {
  const delta = build(secret).validate({ token: code, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / 30) + delta;
};

/** The code of an instant (tests use it). */
export const totpCodeAt = (secret: string, timestamp: number): string => build(secret).generate({ timestamp });
