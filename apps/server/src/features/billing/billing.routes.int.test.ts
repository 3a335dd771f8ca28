import { billingMessages as m, type StripePrice, type SubscriptionSummary } from '@studiolo/domain/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import type { PaymentsSimulator } from '../../adapters/payments/local.ts';
import { smsCreditBalance } from '../sms-credit/sms-credit.service.ts';

let t: TestApp;
let sim: PaymentsSimulator;
beforeAll(async () => {
  t = await buildTestApp();
  sim = t.deps.payments.simulator as PaymentsSimulator;
});
afterAll(async () => {
  await t.close();
});

const webhook = '/app/api/stripe-integration/webhook';
const nowSeconds = () => Math.floor(Date.now() / 1000);
let seq = 0;
const evt = (type: string, object: Record<string, unknown>, created = nowSeconds()) => ({
  id: `evt_test_${Date.now()}_${++seq}`,
  object: 'event',
  created,
  type,
  data: { object },
});
const post = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: webhook,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
const send = async (event: unknown) => {
  const payload = JSON.stringify(event);
  const res = await post(payload, await sim.sign(payload));
  expect(res.statusCode).toBe(200);
  return (res.json() as { response: { esito: string } }).response.esito;
};
const summary = (owner: TestStudioUser) =>
  apiOk<SubscriptionSummary>(t.app, { method: 'GET', url: '/stripe-integration/subscription', token: owner.token });
const prices = (owner: TestStudioUser, path = '/stripe-products') =>
  apiOk<StripePrice[]>(t.app, { method: 'GET', url: path, token: owner.token });

/** Through the simulator's Checkout page, as a browser does: the url, the page, "Paga". */
const buyThroughSimulator = async (owner: TestStudioUser, priceId: string) => {
  const { url } = await apiOk<{ url: string }>(t.app, {
    method: 'GET',
    url: '/stripe-integration',
    token: owner.token,
    query: { priceId, urlAfterCheckout: '/calendar/settings' },
  });
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(m.simulatorLabel);
  const paid = await t.app.inject({ method: 'POST', url: `${url}/pay` });
  expect(paid.statusCode).toBe(303);
  return { url, location: String(paid.headers.location) };
};

const subscriptionObject = (
  studioId: string,
  o: { id: string; customer: string; status: string; plan: string; end: number },
) => ({
  id: o.id,
  object: 'subscription',
  customer: o.customer,
  status: o.status,
  metadata: { studioId, plan: o.plan },
  items: { data: [{ current_period_end: o.end, price: { id: 'price_x', metadata: { kind: 'plan', plan: o.plan } } }] },
});

