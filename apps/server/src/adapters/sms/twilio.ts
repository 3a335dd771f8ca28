import { type SmsTransport, toE164 } from './sms.ts';

export type TwilioOptions = { apiUrl: string; accountSid: string; authToken: string; from: string };

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth. */
export const createTwilioSms = (opts: TwilioOptions): SmsTransport => ({
  kind: 'twilio',
  deliver: async (sms) => {
    const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: toE164(sms.to), From: opts.from, Body: sms.text }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => null)) as { sid?: string; message?: string } | null;
    if (!res.ok) throw new Error(`Twilio ${res.status}: ${body?.message ?? 'risposta non valida'}`);
    return { status: 'SENT', providerMessageId: body?.sid ?? null };
  },
});
