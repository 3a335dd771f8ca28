import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormTemplatePdf, type FormTemplatePdfInput, formTemplateSignatureBox } from '../form-template.pdf.ts';
import { caIssuedPkcs12 } from '../testing/certificates.ts';
import { placeHandwrittenSignature } from './handwritten-signature.ts';
import { sha256Hex } from './sha256.ts';
import { signPdf } from './sign-pdf.ts';
import { createSigningIdentity, loadSigningIdentity, type SigningIdentity } from './signing-identity.ts';
import { drawnSignaturePng } from './testing/drawn-signature.ts';
import { verifySignedPdf } from './verify-signed-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'studiolo-signature-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const writeTemp = (bytes: Uint8Array, ext = 'pdf') => {
  const file = join(dir, `${++fileNo}.${ext}`);
  writeFileSync(file, bytes);
  return file;
};

/** pdfsig exits non-zero for an invalid signature: keep its output either way. */
const pdfsig = (bytes: Uint8Array) => {
  try {
    return execFileSync('/usr/bin/pdfsig', [writeTemp(bytes)], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
};
const qpdfCheck = (bytes: Uint8Array) =>
  execFileSync('/usr/bin/qpdf', ['--check', writeTemp(bytes)], { encoding: 'utf8', stdio: 'pipe' });

const consent: FormTemplatePdfInput = {
  title: 'Consenso informato',
  html: '<h2>Consenso al trattamento</h2><p>Io sottoscritto/a <strong>Mario Rossi</strong>, nato a Forlì, acconsento al trattamento fisioterapico.</p>',
  date: '25-11-2026',
};

let identity: SigningIdentity;
let formPdf: Uint8Array;
let signedPdf: Uint8Array;
const signedAt = new Date('2026-11-25T10:30:00Z');

beforeAll(async () => {
  identity = await createSigningIdentity({ commonName: 'Studio Fisioterapia Bianchi', organization: 'Bianchi S.r.l.' });
  formPdf = await buildFormTemplatePdf(consent);
  const withSignature = await placeHandwrittenSignature(formPdf, { image: drawnSignaturePng() });
  signedPdf = await signPdf(withSignature, {
    identity,
    reason: 'Firma del modulo "Consenso informato" (OTP via SMS)',
    signerName: 'Niccolò Rossi',
    location: 'Forlì',
    signingTime: signedAt,
  });
});

describe('signPdf', () => {
  it('gives a signature poppler reports valid over the total document, and a file qpdf --check accepts', () => {
    const report = pdfsig(signedPdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Studio Fisioterapia Bianchi');
    expect(report).toContain('Signer full Distinguished Name: CN=Studio Fisioterapia Bianchi,O=Bianchi S.r.l.,C=IT');
    expect(qpdfCheck(signedPdf)).toContain('No syntax or stream encoding errors found');
  });

  it('appends the signature as an incremental update: the unsigned file is a prefix of the signed one', async () => {
    const withSignature = await placeHandwrittenSignature(formPdf, { image: drawnSignaturePng() });
    const signed = await signPdf(withSignature, { identity, reason: 'Firma', signerName: 'Mario Rossi' });
    expect(signed.length).toBeGreaterThan(withSignature.length);
    expect(Buffer.from(signed.subarray(0, withSignature.length)).equals(Buffer.from(withSignature))).toBe(true);
  });

  it('writes a CAdES signature with signingCertificateV2 and no legacy signingCertificate', () => {
    const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(Buffer.from(signedPdf).toString('latin1'))?.[1] ?? '';
    const cms = Buffer.from(contents, 'hex');
    // OID 1.2.840.113549.1.9.16.2.47 (id-aa-signingCertificateV2) and .2.12 (v1), DER-encoded
    const v2 = Buffer.from('060b2a864886f70d010910022f', 'hex');
    const v1 = Buffer.from('060b2a864886f70d010910020c', 'hex');
    expect(cms.includes(v2)).toBe(true);
    expect(cms.includes(v1)).toBe(false);
  });

  it("leaves pkijs's process-wide engine alone (the server's p7m check relies on it)", async () => {
    pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));
    await signPdf(formPdf, { identity, reason: 'Firma', signerName: 'Mario Rossi' });
    expect(pkijs.getEngine().name).toBe('node');
  });

  it('lets a second signature follow the first, both valid', async () => {
    const twice = await signPdf(signedPdf, {
      identity,
      reason: 'Controfirma dello studio',
      signerName: 'Dott.ssa Bianchi',
    });
    const report = pdfsig(twice);
    expect(report.match(/Signature is Valid\./g)?.length).toBe(2);
    const verification = await verifySignedPdf(twice);
    expect(verification.signatures.map((s) => [s.signerName, s.intact, s.coversWholeDocument])).toEqual([
      ['Niccolò Rossi', true, false],
      ['Dott.ssa Bianchi', true, true],
    ]);
    expect(verification.modifiedAfterSigning).toBe(false);
  });
});

describe('verifySignedPdf', () => {
  it('reports the signature intact, who signed, when, and the self-signed certificate', async () => {
    const verification = await verifySignedPdf(signedPdf);
    expect(verification.modifiedAfterSigning).toBe(false);
    expect(verification.signatures).toHaveLength(1);
    expect(verification.signatures[0]).toMatchObject({
      signerName: 'Niccolò Rossi',
      signedAt,
      timestamped: false,
      intact: true,
      coversWholeDocument: true,
      certificateSubject: 'CN=Studio Fisioterapia Bianchi, O=Bianchi S.r.l., C=IT',
      selfSigned: true,
      subFilter: 'ETSI.CAdES.detached',
      reason: 'Firma del modulo "Consenso informato" (OTP via SMS)',
      location: 'Forlì',
      problem: null,
    });
  });

  it('says not intact after one byte inside the signed range changes, as poppler does', async () => {
    const text = Buffer.from(signedPdf).toString('latin1');
    // a byte of the page content, well inside the first signed range
    const at = text.indexOf('stream', text.indexOf('/Length')) + 20;
    const tampered = Uint8Array.from(signedPdf);
    tampered[at] = (tampered[at] as number) ^ 0x01;
    const verification = await verifySignedPdf(tampered);
    expect(verification.signatures).toHaveLength(1);
    expect(verification.signatures[0]?.intact).toBe(false);
    expect(verification.modifiedAfterSigning).toBe(true);
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');
  });

  it('says modified after signing when bytes are appended after the signature', async () => {
    const appended = Buffer.concat([signedPdf, Buffer.from('\n% added later\n')]);
    const verification = await verifySignedPdf(appended);
    expect(verification.signatures[0]).toMatchObject({ intact: true, coversWholeDocument: false });
    expect(verification.modifiedAfterSigning).toBe(true);
  });

  it('finds no signatures in an unsigned PDF', async () => {
    expect(await verifySignedPdf(formPdf)).toEqual({ signatures: [], modifiedAfterSigning: false });
  });

  it('rejects bytes that are not a PDF', async () => {
    await expect(verifySignedPdf(new TextEncoder().encode('just text, no PDF'))).rejects.toThrow(/Not a readable PDF/);
  });
});

describe('signing identity', () => {
  it('round-trips through its PEM form and signs with the reloaded key', async () => {
    const copy = JSON.parse(JSON.stringify(identity)) as SigningIdentity;
    const reloaded = await loadSigningIdentity(copy);
    expect(reloaded).toEqual(identity);
    const signed = await signPdf(formPdf, { identity: reloaded, reason: 'Firma', signerName: 'Mario Rossi' });
    expect(pdfsig(signed)).toContain('Signature is Valid.');
  });

  it('loads a PKCS#12 file made by openssl (a certificate issued by a CA, with its chain), with its password', async () => {
    const { pkcs12: p12 } = caIssuedPkcs12();

    const loaded = await loadSigningIdentity({ pkcs12: p12, password: 'segreto' });
    expect(loaded.certificatePem.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    const signed = await signPdf(formPdf, { identity: loaded, reason: 'Firma', signerName: 'Mario Rossi' });
    expect(pdfsig(signed)).toContain('Signature is Valid.');
    expect((await verifySignedPdf(signed)).signatures[0]).toMatchObject({
      intact: true,
      certificateSubject: 'CN=Studio Verdi, O=Verdi SRL, C=IT',
      certificateIssuer: 'CN=Test CA, C=IT',
      selfSigned: false,
    });
    await expect(loadSigningIdentity({ pkcs12: p12, password: 'sbagliata' })).rejects.toThrow(/PKCS#12/);
  });

  it('signs with an ECDSA P-256 identity given as PEM (the DER form of the signature that CMS wants)', async () => {
    const openssl = (...args: string[]) => execFileSync('/usr/bin/openssl', args, { stdio: 'pipe', cwd: dir });
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ec.key',
      '-out',
      'ec.crt',
      '-days',
      '30',
      '-subj',
      '/C=IT/CN=Studio Ecdsa',
    );
    const ecIdentity = await loadSigningIdentity({
      certificatePem: readFileSync(join(dir, 'ec.crt'), 'utf8'),
      privateKeyPem: readFileSync(join(dir, 'ec.key'), 'utf8'),
    });
    // several signatures: an r or s with its high bit set needs a leading zero in DER, which a single run may miss
    for (let i = 0; i < 4; i++) {
      const signed = await signPdf(formPdf, { identity: ecIdentity, reason: 'Firma', signerName: 'Mario Rossi' });
      expect(pdfsig(signed)).toContain('Signature is Valid.');
      expect((await verifySignedPdf(signed)).signatures[0]).toMatchObject({ intact: true, signerName: 'Mario Rossi' });
    }
  });

  it('refuses a private key that does not belong to the certificate', async () => {
    const other = await createSigningIdentity({ commonName: 'Altro studio' });
    await expect(
      loadSigningIdentity({ certificatePem: identity.certificatePem, privateKeyPem: other.privateKeyPem }),
    ).rejects.toThrow(/does not belong/);
  });
});

/** Dark-blue pixels in a box (PDF points from the bottom-left) of a page rendered at 72 dpi by pdftoppm. */
const inkPixels = (pdf: Uint8Array, box: { x: number; y: number; width: number; height: number }, page?: number) => {
  const file = writeTemp(pdf);
  const pageHeight = 842; // A4 rounded as pdftoppm rounds it at 72 dpi
  const at = page ?? Number(/Pages:\s+(\d+)/.exec(execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const ppm = execFileSync('/usr/bin/pdftoppm', [
    ...['-r', '72', '-f', String(at), '-l', String(at)],
    ...['-x', String(Math.round(box.x)), '-y', String(Math.round(pageHeight - box.y - box.height))],
    ...['-W', String(Math.round(box.width)), '-H', String(Math.round(box.height)), file],
  ]);
  // binary PPM: "P6\n<w> <h>\n255\n" then RGB
  const header = /^P6\s+\d+\s+\d+\s+255\s/.exec(ppm.toString('latin1'))?.[0].length ?? 0;
  let count = 0;
  for (let i = header; i + 2 < ppm.length; i += 3)
    if ((ppm[i + 2] as number) > 80 && (ppm[i] as number) < 110 && (ppm[i + 2] as number) - (ppm[i] as number) > 40)
      count++;
  return count;
};

describe('placeHandwrittenSignature', () => {
  it('draws the PNG with its transparency on the signature line of the last page', async () => {
    const placed = await placeHandwrittenSignature(formPdf, { image: drawnSignaturePng() });
    expect(qpdfCheck(placed)).toContain('No syntax or stream encoding errors found');
    // an incremental update: the generated form's bytes (and so its hash) stay a prefix of the signed file
    expect(Buffer.from(placed.subarray(0, formPdf.length)).equals(Buffer.from(formPdf))).toBe(true);
    const list = execFileSync('/usr/bin/pdfimages', ['-list', writeTemp(placed)], { encoding: 'utf8' });
    expect(list).toMatch(/\n\s+1\s+0 image\s+600\s+200/);
    expect(list).toMatch(/smask\s+600\s+200/);
    // ink pixels (the scribble's dark blue) inside the box above the line, none in the band above the box
    const box = formTemplateSignatureBox;
    expect(inkPixels(placed, { x: box.x, y: box.y, width: box.width, height: box.height })).toBeGreaterThan(80);
    expect(inkPixels(placed, { x: box.x, y: box.y + box.height + 2, width: box.width, height: 60 })).toBe(0);
    expect(inkPixels(formPdf, { x: box.x, y: box.y, width: box.width, height: box.height })).toBe(0);
  });

  it('places it on the page and in the box asked for', async () => {
    const long = await buildFormTemplatePdf({
      ...consent,
      html: Array.from({ length: 140 }, (_, i) => `<p>Paragrafo ${i + 1}.</p>`).join(''),
    });
    const box = { x: 60, y: 600, width: 150, height: 50 };
    const placed = await placeHandwrittenSignature(long, { image: drawnSignaturePng(), page: 0, box });
    expect(inkPixels(placed, box, 1)).toBeGreaterThan(60);
    expect(inkPixels(placed, box, 2)).toBe(0);
  });

  it('refuses an image that is not a PNG', async () => {
    await expect(
      placeHandwrittenSignature(formPdf, { image: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]) }),
    ).rejects.toThrow(/PNG/);
  });
});

describe('sha256Hex', () => {
  it('hashes bytes to lowercase hex', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