describe('prices', () => {
  it('lists the plans and the SMS packs with their price in cents and metadata.qty', async () => {
    const owner = await createStudioOwner(t.app);
    const plans = await prices(owner);
    expect(plans.map((p) => p.metadata.plan)).toEqual(['BASIC', 'PRO', 'UNLIMITED']);
    const sms = await prices(owner, '/stripe-products/sms');
    expect(sms[0]).toMatchObject({ unitAmountDecimal: '900', metadata: { kind: 'sms', qty: '100' } });
    const one = await apiOk<StripePrice>(t.app, {
      method: 'GET',
      url: `/stripe-integration/prices/${sms[0]?.id}`,
      token: owner.token,
    });
    expect(one.id).toBe(sms[0]?.id);
    const missing = await api(t.app, {
      method: 'GET',
      url: '/stripe-integration/prices/price_nope',
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.answer).toBe(m.priceNotFound);
  });
});

describe('checkout through the simulator', () => {
  it('subscribes the own studio: Checkout page, "Paga", the signed events, the plan and its end date', async () => {
    const owner = await createStudioOwner(t.app);
    expect((await summary(owner)).plan).toBe('TRIAL');
    const pro = (await prices(owner)).find((p) => p.metadata.plan === 'PRO') as StripePrice;
    const { location } = await buyThroughSimulator(owner, pro.id);
    expect(new URL(location).pathname).toBe('/calendar/settings');
    expect(new URL(location).searchParams.get('checkout')).toBe('ok');
    const s = await summary(owner);
    expect(s).toMatchObject({ plan: 'PRO', stripeSubStatus: 'active', overdue: false, provider: 'simulator' });
    expect(new Date(s.stripeSubEndDate as string).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    const user = await apiOk<{ subscription: { plan: string } }>(t.app, {
      method: 'GET',
      url: '/user/getUser',
      token: owner.token,
    });
    expect(user.subscription.plan).toBe('PRO');
    const invoices = await apiOk<{ amountPaid: number }[]>(t.app, {
      method: 'GET',
      url: '/stripe-integration/invoices',
      token: owner.token,
    });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.amountPaid).toBe(3900);
    const { url: portal } = await apiOk<{ url: string }>(t.app, {
      method: 'GET',
      url: '/stripe-integration/billing',
      token: owner.token,
    });
    // a second plan while subscribed: refused (the portal changes plans), no second subscription
    const again = await api(t.app, {
      method: 'GET',
      url: '/stripe-integration',
      token: owner.token,
      query: { priceId: 'price_local_unlimited_month', urlAfterCheckout: '/billing' },
    });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(m.alreadySubscribed);
    const portalPage = await t.app.inject({ method: 'GET', url: portal });
    expect(portalPage.body).toContain('Annulla abbonamento');
    // cancelled from the portal: the studio is overdue ('Scaduto') at once, its plan's extras stop
    expect((await t.app.inject({ method: 'POST', url: `${portal}/cancel` })).statusCode).toBe(303);
    expect(await summary(owner)).toMatchObject({ stripeSubStatus: 'canceled', overdue: true });
  });

  it('pays once: the same Checkout page paid again answers 404', async () => {
    const owner = await createStudioOwner(t.app);
    const [pack] = await prices(owner, '/stripe-products/sms');
    const { url } = await buyThroughSimulator(owner, (pack as StripePrice).id);
    expect((await t.app.inject({ method: 'POST', url: `${url}/pay` })).statusCode).toBe(404);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(100);
  });

  it('refuses a return address outside the app', async () => {
    const owner = await createStudioOwner(t.app);
    for (const urlAfterCheckout of ['https://evil.example/calendar', '//evil.example/x', '/\\evil.example']) {
      const res = await api(t.app, {
        method: 'GET',
        url: '/stripe-integration',
        token: owner.token,
        query: { priceId: 'price_local_pro_month', urlAfterCheckout },
      });
      expect(res.status).toBe(400);
      expect(res.body.answer).toBe(m.returnUrlInvalid);
    }
  });

  it("refuses a checkout for another studio (the studio comes from the token's membership)", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const res = await api(t.app, {
      method: 'GET',
      url: '/stripe-integration',
      token: a.token,
      query: { studioId: b.studioId, priceId: 'price_local_pro_month', urlAfterCheckout: '/calendar/settings' },
    });
    expect([403, 404]).toContain(res.status);
    expect((await summary(b)).stripeSubStatus).toBeNull();
  });

  it("ignores an event that names a studio with another studio's customer", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const [pack] = await prices(a, '/stripe-products/sms');
    await buyThroughSimulator(a, (pack as StripePrice).id);
    const { customerId } = await t.deps.db.query.billingAccounts
      .findFirst({
        where: (x, { eq }) => eq(x.studioId, a.studioId),
      })
      .then((r) => ({ customerId: r?.customerId as string }));
    const esito = await send(
      evt('checkout.session.completed', {
        id: 'cs_forged',
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: 'pi_forged_1',
        customer: customerId,
        metadata: { studioId: b.studioId, kind: 'sms', qty: '1000' },
      }),
    );
    expect(esito).toBe('IGNORATO');
    expect(await smsCreditBalance(t.deps.db, b.studioId)).toBe(0);
  });
});

