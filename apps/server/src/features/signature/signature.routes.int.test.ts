import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  signatureMessages as m,
  type PublicSignature,
  type SignaturePage,
  type SignatureRequest,
} from '@studiolo/domain/signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { createTenantResource, validPatientInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import {
  createSignatureRequest,
  createSignedRequest,
  drawnSignaturePng,
  latestOtpFromOutbox,
  multipartForm,
  requestOtp,
  signWith,
} from '../../../test/helpers/signature.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';
import { sendSignatureReminder } from './signature.service.ts';

// a clock the tests move (one-time codes expire after 10 minutes, a new one every minute at most)
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let t: TestApp;
let signature: Buffer;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  signature = await drawnSignaturePng();
});
afterAll(async () => {
  await t.close();
});

const publicGet = (linkId: string) =>
  api<PublicSignature>(t.app, { method: 'GET', url: `/signature/public/${linkId}` });
const download = (owner: TestStudioUser, url: string) =>
  t.app.inject({ method: 'GET', url: `/app/api${url}`, headers: { authorization: `Bearer ${owner.token}` } });
const tmpFile = (bytes: Buffer, name: string) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'firma-')), name);
  writeFileSync(file, bytes);
  return file;
};
const newCode = async (owner: TestStudioUser, linkId: string) => {
  advance(61_000); // past the one-a-minute limit of the previous test's code
  const res = await requestOtp(t.app, linkId);
  expect(res.statusCode).toBe(200);
  return latestOtpFromOutbox(t.app, owner);
};

describe('signature request /signature', () => {
  it('generates the forms, sends the link by SMS (local outbox) and e-mail, and lists it for the patient', async () => {
    const owner = await createStudioOwner(t.app);
    const pazienteId = await createTenantResource(t.app, owner, 'patient');
    const created = await api<SignatureRequest>(t.app, {
      method: 'POST',
      url: '/signature',
      token: owner.token,
      body: {
        pazienteId,
        templateIds: [await createTenantResource(t.app, owner, 'form-template')],
        cellulare: '347 7654321',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.answer).toBe(m.created);
    const request = created.body.response as SignatureRequest;
    expect(request).toMatchObject({
      pazienteId,
      status: 'PENDING',
      cellulare: '347 7654321',
      email: 'giulia.verdi@example.it',
      smsSent: false,
    });
    expect(request.linkId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(request.signUrl).toMatch(new RegExp(`/sign\\?id=${request.linkId}$`));
    expect(request.documents).toHaveLength(1);

    const sms = await apiOk<{ to: string; text: string; status: string }[]>(t.app, {
      method: 'GET',
      url: '/sms/outbox',
      token: owner.token,
    });
    expect(sms[0]).toMatchObject({ to: '347 7654321', status: 'LOCAL_OUTBOX' });
    expect(sms[0]?.text).toContain(request.signUrl);
    const mails = await apiOk<{ to: string; subject: string }[]>(t.app, {
      method: 'GET',
      url: '/outbox',
      token: owner.token,
    });
    expect(mails.some((x) => x.to === 'giulia.verdi@example.it' && x.subject.includes('documenti da firmare'))).toBe(
      true,
    );

    const page = await apiOk<SignaturePage>(t.app, {
      method: 'GET',
      url: `/signature/paziente/${pazienteId}`,
      token: owner.token,
      query: { direction: 'DESC' },
    });
    expect(page).toMatchObject({ totalElements: 1, page: 0, size: 25 });
    expect(page.content[0]?.id).toBe(request.id);
  });

  it('refuses a patient without a phone with a clear Italian message', async () => {
    const owner = await createStudioOwner(t.app);
    const patient = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput({ contatti: { cellulare: null, telefono: null, email: null, pec: null } }),
    });
    const res = await api(t.app, {
      method: 'POST',
      url: '/signature',
      token: owner.token,
      body: { pazienteId: patient.id, templateIds: [await createTenantResource(t.app, owner, 'form-template')] },
    });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe(m.patientWithoutPhone);
    expect(await rowsOf(t.deps.db, `select id from signature_requests where patient_id = '${patient.id}'`)).toEqual([]);
  });

  it("answers 404 for another studio's request, patient and template, and changes nothing", async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, a);
    for (const url of [
      `/signature/${request.id}`,
      `/signature/${request.id}/signedPdf`,
      `/signature/${request.id}/dossier`,
    ])
      expect((await api(t.app, { method: 'GET', url, token: b.token })).status).toBe(404);
    expect((await api(t.app, { method: 'POST', url: `/signature/revoke/${request.id}`, token: b.token })).status).toBe(
      404,
    );
    expect(
      (await api(t.app, { method: 'GET', url: `/signature/paziente/${request.pazienteId}`, token: b.token })).status,
    ).toBe(404);
    const withAsPatient = await api(t.app, {
      method: 'POST',
      url: '/signature',
      token: b.token,
      body: { pazienteId: request.pazienteId, templateIds: [await createTenantResource(t.app, b, 'form-template')] },
    });
    expect(withAsPatient.status).toBe(404);
    expect(
      (await apiOk<SignatureRequest>(t.app, { method: 'GET', url: `/signature/${request.id}`, token: a.token })).status,
    ).toBe('PENDING');
  });
});

