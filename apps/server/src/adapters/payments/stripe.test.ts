import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripePayments, toStripePrice } from './stripe.ts';

const secret = 'whsec_test_adapter_secret';
const adapter = createStripePayments({ secretKey: 'sk_test_not_used', webhookSecret: secret });
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  created: 1,
  type: 'customer.updated',
  data: { object: {} },
});

describe('Stripe adapter (no network)', () => {
  it('accepts an event signed with the endpoint secret, as the SDK signs it', async () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await adapter.verifyWebhook(Buffer.from(payload), header)).id).toBe('evt_1');
  });

  it('refuses another secret, another body and an old signature', async () => {
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(adapter.verifyWebhook(Buffer.from(payload), other)).rejects.toThrow();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    await expect(adapter.verifyWebhook(Buffer.from(`${payload} `), header)).rejects.toThrow();
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await expect(adapter.verifyWebhook(Buffer.from(payload), old)).rejects.toThrow();
  });

  it('reads our prices from their metadata (price over product) and leaves the others out', () => {
    const base = { id: 'price_1', unit_amount: 900, unit_amount_decimal: '900', currency: 'eur', nickname: null };
    const sms = toStripePrice({
      ...base,
      recurring: null,
      metadata: {},
      product: { id: 'prod_1', name: 'Pacchetto 100 SMS', metadata: { kind: 'sms', qty: '100' } },
    } as unknown as Stripe.Price);
    expect(sms).toMatchObject({
      productName: 'Pacchetto 100 SMS',
      unitAmountDecimal: '900',
      interval: null,
      metadata: { kind: 'sms', qty: '100' },
    });
    const plan = toStripePrice({
      ...base,
      recurring: { interval: 'month' },
      metadata: { kind: 'plan', plan: 'PRO' },
      product: 'prod_2',
    } as unknown as Stripe.Price);
    expect(plan).toMatchObject({ interval: 'month', metadata: { kind: 'plan', plan: 'PRO' } });
    expect(
      toStripePrice({ ...base, recurring: null, metadata: {}, product: 'prod_3' } as unknown as Stripe.Price),
    ).toBeNull();
  });
});
