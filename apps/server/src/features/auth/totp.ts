import { Secret, TOTP } from 'otpauth';

const build = (secret: string, label = '') =>
  new TOTP({ issuer: 'Studiolo', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new TOTP secret (RFC 6238, 160 bits) with its otpauth:// URL for authenticator apps. */
export const newTotpSecret = (email: string) => {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: build(secret, email).toString() };
};

/** Accepts the current code and one step either side (clock drift). */
export const isValidTotpCode = (secret: string, code: string): boolean => build(secret).validate({ token: code, window: 1 }) !== null;

/** The current code (tests and the demo use it). */
export const currentTotpCode = (secret: string): string => build(secret).generate();
