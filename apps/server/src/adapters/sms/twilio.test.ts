import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toE164 } from './sms.ts';
import { createTwilioSms, twilioSignature, verifyTwilioSignature } from './twilio.ts';

type Seen = { method: string; url: string; auth: string; type: string; body: URLSearchParams };

/** A stand-in for Twilio's Messages API on a local port: records the request, answers as told. */
const fakeTwilio = async (status: number, answer: object) => {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        type: req.headers['content-type'] ?? '',
        body: new URLSearchParams(raw),
      });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
};

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('Twilio SMS adapter', () => {
  it('posts the message form-encoded with basic auth to the account’s Messages endpoint', async () => {
    const fake = await fakeTwilio(201, { sid: 'SM123' });
    close = fake.close;
    const sms = createTwilioSms({ apiUrl: fake.url, accountSid: 'AC42', authToken: 'segreto', from: 'Studiolo' });
    const delivery = await sms.deliver({ to: '347 123 4567', text: 'Il tuo codice è 123456' });
    expect(delivery).toEqual({ status: 'SENT', providerMessageId: 'SM123' });
    const [req] = fake.seen;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(req?.auth).toBe(`Basic ${Buffer.from('AC42:segreto').toString('base64')}`);
    expect(req?.type).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req?.body ?? [])).toEqual({
      To: '+393471234567',
      From: 'Studiolo',
      Body: 'Il tuo codice è 123456',
    });
  });

  it('asks Twilio for the delivery status at the configured callback address', async () => {
    const fake = await fakeTwilio(201, { sid: 'SM124' });
    close = fake.close;
    const statusCallbackUrl = 'https://studio.example.it/app/api/sms/twilio/status';
    const sms = createTwilioSms({
      apiUrl: fake.url,
      accountSid: 'AC42',
      authToken: 'x',
      from: 'Studiolo',
      statusCallbackUrl,
    });
    await sms.deliver({ to: '347 123 4567', text: 'Promemoria' });
    expect(fake.seen[0]?.body.get('StatusCallback')).toBe(statusCallbackUrl);
  });

  it('throws with the provider’s message when it refuses', async () => {
    const fake = await fakeTwilio(400, { message: "The 'To' number is not a valid phone number." });
    close = fake.close;
    const sms = createTwilioSms({ apiUrl: fake.url, accountSid: 'AC42', authToken: 'x', from: '+15005550006' });
    await expect(sms.deliver({ to: '12', text: 'x' })).rejects.toThrow(/Twilio 400: The 'To' number/);
  });

  it('writes Italian numbers in E.164', () => {
    expect(toE164('347 123 4567')).toBe('+393471234567');
    expect(toE164('+39 (347) 123-4567')).toBe('+393471234567');
    expect(toE164('0041 79 123 45 67')).toBe('+41791234567');
  });
});

describe('Twilio request signature (X-Twilio-Signature)', () => {
  // the worked example of Twilio's request-validation documentation (and of its own libraries' tests)
  const authToken = '12345';
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params: [string, string][] = [
    ['Digits', '1234'],
    ['To', '+18005551212'],
    ['From', '+14158675309'],
    ['Caller', '+14158675309'],
    ['CallSid', 'CA1234567890ABCDE'],
  ];
  const documented = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

  it('computes Twilio’s documented signature, whatever the order of the parameters', () => {
    expect(twilioSignature(authToken, url, params)).toBe(documented);
    expect(twilioSignature(authToken, url, [...params].reverse())).toBe(documented);
    expect(twilioSignature(authToken, url, new URLSearchParams(params))).toBe(documented);
  });

  it('accepts the documented signature and refuses any change of token, URL, parameter or signature', () => {
    expect(verifyTwilioSignature(authToken, url, params, documented)).toBe(true);
    expect(verifyTwilioSignature('54321', url, params, documented)).toBe(false);
    expect(verifyTwilioSignature(authToken, `${url}&baz=3`, params, documented)).toBe(false);
    expect(verifyTwilioSignature(authToken, url.replace('https:', 'http:'), params, documented)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, [...params, ['MessageStatus', 'delivered']], documented)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, `${documented.slice(0, -2)}x=`)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, '')).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature(authToken, url, params, 'x'.repeat(10_000))).toBe(false);
  });
});
