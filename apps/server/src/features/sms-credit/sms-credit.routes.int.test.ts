import { randomUUID } from 'node:crypto';
import type { ConsumptionMeter } from '@studiolo/domain/reminders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { addSmsCredit, smsCreditBalance, takeSmsCredit } from './sms-credit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const secret = () => t.deps.config.CONSUMPTION_METER_SECRET as string;
const credit = (studioId: string, qty: number, key = `pay-${randomUUID()}`) =>
  t.deps.db.transaction((tx) => addSmsCredit(tx, { studioId, qty, key }));
const meterOf = (owner: TestStudioUser) =>
  apiOk<ConsumptionMeter>(t.app, {
    method: 'GET',
    url: '/consumption-meter/SMS_APPOINTMENT_REMINDER',
    token: owner.token,
  });
const consume = (body: Record<string, unknown>) =>
  api<ConsumptionMeter>(t.app, { method: 'PATCH', url: '/consumption-meter/SMS_APPOINTMENT_REMINDER', body });

describe('the SMS credit ledger', () => {
  it('adds a purchase once per key, however many times it is applied', async () => {
    const owner = await createStudioOwner(t.app);
    const key = `pi_${randomUUID()}`;
    expect(await credit(owner.studioId, 100, key)).toBe(true);
    expect(await credit(owner.studioId, 100, key)).toBe(false);
    expect(await Promise.all([credit(owner.studioId, 100, key), credit(owner.studioId, 100, key)])).toEqual([
      false,
      false,
    ]);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(100);
  });

  it('takes credit once per key and never below zero', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 3);
    const take = (key: string, qty = 1) =>
      t.deps.db.transaction((tx) => takeSmsCredit(tx, { studioId: owner.studioId, qty, key }));
    expect(await take('r1', 2)).toEqual({ outcome: 'taken', balance: 1 });
    expect(await take('r1', 2)).toEqual({ outcome: 'already-taken', balance: 1 });
    expect(await take('r2', 2)).toEqual({ outcome: 'insufficient', balance: 1 });
    // parallel takes of the last credit: one wins
    const outcomes = await Promise.all([take('r3'), take('r4'), take('r5')]);
    expect(outcomes.filter((o) => o.outcome === 'taken')).toHaveLength(1);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(0);
  });

  it('keeps each studio its own balance (the same key in two studios is two movements)', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    await credit(a.studioId, 10, 'same-key');
    await credit(b.studioId, 20, 'same-key');
    expect((await meterOf(a)).qty).toBe(10);
    expect((await meterOf(b)).qty).toBe(20);
  });
});

describe('GET /consumption-meter', () => {
  it('answers the studio its SMS meter, switched off, with the balance as qty and no secret', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 50);
    const list = await apiOk<ConsumptionMeter[]>(t.app, {
      method: 'GET',
      url: '/consumption-meter',
      token: owner.token,
    });
    expect(list).toEqual([
      {
        id: expect.any(String),
        studioId: owner.studioId,
        functionality: 'SMS_APPOINTMENT_REMINDER',
        qty: 50,
        enabled: false,
      },
    ]);
    expect(await meterOf(owner)).toEqual(list[0]);
    const byId = await apiOk<ConsumptionMeter>(t.app, {
      method: 'GET',
      url: `/consumption-meter/${list[0]?.id}`,
      token: owner.token,
    });
    expect(byId).toEqual(list[0]);
    expect(JSON.stringify(list)).not.toContain(secret());
  });

  it("answers another studio's meter with 404", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const meter = await meterOf(a);
    const res = await api(t.app, { method: 'GET', url: `/consumption-meter/${meter.id}`, token: b.token });
    expect(res.status).toBe(404);
  });

  it('answers an unknown functionality with 400 (neither the functionality nor a meter id)', async () => {
    const owner = await createStudioOwner(t.app);
    const res = await api(t.app, { method: 'GET', url: '/consumption-meter/WHATSAPP', token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ERROR');
  });
});

