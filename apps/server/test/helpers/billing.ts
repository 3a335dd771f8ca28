import type { PaymentsSimulator } from '../../src/adapters/payments/local.ts';
import type { TestApp } from './build-test-app.ts';
import { apiOk } from './http.ts';
import type { TestStudioUser } from './login-as.ts';

/** The local simulator of a test app (tests run without provider keys). */
export const simulatorOf = (t: TestApp) => {
  const sim = t.deps.payments.simulator;
  if (!sim) throw new Error('payments simulator not configured');
  return sim as PaymentsSimulator;
};

/** A Checkout of the simulator for the owner's studio: its page's path and its session id. */
export const startCheckout = async (t: TestApp, owner: TestStudioUser, priceId = 'price_local_sms_100') => {
  const { url } = await apiOk<{ url: string }>(t.app, {
    method: 'GET',
    url: '/stripe-integration',
    token: owner.token,
    query: { priceId, urlAfterCheckout: '/calendar/settings' },
  });
  return { url, id: url.split('/').pop() as string };
};

/** Pays a Checkout on the simulator's page ("Paga"), as the browser does. */
export const payCheckout = async (t: TestApp, owner: TestStudioUser, priceId?: string) => {
  const { url } = await startCheckout(t, owner, priceId);
  const res = await t.app.inject({ method: 'POST', url: `${url}/pay` });
  if (res.statusCode !== 303) throw new Error(`simulator pay → ${res.statusCode} ${res.body.slice(0, 200)}`);
};

/** The simulator's portal for the owner's studio (after a payment made it a customer): its path and id. */
export const openPortal = async (t: TestApp, owner: TestStudioUser) => {
  const { url } = await apiOk<{ url: string }>(t.app, {
    method: 'GET',
    url: '/stripe-integration/billing',
    token: owner.token,
  });
  return { url, id: url.split('/').pop() as string };
};

/** A provider event signed with the simulator's webhook secret: a body and its stripe-signature header. */
export const signedPaymentEvent = async (t: TestApp, type: string, object: Record<string, unknown>) => {
  const body = {
    id: `evt_sample_${crypto.randomUUID()}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  };
  return { body, headers: { 'stripe-signature': await simulatorOf(t).sign(JSON.stringify(body)) } };
};
