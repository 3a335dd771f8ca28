import { referralMessages as m, referralDailyLimit } from '@studiolo/domain/referrals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testPassword, uniqueEmail, validStudioInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import {
  createStaffUser,
  createStudioOwner,
  lastMailedToken,
  type TestStudioUser,
} from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import type { PaymentsSimulator } from '../../adapters/payments/local.ts';
import {
  markReferralCreditApplied,
  onFirstSubscriptionPayment,
  unappliedReferralCredits,
} from './referrals.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Referral = { id: string; userInviteeEmail: string; userInviteeRegistered: boolean; inviteeSignedUp: boolean };
type List = { referrals: Referral[]; inviterUserId: string; creditCents: number };

const invite = (owner: TestStudioUser, body: Record<string, unknown>) =>
  api<Referral>(t.app, { method: 'POST', url: '/user-referrals', token: owner.token, body });
const list = (owner: TestStudioUser) =>
  apiOk<List>(t.app, { method: 'GET', url: '/user-referrals', token: owner.token });

/** A colleague who signs up through the inviter's link, confirms the address and creates a studio. */
const signUpThroughLink = async (inviterUserId: string, email = uniqueEmail('collega')) => {
  await apiOk(t.app, {
    method: 'POST',
    url: '/user/signup',
    body: { email, password: testPassword, nome: 'Paolo', cognome: 'Neri', customerInvitedByUserId: inviterUserId },
  });
  const session = await apiOk<{ token: string }>(t.app, {
    method: 'POST',
    url: '/user/verify-email',
    body: { token: await lastMailedToken(t.deps, email, 'verificaEmail') },
  });
  const studio = await apiOk<{ id: string }>(t.app, {
    method: 'POST',
    url: '/studio/initial-setup',
    token: session.token,
    body: { studio: validStudioInput(), avatarColor: '#1E88E5' },
  });
  return { email, token: session.token, studioId: studio.id };
};