describe('webhook', () => {
  it('answers 400 to a forged or missing signature and applies nothing', async () => {
    const owner = await createStudioOwner(t.app);
    const payload = JSON.stringify(
      evt('checkout.session.completed', {
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: 'pi_forged',
        metadata: { studioId: owner.studioId, kind: 'sms', qty: '500' },
      }),
    );
    const forged = `t=${nowSeconds()},v1=${'0'.repeat(64)}`;
    for (const signature of [forged, undefined, await sim.sign(`${payload} `)]) {
      const res = await post(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().answer).toBe(m.webhookSignatureInvalid);
    }
    // an old signature (beyond the SDK's 5-minute tolerance) is refused too
    expect((await post(payload, await sim.sign(payload, nowSeconds() - 3600))).statusCode).toBe(400);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(0);
  });

  it('ignores a replayed event and credits an SMS pack exactly once per payment', async () => {
    const owner = await createStudioOwner(t.app);
    const session = (id: string) => ({
      id,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: 'pi_once',
      customer: `cus_${owner.studioId.slice(0, 8)}`,
      metadata: { studioId: owner.studioId, kind: 'sms', qty: '500' },
    });
    const first = evt('checkout.session.completed', session('cs_1'));
    expect(await send(first)).toBe('APPLICATO');
    expect(await send(first)).toBe('DUPLICATO');
    // another event about the same payment (the provider's retry with a new id, or the async success) adds nothing
    expect(await send(evt('checkout.session.async_payment_succeeded', session('cs_1')))).toBe('DUPLICATO');
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(500);
  });

  it('keeps the newest subscription state when events arrive out of order', async () => {
    const owner = await createStudioOwner(t.app);
    const customer = `cus_ooo_${owner.studioId.slice(0, 8)}`;
    const end = nowSeconds() + 30 * 86_400;
    const base = { id: 'sub_ooo', customer, plan: 'PRO', end };
    // the later event (payment failed: past_due) arrives first, the older 'active' one after it
    const newer = evt(
      'customer.subscription.updated',
      subscriptionObject(owner.studioId, { ...base, status: 'past_due' }),
      nowSeconds(),
    );
    const older = evt(
      'customer.subscription.created',
      subscriptionObject(owner.studioId, { ...base, status: 'active' }),
      nowSeconds() - 60,
    );
    expect(await send(newer)).toBe('APPLICATO');
    expect(await send(older)).toBe('IGNORATO');
    expect(await summary(owner)).toMatchObject({ plan: 'PRO', stripeSubStatus: 'past_due', overdue: true });
    // a newer 'active' (the card worked on retry) is applied
    const paid = evt(
      'customer.subscription.updated',
      subscriptionObject(owner.studioId, { ...base, status: 'active' }),
      nowSeconds() + 1,
    );
    expect(await send(paid)).toBe('APPLICATO');
    expect(await summary(owner)).toMatchObject({ stripeSubStatus: 'active', overdue: false });
    // an older subscription's end does not end the current one
    const oldEnd = evt(
      'customer.subscription.deleted',
      subscriptionObject(owner.studioId, { ...base, id: 'sub_old', status: 'canceled' }),
      nowSeconds() + 2,
    );
    expect(await send(oldEnd)).toBe('IGNORATO');
    expect((await summary(owner)).stripeSubStatus).toBe('active');
  });
});

describe('what the plan unlocks (decision 037)', () => {
  const setPlan = async (owner: TestStudioUser, plan: string, status: string) =>
    send(
      evt(
        'customer.subscription.updated',
        subscriptionObject(owner.studioId, {
          id: `sub_${plan}_${owner.studioId.slice(0, 6)}`,
          customer: `cus_plan_${owner.studioId.slice(0, 8)}`,
          status,
          plan,
          end: nowSeconds() + 30 * 86_400,
        }),
        nowSeconds() + ++seq,
      ),
    );

  it('refuses Google Calendar to BASIC and to an overdue PRO, never the reads', async () => {
    const owner = await createStudioOwner(t.app);
    await setPlan(owner, 'BASIC', 'active');
    const connect = await api(t.app, { method: 'POST', url: '/google-calendar/connect', token: owner.token });
    expect(connect.status).toBe(403);
    expect(connect.body.answer).toContain('Sincronizzazione con Google Calendar');
    expect((await api(t.app, { method: 'GET', url: '/google-calendar', token: owner.token })).status).toBe(200);
    await setPlan(owner, 'PRO', 'active');
    expect((await api(t.app, { method: 'POST', url: '/google-calendar/connect', token: owner.token })).status).not.toBe(
      403,
    );
    await setPlan(owner, 'PRO', 'unpaid');
    expect((await api(t.app, { method: 'POST', url: '/google-calendar/connect', token: owner.token })).status).toBe(
      403,
    );
    // a lapsed studio still reads and exports its own data
    expect((await api(t.app, { method: 'GET', url: '/pazienti', token: owner.token })).status).toBe(200);
  });
});
