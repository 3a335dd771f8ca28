import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifySignedPdf } from '@studiolo/documents';
import { signatureMessages as m, type SigningCertificateState } from '@studiolo/domain/signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { apiOk } from '../../../test/helpers/http.ts';
import { createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import {
  createSignedRequest,
  drawnSignaturePng,
  multipartForm,
  studioPkcs12,
} from '../../../test/helpers/signature.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

// the real time unless a test moves it: the certificate made for these tests is valid 30 days from when it is made
let clock: Date | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock ?? new Date() });
});
afterAll(async () => {
  await t.close();
});

const upload = async (
  owner: TestStudioUser,
  fields: Record<string, string>,
  file?: Buffer,
  fileName = 'studio.p12',
) => {
  const form = multipartForm(
    fields,
    file ? [{ field: 'file', fileName, contentType: 'application/x-pkcs12', bytes: file }] : [],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/api/signature/certificato',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
};
const stateOf = (owner: TestStudioUser) =>
  apiOk<SigningCertificateState>(t.app, { method: 'GET', url: '/signature/certificato', token: owner.token });
const signedPdfOf = async (owner: TestStudioUser) => {
  const request = await createSignedRequest(t.app, owner);
  const res = await t.app.inject({
    method: 'GET',
    url: `/app/api/signature/${request.id}/signedPdf`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const dossier = await apiOk<{ certificate: string }>(t.app, {
    method: 'GET',
    url: `/signature/${request.id}/dossier`,
    token: owner.token,
    query: { format: 'json' },
  });
  return { pdf: res.rawPayload, dossier };
};

describe("the studio's signing certificate", () => {
  it('seals the signed PDFs with the certificate the studio uploads; a wrong password or file changes nothing', async () => {
    const owner = await createStudioOwner(t.app);
    expect(await stateOf(owner)).toEqual({ studio: null, inUso: 'SERVER' });

    const missing = await upload(owner, { password: 'segreto' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.file).toBe(m.certificateFileRequired);
    const wrongPassword = await upload(owner, { password: 'sbagliata' }, studioPkcs12());
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fields?.file).toBe(m.certificateUnreadable);
    const notACertificate = await upload(owner, { password: 'segreto' }, await drawnSignaturePng(), 'firma.png');
    expect(notACertificate.status).toBe(400);
    expect(notACertificate.body.fields?.file).toBe(m.certificateUnreadable);
    const tooLarge = await upload(owner, { password: 'segreto' }, Buffer.alloc(200 * 1024, 1));
    expect(tooLarge.status).toBe(413);
    expect(await stateOf(owner)).toEqual({ studio: null, inUso: 'SERVER' });

    const saved = await upload(owner, { password: 'segreto' }, studioPkcs12());
    expect(saved.status).toBe(200);
    expect(saved.body.answer).toBe(m.certificateSaved);
    expect(saved.body.response).toMatchObject({
      inUso: 'STUDIO',
      studio: { soggetto: 'C=IT, O=Studio Verdi, CN=Studio Verdi', emittente: 'C=IT, CN=Test CA', scaduto: false },
    });

    // the patient signs: the PDF carries the studio's certificate (pdfsig: valid), and the dossier says so
    const { pdf, dossier } = await signedPdfOf(owner);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'firma-')), 'firmato.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' })).toContain('Signature is Valid.');
    expect((await verifySignedPdf(pdf)).signatures[0]).toMatchObject({
      intact: true,
      certificateIssuer: 'CN=Test CA, C=IT',
      selfSigned: false,
    });
    expect(dossier.certificate).toBe(m.sealedWithStudio('C=IT, O=Studio Verdi, CN=Studio Verdi'));

    // another studio keeps the server's seal
    const other = await createStudioOwner(t.app);
    const theirs = await signedPdfOf(other);
    expect((await verifySignedPdf(theirs.pdf)).signatures[0]?.selfSigned).toBe(true);
    expect(theirs.dossier.certificate).toBe(m.sealedWithServer);
    expect(await stateOf(other)).toEqual({ studio: null, inUso: 'SERVER' });

    // SECURITY: the private key is kept sealed, never in clear
    const [row] = await rowsOf<{ sealed_private_key: string }>(
      t.deps.db,
      `select sealed_private_key from studio_signing_certificates where studio_id = '${owner.studioId}'`,
    );
    expect(row?.sealed_private_key).not.toContain('PRIVATE KEY');

    const removed = await apiOk<SigningCertificateState>(t.app, {
      method: 'DELETE',
      url: '/signature/certificato',
      token: owner.token,
    });
    expect(removed).toEqual({ studio: null, inUso: 'SERVER' });
    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where studio_id = '${owner.studioId}' and action like 'settings.signing%' order by occurred_at`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'settings.signing-certificate.upload',
      'settings.signing-certificate.remove',
    ]);
  });

  it('once the certificate has expired, seals with the server’s again and refuses to take it anew', async () => {
    const owner = await createStudioOwner(t.app);
    expect((await upload(owner, { password: 'segreto' }, studioPkcs12())).status).toBe(200);
    clock = new Date(Date.now() + 45 * 86_400_000);
    try {
      const state = await stateOf(owner);
      expect(state.inUso).toBe('SERVER');
      expect(state.studio?.scaduto).toBe(true);
      const { pdf, dossier } = await signedPdfOf(owner);
      expect((await verifySignedPdf(pdf)).signatures[0]?.selfSigned).toBe(true);
      expect(dossier.certificate).toBe(m.sealedWithServer);
      const again = await upload(owner, { password: 'segreto' }, studioPkcs12());
      expect(again.status).toBe(400);
      expect(again.body.fields?.file).toBe(m.certificateExpired(state.studio?.validoAl ?? ''));
    } finally {
      clock = null;
    }
  });
});
