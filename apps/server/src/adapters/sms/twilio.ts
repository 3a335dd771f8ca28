import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type SmsTransport, toE164 } from './sms.ts';

export type TwilioOptions = {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Where Twilio posts each message's delivery status (decision 036); null: no status asked for. */
  statusCallbackUrl?: string | null;
};

/** Where this app receives Twilio's status callbacks (features/reminders/sms-status.routes.ts). */
export const twilioStatusPath = '/app/api/sms/twilio/status';

/** The callback address to give Twilio (what Twilio signs): null when the server does not know its public address. */
export const twilioStatusCallbackUrl = (config: { PUBLIC_URL?: string | undefined }) =>
  config.PUBLIC_URL ? `${config.PUBLIC_URL.replace(/\/$/, '')}${twilioStatusPath}` : null;

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth. */
export const createTwilioSms = (opts: TwilioOptions): SmsTransport => ({
  kind: 'twilio',
  deliver: async (sms) => {
    const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: toE164(sms.to), From: opts.from, Body: sms.text });
    if (opts.statusCallbackUrl) form.set('StatusCallback', opts.statusCallbackUrl);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => null)) as { sid?: string; message?: string } | null;
    if (!res.ok) throw new Error(`Twilio ${res.status}: ${body?.message ?? 'risposta non valida'}`);
    return { status: 'SENT', providerMessageId: body?.sid ?? null };
  },
});

/**
 * X-Twilio-Signature of a request Twilio makes (its "Webhooks security" page): Base64 of HMAC-SHA1, keyed with the
 * account's auth token, of the full URL Twilio was given (query string included) followed by every POST parameter,
 * sorted by name, as name then value with no separator (a name sent twice: its values sorted too, as Twilio's own
 * libraries do).
 */
export const twilioSignature = (authToken: string, url: string, params: Iterable<[string, string]>) => {
  const pairs = [...params].sort(([ak, av], [bk, bv]) => (ak === bk ? cmp(av, bv) : cmp(ak, bk)));
  const payload = url + pairs.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64');
};
// code-unit order, as Twilio's libraries sort (not the locale's)
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `signature` (the header) is Twilio's for that URL and those parameters; compared in constant time. */
export const verifyTwilioSignature = (
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | undefined,
) => {
  if (!signature) return false;
  // SECURITY: digests of equal length, so the comparison takes the same time whatever the header's length
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(twilioSignature(authToken, url, params)), digest(signature));
};