describe('PATCH /consumption-meter/enable', () => {
  it('switches the SMS reminders on and off, audited', async () => {
    const owner = await createStudioOwner(t.app);
    const meter = await meterOf(owner);
    const on = await api<ConsumptionMeter>(t.app, {
      method: 'PATCH',
      url: '/consumption-meter/enable',
      token: owner.token,
      body: { consumptionMeterId: meter.id, enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ answer: 'Reminder automatici attivati', response: { enabled: true } });
    expect((await meterOf(owner)).enabled).toBe(true);
  });

  it("refuses a collaborator (403) and another studio's meter (404)", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const collaborator = await createStaffUser(t.app, t.deps, a, 'ROLE_STAFF_COLLABORATORE');
    const meter = await meterOf(a);
    const body = { consumptionMeterId: meter.id, enabled: true };
    expect(
      (await api(t.app, { method: 'PATCH', url: '/consumption-meter/enable', token: collaborator.token, body })).status,
    ).toBe(403);
    expect((await api(t.app, { method: 'PATCH', url: '/consumption-meter/enable', token: b.token, body })).status).toBe(
      404,
    );
    expect((await meterOf(a)).enabled).toBe(false);
  });
});

describe('PATCH /consumption-meter/SMS_APPOINTMENT_REMINDER (server to server)', () => {
  it('takes the credits once per idempotency key', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 10);
    const body = { secret: secret(), studioId: owner.studioId, qty: 3, idempotencyKey: `job-${randomUUID()}` };
    const first = await consume(body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ answer: 'Credito SMS scalato', response: { qty: 7 } });
    const again = await consume(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ answer: 'Consumo già registrato', response: { qty: 7 } });
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(7);
  });

  it('refuses a wrong secret (401) and takes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 10);
    for (const wrong of ['x', `${secret()}x`, secret().toUpperCase()]) {
      const res = await consume({ secret: wrong, studioId: owner.studioId, qty: 1 });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'ERROR', answer: 'Chiave del servizio non valida' });
    }
    const res = await consume({ studioId: owner.studioId, qty: 1 });
    expect(res.status).toBe(400);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(10);
  });

  it('refuses a zero, negative, fractional or huge quantity (400) and takes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 10);
    for (const qty of [0, -1, -1000, 1.5, 1001, 1e9, Number.MAX_SAFE_INTEGER]) {
      const res = await consume({ secret: secret(), studioId: owner.studioId, qty });
      expect(res.status, String(qty)).toBe(400);
      expect(res.body.code).toBe('ERROR');
    }
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(10);
  });

  it('refuses more than the balance (409) and an unknown studio (404)', async () => {
    const owner = await createStudioOwner(t.app);
    await credit(owner.studioId, 2);
    const over = await consume({ secret: secret(), studioId: owner.studioId, qty: 3 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ answer: 'Credito SMS insufficiente' });
    const unknown = await consume({ secret: secret(), studioId: randomUUID(), qty: 1 });
    expect(unknown.status).toBe(404);
    expect(await smsCreditBalance(t.deps.db, owner.studioId)).toBe(2);
  });

  it('takes only from the studio named, whatever user token comes along', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    await credit(a.studioId, 5);
    await credit(b.studioId, 5);
    const res = await api(t.app, {
      method: 'PATCH',
      url: '/consumption-meter/SMS_APPOINTMENT_REMINDER',
      token: b.token,
      body: { secret: secret(), studioId: a.studioId, qty: 1 },
    });
    expect(res.status).toBe(200);
    expect(await smsCreditBalance(t.deps.db, a.studioId)).toBe(4);
    expect(await smsCreditBalance(t.deps.db, b.studioId)).toBe(5);
  });

  it('is refused (403) on a server with no secret configured', async () => {
    const bare = await buildTestApp({ CONSUMPTION_METER_SECRET: undefined });
    try {
      const owner = await createStudioOwner(bare.app);
      const res = await api(bare.app, {
        method: 'PATCH',
        url: '/consumption-meter/SMS_APPOINTMENT_REMINDER',
        body: { secret: 'x'.repeat(40), studioId: owner.studioId, qty: 1 },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        answer: 'Il servizio di consumo del credito non è configurato su questo server',
      });
    } finally {
      await bare.close();
    }
  });
});
