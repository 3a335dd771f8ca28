import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a derived key is for: each purpose has its own key, so one can never open or sign for another. */
export type KeyPurpose =
  | 'google-refresh-token'
  | 'google-oauth-state'
  | 'sistema-ts-credentials'
  | 'signature-otp'
  | 'signing-identity'
  | 'booking-code'
  | 'booking-cancel'
  | 'reminder-link';

/**
 * Encryption and signing with keys derived from the auth secret (HKDF-SHA256, one key per purpose). Used for
 * secrets the app must keep at rest (a Google refresh token) and for values it hands out and must recognise
 * (the OAuth state). Rotating AUTH_SECRET makes what was sealed unreadable: links must then be made again.
 */
export type SecretKeys = {
  /** AES-256-GCM; `context` (e.g. the studio id) is bound as associated data: a sealed value moved elsewhere fails. */
  seal: (purpose: KeyPurpose, plaintext: string, context: string) => string;
  /** The plaintext, or null when the value was tampered with, sealed for another context or with another secret. */
  open: (purpose: KeyPurpose, sealed: string, context: string) => string | null;
  /** `payload.mac`, both base64url: a JSON payload with an HMAC-SHA256. */
  sign: (purpose: KeyPurpose, payload: object) => string;
  /** The payload of a value this server signed, or null. */
  verify: (purpose: KeyPurpose, signed: string) => Record<string, unknown> | null;
};

const version = 'v1';

export const createSecretKeys = (authSecret: string): SecretKeys => {
  const keys = new Map<KeyPurpose, Buffer>();
  const keyOf = (purpose: KeyPurpose) => {
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', authSecret, 'studiolo', purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const mac = (purpose: KeyPurpose, data: string) =>
    createHmac('sha256', keyOf(purpose)).update(data).digest('base64url');

  return {
    seal: (purpose, plaintext, context) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(purpose), iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        version,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open: (purpose, sealed, context) => {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== version || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(purpose), Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null; // wrong key, context or tampered bytes: the same answer for all
      }
    },
    sign: (purpose, payload) => {
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${data}.${mac(purpose, data)}`;
    },
    verify: (purpose, signed) => {
      const [data, given] = signed.split('.');
      if (!data || !given) return null;
      const expected = Buffer.from(mac(purpose, data));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      try {
        const payload: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
        return payload && typeof payload === 'object' && !Array.isArray(payload)
          ? (payload as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    },
  };
};
