import { constants, privateDecrypt, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPrecompilataXml } from './build.ts';
import {
  certificateInfo,
  certificateProblem,
  encryptWithCertificate,
  parseCertificate,
  sistemaTsCipher,
} from './crypto.ts';
import {
  cfProprietario,
  decryptWithOpenssl,
  documentoDiProva,
  fixturesDir,
  makeTestCertificate,
  type TestCertificate,
  xsdErrors,
} from './testing.ts';

let test: TestCertificate;
beforeAll(() => {
  test = makeTestCertificate();
});
const realExpired = readFileSync(path.join(fixturesDir, 'SanitelCF-2018.cer'), 'utf8');

describe('encryption of fiscal codes and pincode (RSA PKCS#1 v1.5, base64)', () => {
  it('round trip: what is encrypted with the certificate opens with its private key', () => {
    const encrypted = encryptWithCertificate(test.certificatePem, 'RSSMRC80A01A944K');
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(decryptWithOpenssl(test.privateKeyPem, encrypted)).toBe('RSSMRC80A01A944K');
  });

  it('Node’s own privateDecrypt agrees with openssl', () => {
    const encrypted = encryptWithCertificate(test.certificatePem, 'RSSMRC80A01A944K');
    const clear = privateDecrypt(
      { key: test.privateKeyPem, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(encrypted, 'base64'),
    );
    expect(clear.toString('utf8')).toBe('RSSMRC80A01A944K');
  });

  it('the pincode the same way', () => {
    expect(decryptWithOpenssl(test.privateKeyPem, encryptWithCertificate(test.certificatePem, '1234567890'))).toBe(
      '1234567890',
    );
  });

  it('takes the certificate as PEM, as DER bytes and as DER in base64 (the .cer file)', () => {
    const der = new X509Certificate(test.certificatePem).raw;
    for (const certificate of [test.certificatePem, der, der.toString('base64'), `\n${der.toString('base64')}\n`])
      expect(decryptWithOpenssl(test.privateKeyPem, encryptWithCertificate(certificate, 'FRRGLI85M41A944G'))).toBe(
        'FRRGLI85M41A944G',
      );
  });

  it('pads at random: the same code encrypts differently each time', () => {
    expect(encryptWithCertificate(test.certificatePem, 'RSSMRC80A01A944K')).not.toBe(
      encryptWithCertificate(test.certificatePem, 'RSSMRC80A01A944K'),
    );
  });

  it('a 1024-bit key gives 172 characters, within the schema’s 256', () => {
    expect(encryptWithCertificate(test.certificatePem, 'RSSMRC80A01A944K')).toHaveLength(172);
    expect(encryptWithCertificate(realExpired, 'RSSMRC80A01A944K')).toHaveLength(172);
  });

  it('the cipher reads the key once and encrypts like encryptWithCertificate', () => {
    const cipher = sistemaTsCipher(test.certificatePem);
    expect(decryptWithOpenssl(test.privateKeyPem, cipher('RSSMRC80A01A944K'))).toBe('RSSMRC80A01A944K');
  });

  it('a whole file: owner and citizens encrypted, valid, each code back with the private key', () => {
    const file = {
      proprietario: { cfProprietario },
      documentiSpesa: [documentoDiProva(1), documentoDiProva(2, { cfCittadino: null, flagOpposizione: '1' as const })],
    };
    const xml = buildPrecompilataXml(file, sistemaTsCipher(test.certificatePem));
    expect(xsdErrors(xml)).toBeNull();
    const codes = [...xml.matchAll(/<(cfProprietario|cfCittadino)>([^<]+)</g)].map(
      (m) => [m[1], decryptWithOpenssl(test.privateKeyPem, m[2] as string)] as const,
    );
    expect(codes).toEqual([
      ['cfProprietario', cfProprietario],
      ['cfCittadino', 'RSSMRC80A01A944K'],
    ]);
    expect(xml).not.toContain('RSSMRC80A01A944K');
  });

  it('refuses what is not a certificate, in Italian', () => {
    expect(() => parseCertificate('non è un certificato!')).toThrow(/Il certificato non è leggibile/);
    expect(() => encryptWithCertificate('QUJD', 'RSSMRC80A01A944K')).toThrow();
  });
});

describe('certificate details, to warn before it expires', () => {
  it('a valid certificate: subject, validity, days left, key size', () => {
    const now = new Date();
    const info = certificateInfo(test.certificatePem, now);
    expect(info).toMatchObject({
      soggetto: 'SanitelCF test',
      scaduto: false,
      nonAncoraValido: false,
      bitChiave: 1024,
    });
    expect(info.soggettoCompleto).toContain('O=Studiolo test');
    expect(info.validoDal).toBe(now.toISOString().slice(0, 10));
    expect(info.giorniAllaScadenza).toBeGreaterThanOrEqual(29);
    expect(info.giorniAllaScadenza).toBeLessThanOrEqual(30);
    expect(info.impronta).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(certificateProblem(info)).toBeNull();
  });

  it('the real SanitelCF of 2018 is read and found expired, with what to do', () => {
    const info = certificateInfo(realExpired, new Date('2026-11-25T10:00:00Z'));
    expect(info).toMatchObject({
      soggetto: 'SanitelCF',
      validoDal: '2018-03-15',
      validoAl: '2021-03-15',
      scaduto: true,
      bitChiave: 1024,
    });
    expect(info.emittente).toContain('CN=CA Agenzia delle Entrate');
    expect(certificateProblem(info)).toBe(
      'Il certificato di cifratura del Sistema TS è scaduto il 15-03-2021: scarica quello nuovo (SanitelCF.cer) dal portale del Sistema TS e caricalo in Impostazioni › Sistema TS.',
    );
  });

  it('the same certificate was valid in 2020 and not yet valid in 2017', () => {
    expect(certificateInfo(realExpired, new Date('2020-06-01T00:00:00Z'))).toMatchObject({
      scaduto: false,
      nonAncoraValido: false,
    });
    const early = certificateInfo(realExpired, new Date('2017-06-01T00:00:00Z'));
    expect(early.nonAncoraValido).toBe(true);
    expect(certificateProblem(early)).toContain('sarà valido solo dal 15-03-2018');
  });

  it('a 2048-bit certificate is not the Sistema TS’s: its codes would not fit the schema', () => {
    const big = makeTestCertificate({ bits: 2048 });
    expect(encryptWithCertificate(big.certificatePem, 'RSSMRC80A01A944K').length).toBeGreaterThan(256);
    expect(certificateProblem(certificateInfo(big.certificatePem))).toContain('chiave RSA di 2048 bit');
  });
});