describe('referrals (Programma Invita Un Amico)', () => {
  it('invites a colleague by e-mail with the sign-up link, lists and cancels the pending invitation', async () => {
    const owner = await createStudioOwner(t.app);
    const email = uniqueEmail('invitato');
    const res = await invite(owner, { userInviteeEmail: `  ${email.toUpperCase()} `, invitationReason: 'Prova!' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe(m.sent);
    expect(res.body.response).toMatchObject({ userInviteeEmail: email, userInviteeRegistered: false });
    const [mail] = await rowsOf<{ text: string; subject: string }>(
      t.deps.db,
      `select text, subject from mail_messages where "to" = '${email}'`,
    );
    expect(mail?.subject).toBe('Giulia Bianchi ti invita su Studiolo');
    expect(mail?.text).toContain(`/signUp?customerInvitedByUserId=${owner.userId}`);
    expect(mail?.text).toContain('Il suo messaggio: «Prova!»');
    const listed = await list(owner);
    expect(listed.inviterUserId).toBe(owner.userId);
    expect(listed.creditCents).toBe(5000);
    expect(listed.referrals.map((r) => r.userInviteeEmail)).toEqual([email]);
    const id = (res.body.response as Referral).id;
    const del = await api(t.app, { method: 'DELETE', url: `/user-referrals/${id}`, token: owner.token });
    expect(del.status).toBe(200);
    expect(del.body.answer).toBe(m.cancelled);
    expect((await list(owner)).referrals).toEqual([]);
  });

  it('refuses an invalid e-mail, oneself, a registered address and a duplicate, with Italian messages', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const bad = await invite(owner, { userInviteeEmail: 'non-una-email' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(m.emailInvalid);
    const self = await invite(owner, { userInviteeEmail: owner.email.toUpperCase() });
    expect(self.status).toBe(400);
    expect(self.body.answer).toBe(m.self);
    const registered = await invite(owner, { userInviteeEmail: other.email });
    expect(registered.status).toBe(400);
    expect(registered.body.answer).toBe(m.alreadyRegistered);
    const email = uniqueEmail('doppio');
    expect((await invite(owner, { userInviteeEmail: email })).status).toBe(200);
    const again = await invite(owner, { userInviteeEmail: email });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(m.duplicate);
    // another studio may invite the same address
    expect((await invite(other, { userInviteeEmail: email })).status).toBe(200);
    const mails = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int n from mail_messages where "to" = '${email}'`,
    );
    expect(mails[0]?.n).toBe(2);
  });

  it('bounds the invitations (refused ones too) a user sends in a day', async () => {
    const owner = await createStudioOwner(t.app);
    for (let i = 0; i < referralDailyLimit; i++) await invite(owner, { userInviteeEmail: owner.email });
    const res = await invite(owner, { userInviteeEmail: uniqueEmail('oltre') });
    expect(res.status).toBe(429);
    expect(res.body.answer).toBe(m.tooMany);
  });

  it('keeps the studio boundary: another studio neither lists nor cancels the invitation (404), staff may not invite', async () => {
    const owner = await createStudioOwner(t.app);
    const other = await createStudioOwner(t.app);
    const created = await apiOk<Referral>(t.app, {
      method: 'POST',
      url: '/user-referrals',
      token: owner.token,
      body: { userInviteeEmail: uniqueEmail('confine') },
    });
    expect((await list(other)).referrals).toEqual([]);
    const del = await api(t.app, { method: 'DELETE', url: `/user-referrals/${created.id}`, token: other.token });
    expect(del.status).toBe(404);
    const collaborator = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const denied = await api(t.app, {
      method: 'POST',
      url: '/user-referrals',
      token: collaborator.token,
      body: { userInviteeEmail: uniqueEmail('staff') },
    });
    expect(denied.status).toBe(403);
    expect((await list(owner)).referrals).toHaveLength(1);
  });

  it('completes the referral at the first subscription payment and credits 50 € to both sides once, even when called twice', async () => {
    const owner = await createStudioOwner(t.app);
    const email = uniqueEmail('pagante');
    const sent = await apiOk<Referral>(t.app, {
      method: 'POST',
      url: '/user-referrals',
      token: owner.token,
      body: { userInviteeEmail: email },
    });
    const colleague = await signUpThroughLink(owner.userId, email);
    const before = await list(owner);
    expect(before.referrals[0]).toMatchObject({ id: sent.id, userInviteeRegistered: false, inviteeSignedUp: true });
    // a signed-up invitee's invitation is still cancellable only while it is not completed
    const first = await t.deps.db.transaction((tx) => onFirstSubscriptionPayment(tx, colleague.studioId));
    expect(first.map((c) => [c.side, c.studioId, c.amountCents])).toEqual([
      ['inviter', owner.studioId, 5000],
      ['invitee', colleague.studioId, 5000],
    ]);
    const second = await t.deps.db.transaction((tx) => onFirstSubscriptionPayment(tx, colleague.studioId));
    expect(second).toEqual([]);
    const credits = await rowsOf<{ side: string; studio_id: string; amount_cents: number; idempotency_key: string }>(
      t.deps.db,
      `select side, studio_id, amount_cents, idempotency_key from referral_credits where referral_id = '${sent.id}' order by side`,
    );
    expect(credits).toEqual([
      {
        side: 'invitee',
        studio_id: colleague.studioId,
        amount_cents: 5000,
        idempotency_key: `referral:${sent.id}:invitee`,
      },
      {
        side: 'inviter',
        studio_id: owner.studioId,
        amount_cents: 5000,
        idempotency_key: `referral:${sent.id}:inviter`,
      },
    ]);
    // until the provider holds them, each side's credit is listed as unapplied, then no more
    expect((await unappliedReferralCredits(t.deps.db, owner.studioId)).map((c) => c.side)).toEqual(['inviter']);
    for (const c of first) await markReferralCreditApplied(t.deps.db, c.id, new Date());
    expect(await unappliedReferralCredits(t.deps.db, owner.studioId)).toEqual([]);
    const after = await list(owner);
    expect(after.referrals[0]).toMatchObject({ id: sent.id, userInviteeRegistered: true });
    const del = await api(t.app, { method: 'DELETE', url: `/user-referrals/${sent.id}`, token: owner.token });
    expect(del.status).toBe(409);
    expect(del.body.answer).toBe(m.notPending);
  });

  it('credits a colleague who came through the shared link alone (no e-mail invitation), listed completed first', async () => {
    const owner = await createStudioOwner(t.app);
    await apiOk(t.app, {
      method: 'POST',
      url: '/user-referrals',
      token: owner.token,
      body: { userInviteeEmail: uniqueEmail('attesa') },
    });
    const colleague = await signUpThroughLink(owner.userId);
    const granted = await t.deps.db.transaction((tx) => onFirstSubscriptionPayment(tx, colleague.studioId));
    expect(granted).toHaveLength(2);
    const listed = await list(owner);
    expect(listed.referrals.map((r) => [r.userInviteeEmail, r.userInviteeRegistered])).toEqual([
      [colleague.email, true],
      [expect.any(String), false],
    ]);
  });

  it('grants nothing for a studio whose owner came without an invitation, and rolls back with its transaction', async () => {
    const lone = await createStudioOwner(t.app);
    expect(await t.deps.db.transaction((tx) => onFirstSubscriptionPayment(tx, lone.studioId))).toEqual([]);
    const owner = await createStudioOwner(t.app);
    const colleague = await signUpThroughLink(owner.userId);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await onFirstSubscriptionPayment(tx, colleague.studioId);
        throw new Error('il webhook fallisce dopo');
      }),
    ).rejects.toThrow('il webhook fallisce dopo');
    const credits = await rowsOf(t.deps.db, `select 1 from referral_credits where studio_id = '${colleague.studioId}'`);
    expect(credits).toEqual([]);
    expect(await t.deps.db.transaction((tx) => onFirstSubscriptionPayment(tx, colleague.studioId))).toHaveLength(2);
  });

  it("puts each side's 50 € on its provider balance once, the side without a customer at its studio's next verified event", async () => {
    const sim = t.deps.payments.simulator as PaymentsSimulator;
    const applied: [string, number, string][] = [];
    const addCustomerBalance = t.deps.payments.addCustomerBalance;
    t.deps.payments.addCustomerBalance = async (customerId, cents, key) => {
      applied.push([customerId, cents, key]);
      await addCustomerBalance(customerId, cents, key);
    };
    try {
      const owner = await createStudioOwner(t.app);
      const colleague = await signUpThroughLink(owner.userId);
      let seq = 0;
      const send = async (type: string, object: Record<string, unknown>) => {
        const payload = JSON.stringify({
          id: `evt_referral_${Date.now()}_${++seq}`,
          object: 'event',
          created: Math.floor(Date.now() / 1000),
          type,
          data: { object },
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/app/api/stripe-integration/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': await sim.sign(payload) },
          payload,
        });
        expect(res.statusCode).toBe(200);
      };
      const paid = {
        id: `in_${colleague.studioId.slice(0, 8)}`,
        object: 'invoice',
        customer: `cus_col_${colleague.studioId.slice(0, 8)}`,
        billing_reason: 'subscription_create',
        metadata: { studioId: colleague.studioId },
      };
      await send('invoice.paid', paid);
      await send('invoice.paid', paid); // the provider's retry with a new event id

      // the colleague's credit is on its balance; the inviter has no customer yet: recorded, shown, not applied
      const referral = (await list(owner)).referrals[0];
      expect(applied).toEqual([[paid.customer, 5000, `referral:${referral?.id}:invitee`]]);
      expect((await unappliedReferralCredits(t.deps.db, owner.studioId)).map((c) => c.side)).toEqual(['inviter']);
      for (const who of [owner, colleague]) {
        const summary = await apiOk<{ referralCreditCents: number }>(t.app, {
          method: 'GET',
          url: '/stripe-integration/subscription',
          token: who.token,
        });
        expect(summary.referralCreditCents).toBe(5000);
      }

      // the inviter's first verified event with a customer (an SMS pack) applies it, once
      const pack = {
        id: 'cs_pack',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: `pi_${owner.studioId.slice(0, 8)}`,
        customer: `cus_inv_${owner.studioId.slice(0, 8)}`,
        metadata: { studioId: owner.studioId, kind: 'sms', qty: '100' },
      };
      await send('checkout.session.completed', pack);
      await send('checkout.session.async_payment_succeeded', pack);
      expect(applied).toEqual([
        [paid.customer, 5000, `referral:${referral?.id}:invitee`],
        [pack.customer, 5000, `referral:${referral?.id}:inviter`],
      ]);
      expect(await unappliedReferralCredits(t.deps.db, owner.studioId)).toEqual([]);
    } finally {
      t.deps.payments.addCustomerBalance = addCustomerBalance;
    }
  });
});
