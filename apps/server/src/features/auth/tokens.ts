import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenKind = 'access' | 'login-challenge';

export type TokenClaims = { sub: string; tv: number; typ: TokenKind };

/** Signs and verifies the bearer tokens (HS256, expiring) and short-lived two-factor challenges. */
export const createTokenService = (secret: string, accessTtlHours: number) => {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: TokenClaims, ttl: string) =>
    new SignJWT({ tv: claims.tv, typ: claims.typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(ttl)
      .sign(key);
  return {
    signAccess: (userId: string, tokenVersion: number) =>
      sign({ sub: userId, tv: tokenVersion, typ: 'access' }, `${accessTtlHours}h`),
    signChallenge: (userId: string, tokenVersion: number) =>
      sign({ sub: userId, tv: tokenVersion, typ: 'login-challenge' }, '10m'),
    /** @returns the claims, or null when the token is malformed, forged, expired or of another kind. */
    verify: async (token: string, typ: TokenKind): Promise<TokenClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { sub: payload.sub, tv: payload.tv, typ };
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