describe('public signing page /signature/public', () => {
  it('lets the patient read, get a code, sign; seals the PDF (pdfsig: valid, unmodified), records the evidence, mails a copy', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner);

    const shown = await publicGet(request.linkId);
    expect(shown.status).toBe(200);
    expect(shown.body.response).toMatchObject({
      status: 'PENDING',
      pazienteName: 'Giulia Verdi',
      minore: false,
      cellulareMasked: '*********567',
      otpSentAt: null,
    });
    const doc = request.documents[0] as { id: string };
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/app/api/signature/public/${request.linkId}/documents/${doc.id}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const otp = await requestOtp(t.app, request.linkId);
    expect(otp.statusCode).toBe(200);
    expect(otp.json().answer).toBe(m.otpSent('*********567'));
    const code = await latestOtpFromOutbox(t.app, owner);
    // SECURITY: only an HMAC of the code is kept with the request
    const [stored] = await rowsOf<{ otp_hash: string }>(
      t.deps.db,
      `select otp_hash from signature_requests where id = '${request.id}'`,
    );
    expect(stored?.otp_hash).toBeTruthy();
    expect(stored?.otp_hash).not.toContain(code);

    const signed = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(signed.status).toBe(200);
    expect(signed.body.answer).toBe(m.signed);

    const file = await download(owner, `/signature/${request.id}/signedPdf`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const signedFile = tmpFile(file.rawPayload, 'firmato.pdf');
    const report = execFileSync('/usr/bin/pdfsig', [signedFile], { encoding: 'utf8' });
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');
    execFileSync('/usr/bin/qpdf', ['--check', signedFile]);

    const dossier = await apiOk<{
      documents: { sha256Before: string; sha256After: string }[];
      otp: { sentTo: string; verifiedAt: string | null };
      steps: { label: string; ip: string | null }[];
      userAgent: string;
      email: string;
    }>(t.app, {
      method: 'GET',
      url: `/signature/${request.id}/dossier`,
      token: owner.token,
      query: { format: 'json' },
    });
    expect(dossier.documents[0]?.sha256After).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
    expect(dossier.documents[0]?.sha256Before).toMatch(/^[0-9a-f]{64}$/);
    expect(dossier.documents[0]?.sha256Before).toBe(createHash('sha256').update(pdf.rawPayload).digest('hex'));
    expect(dossier.otp.sentTo).toBe('+39 347 1234567');
    expect(dossier.otp.verifiedAt).toBeTruthy();
    expect(dossier.userAgent).toContain('iPhone');
    expect(dossier.email).toBe('giulia.verdi@example.it');
    expect(dossier.steps.map((s) => s.label)).toEqual(
      expect.arrayContaining([
        'Richiesta creata',
        'Link inviato',
        'Pagina aperta',
        'Codice OTP inviato',
        'Codice OTP verificato',
        'Documenti firmati',
        'Copia inviata al paziente',
      ]),
    );
    const dossierPdf = await download(owner, `/signature/${request.id}/dossier`);
    expect(dossierPdf.statusCode).toBe(200);
    expect(dossierPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mails = await apiOk<{ to: string; subject: string }[]>(t.app, {
      method: 'GET',
      url: '/outbox',
      token: owner.token,
    });
    expect(mails.some((x) => x.subject.includes('copia dei documenti firmati'))).toBe(true);

    // replay after completion: refused, nothing changes
    const replay = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(replay.status).toBe(409);
    expect(replay.body.answer).toBe(m.requestSigned);
    expect((await requestOtp(t.app, request.linkId)).statusCode).toBe(409);
    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where entity_id = '${request.id}' order by occurred_at`,
    );
    expect(audit.map((x) => x.action)).toEqual(
      expect.arrayContaining([
        'signature.create',
        'signature.sign',
        'signature.download-signed',
        'signature.download-dossier',
      ]),
    );
  });

  it('locks the request after 5 wrong codes, even for the right one afterwards', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner);
    const code = await newCode(owner, request.linkId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await signWith(t.app, request.linkId, { otp: wrong }, signature);
      expect(res.status).toBe(400);
      expect(res.body.answer).toBe(m.otpWrong(left));
    }
    const fifth = await signWith(t.app, request.linkId, { otp: wrong }, signature);
    expect(fifth.status).toBe(409);
    expect(fifth.body.answer).toBe(m.requestLocked);
    const right = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(right.status).toBe(409);
    expect(right.body.answer).toBe(m.requestLocked);
    expect((await publicGet(request.linkId)).body.response?.status).toBe('LOCKED');
  });

  it('refuses a code after 10 minutes and accepts a new one', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner);
    const code = await newCode(owner, request.linkId);
    advance(10 * 60_000 + 1000);
    const late = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(late.status).toBe(400);
    expect(late.body.answer).toBe(m.otpExpired);
    const fresh = await newCode(owner, request.linkId);
    advance(9 * 60_000);
    expect((await signWith(t.app, request.linkId, { otp: fresh }, signature)).status).toBe(200);
  });

  it('sends at most one code a minute', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner);
    await newCode(owner, request.linkId);
    const again = await requestOtp(t.app, request.linkId);
    expect(again.statusCode).toBe(429);
    expect(again.json().answer).toBe(m.otpTooSoon);
  });

  it('refuses a revoked request: page state, code and signature', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner);
    const code = await newCode(owner, request.linkId);
    const revoked = await api<SignatureRequest>(t.app, {
      method: 'POST',
      url: `/signature/revoke/${request.id}`,
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.response?.status).toBe('REVOKED');
    expect((await publicGet(request.linkId)).body.response?.status).toBe('REVOKED');
    advance(61_000);
    const otp = await requestOtp(t.app, request.linkId);
    expect(otp.statusCode).toBe(409);
    expect(otp.json().answer).toBe(m.requestRevoked);
    const sign = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(sign.status).toBe(409);
    const again = await api(t.app, { method: 'POST', url: `/signature/revoke/${request.id}`, token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.answer).toBe(m.cannotRevoke);
    expect((await download(owner, `/signature/${request.id}/signedPdf`)).statusCode).toBe(409);
  });

  it('answers an unknown link with "Link di firma non valido."', async () => {
    const res = await publicGet('A'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.body.answer).toBe(m.linkInvalid);
  });

  it('expires a request after the period the studio chose', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner, { scadenzaGiorni: 1 });
    advance(86_400_000 + 1000);
    expect((await publicGet(request.linkId)).body.response?.status).toBe('EXPIRED');
    const otp = await requestOtp(t.app, request.linkId);
    expect(otp.statusCode).toBe(409);
    expect(otp.json().answer).toBe(m.requestExpired);
  });

  it('keeps a link open for the period the studio set in its settings, 14 days without one', async () => {
    const owner = await createStudioOwner(t.app);
    const days = (r: SignatureRequest) => (Date.parse(r.expiresAt) - Date.parse(r.createdAt)) / 86_400_000;
    expect(days(await createSignatureRequest(t.app, owner))).toBeCloseTo(14, 3);
    await apiOk(t.app, {
      method: 'PATCH',
      url: '/settings/general',
      token: owner.token,
      body: { firmaScadenzaGiorni: 3 },
    });
    expect(days(await createSignatureRequest(t.app, owner))).toBeCloseTo(3, 3);
    expect(days(await createSignatureRequest(t.app, owner, { scadenzaGiorni: 30 }))).toBeCloseTo(30, 3);
  });

  it('for a minor, needs a parent or guardian and records who signed and in which capacity', async () => {
    const owner = await createStudioOwner(t.app);
    const minor = await apiOk<{ id: string }>(t.app, {
      method: 'POST',
      url: '/pazienti',
      token: owner.token,
      body: validPatientInput({
        datiGenerali: { ...validPatientInput().datiGenerali, nome: 'Luca', dataNascita: '04-05-2016' },
      }),
    });
    const request = await createSignatureRequest(t.app, owner, { pazienteId: minor.id });
    expect((await publicGet(request.linkId)).body.response?.minore).toBe(true);
    const code = await newCode(owner, request.linkId);
    const asPatient = await signWith(t.app, request.linkId, { otp: code }, signature);
    expect(asPatient.status).toBe(400);
    expect(asPatient.body.answer).toBe(m.guardianRequired);
    const noSignature = await signWith(t.app, request.linkId, {
      otp: code,
      paziente: JSON.stringify({ ruolo: 'GENITORE', nome: 'Anna', cognome: 'Verdi' }),
    });
    expect(noSignature.body.answer).toBe(m.signatureImageRequired);
    const ok = await signWith(
      t.app,
      request.linkId,
      { otp: code, paziente: JSON.stringify({ ruolo: 'GENITORE', nome: 'Anna', cognome: 'Verdi' }) },
      signature,
    );
    expect(ok.status).toBe(200);
    const signed = await apiOk<SignatureRequest>(t.app, {
      method: 'GET',
      url: `/signature/${request.id}`,
      token: owner.token,
    });
    expect(signed.signer).toEqual({ ruolo: 'GENITORE', nome: 'Anna', cognome: 'Verdi', codiceFiscale: null });
  });

  it('verifies an uploaded signed PDF on the public page: intact and who signed; a changed byte is caught', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignedRequest(t.app, owner);
    const signedPdf = (await download(owner, `/signature/${request.id}/signedPdf`)).rawPayload;
    const verify = async (bytes: Buffer) => {
      const form = multipartForm({}, [
        { field: 'file', fileName: 'firmato.pdf', contentType: 'application/pdf', bytes },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/app/api/signature/verify',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const good = await verify(signedPdf);
    expect(good.status).toBe(200);
    expect(good.body.response).toMatchObject({
      modifiedAfterSigning: false,
      signatures: [{ signerName: 'Giulia Verdi', intact: true, selfSigned: true }],
    });
    const tampered = Buffer.from(signedPdf);
    const at = Math.max(200, tampered.indexOf('Consenso'));
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const bad = await verify(tampered);
    expect(bad.status).toBe(200);
    expect(bad.body.response.signatures[0].intact).toBe(false);
    const notPdf = await verify(Buffer.from('ciao'));
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.answer).toBe(m.verifyNotPdf);
  });

  it('reminds a patient who has not signed once, by SMS and e-mail; expires instead when the time is up', async () => {
    const owner = await createStudioOwner(t.app);
    const request = await createSignatureRequest(t.app, owner, { scadenzaGiorni: 4 });
    const reminders = async () =>
      (await apiOk<{ text: string }[]>(t.app, { method: 'GET', url: '/sms/outbox', token: owner.token })).filter((x) =>
        x.text.startsWith('Promemoria'),
      );
    advance(2 * 86_400_000);
    await sendSignatureReminder(t.deps, request.id);
    await sendSignatureReminder(t.deps, request.id);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.text).toContain(request.signUrl);

    const late = await createSignatureRequest(t.app, owner, { scadenzaGiorni: 1 });
    advance(86_400_000 + 1000);
    await sendSignatureReminder(t.deps, late.id);
    expect(
      (await apiOk<SignatureRequest>(t.app, { method: 'GET', url: `/signature/${late.id}`, token: owner.token }))
        .status,
    ).toBe('EXPIRED');
    expect(await reminders()).toHaveLength(1);
  });
});

describe('logs', () => {
  it('never print a signature link id or a one-time code, even at trace level', async () => {
    const captured: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        captured.push(String(chunk));
        cb();
      },
    });
    const logged = await buildTestApp({}, { logger: { level: 'trace', stream: sink } });
    try {
      const owner = await createStudioOwner(logged.app);
      const request = await createSignatureRequest(logged.app, owner);
      await requestOtp(logged.app, request.linkId);
      const code = await latestOtpFromOutbox(logged.app, owner);
      await signWith(logged.app, request.linkId, { otp: code === '000000' ? '111111' : '000000' }, signature);
      const log = captured.join('');
      expect(log).toContain('/signature/public/[redatto]');
      expect(log).not.toContain(request.linkId);
      // as a number of its own (a timestamp may hold the same six digits by chance)
      expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    } finally {
      await logged.close();
    }
  });
});

describe('timestamp authority', () => {
  it('answers 503 when the configured authority does not answer, signs nothing and keeps the code usable', async () => {
    // port 9 (discard) on the loopback: nothing listens, the connection is refused at once
    const withTsa = await buildTestApp({ SIGNING_TSA_URL: 'http://127.0.0.1:9/tsa' });
    try {
      const owner = await createStudioOwner(withTsa.app);
      const request = await createSignatureRequest(withTsa.app, owner);
      await requestOtp(withTsa.app, request.linkId);
      const code = await latestOtpFromOutbox(withTsa.app, owner);
      const res = await signWith(withTsa.app, request.linkId, { otp: code }, signature);
      expect(res.status).toBe(503);
      expect(res.body.answer).toBe(m.timestampUnavailable);
      const [row] = await rowsOf<{ status: string; otp_failed_attempts: number }>(
        withTsa.deps.db,
        `select status, otp_failed_attempts from signature_requests where id = '${request.id}'`,
      );
      expect(row).toEqual({ status: 'PENDING', otp_failed_attempts: 0 });
    } finally {
      await withTsa.close();
    }
  });
});
