import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toE164 } from './sms.ts';
import { createTwilioSms } from './twilio.ts';

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
