import { type PublicPlan, planHighlights, type StripePrice } from '@studiolo/domain/billing';
import type { LegalPublicInfo, LegalStatus } from '@studiolo/domain/legal';
import { currentLegalVersion, currentLegalVersions, legalDocumentIds, legalMessages } from '@studiolo/domain/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { testPassword, uniqueEmail } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, lastMailedToken, signUp } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUpWith = async (legal: unknown) => {
  const email = uniqueEmail('legale');
  await apiOk(t.app, {
    method: 'POST',
    url: '/user/signup',
    body: { email, password: testPassword, nome: 'Marta', cognome: 'Verdi', legal },
  });
  const session = await apiOk<{ token: string }>(t.app, {
    method: 'POST',
    url: '/user/verify-email',
    body: { token: await lastMailedToken(t.deps, email, 'verificaEmail') },
  });
  return session.token;
};

const statusOf = (token: string) => apiOk<LegalStatus>(t.app, { method: 'GET', url: '/legal/acceptances', token });

describe('legal documents (issue 30 item 4, decision 043)', () => {
  it('answers the versions in force and the sub-processors of this install, to anyone', async () => {
    const info = await apiOk<LegalPublicInfo>(t.app, { method: 'GET', url: '/legal/documents' });
    expect(info.documents.map((d) => d.id)).toEqual([...legalDocumentIds]);
    expect(info.documents.find((d) => d.id === 'dpa')?.version).toBe(currentLegalVersion('dpa').version);
    // the test install configures no provider: every adapter is its local simulator, listed as such
    const names = info.subProcessors.map((s) => `${s.kind}: ${s.name}`);
    expect(names).toEqual([
      'simulatore: Posta locale',
      'simulatore: SMS locali',
      'simulatore: Simulatore SDI',
      'simulatore: Pagamenti simulati',
      'simulatore: Simulatore Sistema TS',
    ]);
    // nor does it say who runs it: the documents then speak of "who runs this install"
    expect(info.operator).toBeNull();
  });

  it('names who runs the install as its environment says', async () => {
    const other = await buildTestApp({
      OPERATOR_NAME: 'Servizi Sanitari Digitali S.r.l.',
      OPERATOR_ADDRESS: 'Via Roma 1, 00184 Roma (RM)',
      OPERATOR_VAT_NUMBER: '01234567897',
    });
    try {
      const info = await apiOk<LegalPublicInfo>(other.app, { method: 'GET', url: '/legal/documents' });
      expect(info.operator).toEqual({
        name: 'Servizi Sanitari Digitali S.r.l.',
        address: 'Via Roma 1, 00184 Roma (RM)',
        vatNumber: '01234567897',
        pec: null,
      });
    } finally {
      await other.close();
    }
  });

  it('lists a configured provider instead of its simulator', async () => {
    const other = await buildTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+390000000000',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'studiolo',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const info = await apiOk<LegalPublicInfo>(other.app, { method: 'GET', url: '/legal/documents' });
      const names = info.subProcessors.map((s) => s.name);
      expect(names).toContain('Twilio Ireland Ltd');
      expect(names).toContain('Amazon Web Services (S3)');
      expect(names).toContain('Stripe Payments Europe Ltd');
      expect(names).not.toContain('SMS locali');
      expect(names).not.toContain('Pagamenti simulati');
    } finally {
      await other.close();
    }
  });

  it('answers the plans with the prices /billing shows, to anyone', async () => {
    const owner = await createStudioOwner(t.app);
    const publicPlans = await apiOk<PublicPlan[]>(t.app, { method: 'GET', url: '/plans' });
    const billingPlans = await apiOk<StripePrice[]>(t.app, {
      method: 'GET',
      url: '/stripe-products',
      token: owner.token,
    });
    expect(publicPlans.length).toBeGreaterThan(0);
    expect(publicPlans.map((p) => [p.priceId, p.unitAmount, p.interval])).toEqual(
      billingPlans.map((p) => [p.id, p.unitAmount, p.interval]),
    );
    expect(publicPlans.map((p) => p.plan)).toEqual(['BASIC', 'PRO', 'UNLIMITED']);
    expect(publicPlans[0]?.highlights).toEqual(planHighlights.BASIC);
  });

  it('records the versions accepted at sign-up, with the date of the sign-up, once the account is made', async () => {
    const token = await signUpWith(currentLegalVersions());
    const status = await statusOf(token);
    expect(status.pending).toEqual([]);
    expect(status.accepted.map((a) => `${a.document} ${a.version}`).sort()).toEqual(
      legalDocumentIds.map((id) => `${id} ${currentLegalVersion(id).version}`).sort(),
    );
    expect(Date.now() - new Date(status.accepted[0]?.acceptedAt ?? 0).getTime()).toBeLessThan(60_000);
  });

  it('records them at once for a member who signs up from a staff invitation', async () => {
    const owner = await createStudioOwner(t.app);
    const member = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    const status = await statusOf(member.token);
    expect(status.pending).toEqual([]);
    expect(status.accepted).toHaveLength(legalDocumentIds.length);
  });

  it('asks again for a document whose version changed since it was accepted, and records the new acceptance', async () => {
    const token = await signUpWith({ ...currentLegalVersions(), privacy: '1.0', termini: '1.0' });
    expect((await statusOf(token)).pending).toEqual(['termini', 'privacy']);

    const after = await apiOk<LegalStatus>(t.app, {
      method: 'POST',
      url: '/legal/acceptances',
      token,
      body: {
        documents: [
          { id: 'termini', version: currentLegalVersion('termini').version },
          { id: 'privacy', version: currentLegalVersion('privacy').version },
        ],
      },
    });
    expect(after.pending).toEqual([]);
    // the earlier acceptance stays: the record says what was accepted and when
    expect(after.accepted.filter((a) => a.document === 'privacy').map((a) => a.version)).toEqual([
      '1.0',
      currentLegalVersion('privacy').version,
    ]);
    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where action = 'user.legal.accept'`,
    );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('asks a user who never accepted (an account older than the documents) for every document', async () => {
    const token = await signUpWith(undefined);
    expect((await statusOf(token)).pending).toEqual([...legalDocumentIds]);
  });

  it('refuses a version that is not the one in force, or that never existed, writing nothing', async () => {
    const user = await signUp(t.app);
    const old = await api(t.app, {
      method: 'POST',
      url: '/legal/acceptances',
      token: user.token,
      body: { documents: [{ id: 'privacy', version: '1.0' }] },
    });
    expect(old.status).toBe(400);
    expect(old.body.answer).toBe(legalMessages.notCurrentVersion);

    const unknown = await api(t.app, {
      method: 'POST',
      url: '/user/signup',
      body: {
        email: uniqueEmail(),
        password: testPassword,
        nome: 'Ada',
        cognome: 'Neri',
        legal: { ...currentLegalVersions(), dpa: '9.9' },
      },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(legalMessages.unknownVersion);

    const rows = await rowsOf<{ n: number }>(
      t.deps.db,
      `select count(*)::int as n from legal_acceptances where user_id = '${user.userId}'`,
    );
    expect(rows[0]?.n).toBe(legalDocumentIds.length);
  });

  it('needs a session to read or record acceptances', async () => {
    expect((await api(t.app, { method: 'GET', url: '/legal/acceptances' })).status).toBe(401);
  });
});
