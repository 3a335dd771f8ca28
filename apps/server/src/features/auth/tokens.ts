import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export type TokenKind = 'access' | 'login-challenge';

/** `sid` names the server-side record the token stands for: a user_sessions row, or a login_challenges row. */
export type TokenClaims = { sub: string; tv: number; typ: TokenKind; sid: string };

export const challengeTtlMs = 10 * 60_000;

/**
 * Signs and verifies the bearer tokens (HS256, expiring) and short-lived two-factor challenges.
 * fast-jwt computes the HMAC synchronously with node:crypto: WebCrypto (jose) queues it on libuv's
 * thread pool behind password hashing, which made every authenticated request wait for sign-ins under load.
 */
export const createTokenService = (secret: string, accessTtlHours: number) => {
  const signer = (expiresInMs: number) => createSigner({ key: secret, algorithm: 'HS256', expiresIn: expiresInMs });
  const accessTtlMs = accessTtlHours * 3_600_000;
  const signAccess = signer(accessTtlMs);
  const signChallenge = signer(challengeTtlMs);
  // SECURITY (issue 25 item 11): a signed token without `exp` would never expire; it is refused.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000, requiredClaims: ['exp'] });
  return {
    accessTtlMs,
    signAccess: async (userId: string, tokenVersion: number, sessionId: string) =>
      signAccess({ sub: userId, tv: tokenVersion, typ: 'access', sid: sessionId }),
    signChallenge: async (userId: string, tokenVersion: number, challengeId: string) =>
      signChallenge({ sub: userId, tv: tokenVersion, typ: 'login-challenge', sid: challengeId }),
    /** @returns the claims, or null when the token is malformed, forged, expired, without expiry or of another kind. */
    verify: async (token: string, typ: TokenKind): Promise<TokenClaims | null> => {
      try {
        const payload = verifier(token) as Record<string, unknown>;
        if (
          payload.typ !== typ ||
          typeof payload.sub !== 'string' ||
          typeof payload.tv !== 'number' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        return { sub: payload.sub, tv: payload.tv, typ, sid: payload.sid };
      } catch {
        return null;
      }
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;

/** A random single-use token for e-mailed links; only its hash is stored. */
export const newLinkToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
};
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');
