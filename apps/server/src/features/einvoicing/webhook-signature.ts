import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The intermediary's webhook signature (HTTP Message Signatures, RFC 9421, with HMAC-SHA256 and a shared secret):
 * `Content-Digest: sha-256=:<base64>:` over the body, and a signature over the method, the path and that digest,
 * with its creation time. A call whose digest, signature or time does not hold is refused before its body is read.
 */
export const webhookMaxAgeSeconds = 300;

export type SignatureCheck = { ok: true; signature: string } | { ok: false; reason: 'signature' | 'stale' };

const parseParams = (input: string) => {
  // sig1=("@method" "@path" "content-digest");created=1700000000;keyid="acube"
  const m = /^\s*([A-Za-z0-9_-]+)=\(([^)]*)\)((?:;[^;]+)*)\s*$/.exec(input);
  if (!m) return null;
  const params = Object.fromEntries(
    (m[3] ?? '')
      .split(';')
      .filter(Boolean)
      .map((p) => {
        const [k, v = ''] = p.split('=');
        return [k?.trim() ?? '', v.trim().replace(/^"|"$/g, '')];
      }),
  );
  return { label: m[1] as string, components: (m[2] ?? '').trim(), raw: input.slice(input.indexOf('(')), params };
};

export const contentDigestOf = (body: Buffer) => `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;

/** The signature base of RFC 9421 §2.5 for the components this webhook signs. */
export const signatureBase = (method: string, path: string, digest: string, signatureParams: string) =>
  [
    `"@method": ${method}`,
    `"@path": ${path}`,
    `"content-digest": ${digest}`,
    `"@signature-params": ${signatureParams}`,
  ].join('\n');

export const signWebhook = (secret: string, method: string, path: string, body: Buffer, created: number) => {
  const digest = contentDigestOf(body);
  const params = `("@method" "@path" "content-digest");created=${created};keyid="acube"`;
  const mac = createHmac('sha256', secret)
    .update(signatureBase(method, path, digest, params))
    .digest('base64');
  return { 'content-digest': digest, 'signature-input': `sig1=${params}`, signature: `sig1=:${mac}:` };
};

export const verifyWebhook = (
  secret: string,
  req: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer },
  nowSeconds: number,
): SignatureCheck => {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const digest = header('content-digest');
  const input = header('signature-input');
  const signature = header('signature');
  if (!digest || !input || !signature) return { ok: false, reason: 'signature' };
  if (digest !== contentDigestOf(req.body)) return { ok: false, reason: 'signature' };
  const parsed = parseParams(input);
  if (parsed?.components !== '"@method" "@path" "content-digest"') return { ok: false, reason: 'signature' };
  const created = Number(parsed.params.created);
  if (!Number.isFinite(created) || Math.abs(nowSeconds - created) > webhookMaxAgeSeconds)
    return { ok: false, reason: 'stale' };
  const value = new RegExp(`^${parsed.label}=:([A-Za-z0-9+/=]+):$`).exec(signature.trim())?.[1];
  if (!value) return { ok: false, reason: 'signature' };
  const expected = createHmac('sha256', secret)
    .update(signatureBase(req.method, req.path, digest, parsed.raw))
    .digest();
  const given = Buffer.from(value, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  return { ok: true, signature: value };
};
