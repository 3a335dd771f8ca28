import { constants, type KeyObject, publicEncrypt, X509Certificate } from 'node:crypto';

/**
 * The Sistema TS wants the citizen's and the owner's fiscal codes in the file, and the pincode in the web-service
 * request, encrypted with RSA PKCS#1 v1.5 under the public key of its certificate (SanitelCF.cer, X.509), in base64
 * (spec v2.5 §4.5 and §5.1; kit "IndicazioniTecniche": "cifrato con OPEN SSL utilizzando il certificato"). The
 * certificate rotates (2015, 2018, 2021, 2024 …), so it is a setting, and an expired one must be caught before sending.
 */

/** A certificate as the settings hold it: PEM text, DER bytes, or the DER in base64 (the .cer file's content). */
export type CertificateInput = string | Uint8Array;

const pemHeader = /-----BEGIN CERTIFICATE-----/;

/** @returns the X.509 certificate; throws a readable error when the input is neither PEM nor DER. */
export const parseCertificate = (certificate: CertificateInput): X509Certificate => {
  if (typeof certificate !== 'string') return new X509Certificate(certificate);
  const text = certificate.trim();
  if (pemHeader.test(text)) return new X509Certificate(text);
  const base64 = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    throw new TypeError('Il certificato non è leggibile: serve il file .cer del Sistema TS (PEM o DER).');
  return new X509Certificate(Buffer.from(base64, 'base64'));
};

/** What the app shows of a certificate, and whether it can still be used. */
export type CertificateInfo = {
  /** The subject's common name (SanitelCF for the real one). */
  soggetto: string;
  /** The subject as one line (C=IT, O=Agenzia delle Entrate, …). */
  soggettoCompleto: string;
  emittente: string;
  /** yyyy-MM-dd (UTC). */
  validoDal: string;
  validoAl: string;
  scaduto: boolean;
  nonAncoraValido: boolean;
  /** Whole days from now to the expiry (negative once expired). */
  giorniAllaScadenza: number;
  /** SHA-256 fingerprint, to tell two certificates apart. */
  impronta: string;
  /** The RSA key's size in bits (1024 for SanitelCF). */
  bitChiave: number | null;
};

const oneLine = (dn: string) =>
  dn
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
const commonName = (dn: string) => /(?:^|\n)CN=([^\n]*)/.exec(dn)?.[1]?.trim() ?? oneLine(dn);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayMs = 86_400_000;

/** @returns the certificate's subject, validity and key size; `now` decides expired and not yet valid. */
export const certificateInfo = (certificate: CertificateInput, now: Date = new Date()): CertificateInfo => {
  const x = parseCertificate(certificate);
  const from = x.validFromDate;
  const to = x.validToDate;
  const details = x.publicKey.asymmetricKeyDetails;
  return {
    soggetto: commonName(x.subject),
    soggettoCompleto: oneLine(x.subject),
    emittente: oneLine(x.issuer),
    validoDal: isoDay(from),
    validoAl: isoDay(to),
    scaduto: now.getTime() > to.getTime(),
    nonAncoraValido: now.getTime() < from.getTime(),
    giorniAllaScadenza: Math.floor((to.getTime() - now.getTime()) / dayMs),
    impronta: x.fingerprint256,
    bitChiave: details?.modulusLength ?? null,
  };
};

/** The schema's cfType: at most 256 characters. */
const maxEncryptedLength = 256;
/** Base64 length of one RSA block of a key of this size. */
const encryptedLength = (bits: number) => 4 * Math.ceil(Math.ceil(bits / 8) / 3);

/** An Italian sentence on a certificate that cannot be used, or null when it can (to warn before sending). */
export const certificateProblem = (info: CertificateInfo): string | null => {
  const day = (iso: string) => iso.split('-').reverse().join('-');
  if (info.scaduto)
    return `Il certificato di cifratura del Sistema TS è scaduto il ${day(info.validoAl)}: scarica quello nuovo (SanitelCF.cer) dal portale del Sistema TS e caricalo in Impostazioni › Sistema TS.`;
  if (info.nonAncoraValido)
    return `Il certificato di cifratura del Sistema TS sarà valido solo dal ${day(info.validoDal)}: fino ad allora usa quello attuale.`;
  // cfType is at most 256 characters: base64 of an RSA block up to 1536 bits (SanitelCF is 1024)
  if (info.bitChiave !== null && encryptedLength(info.bitChiave) > maxEncryptedLength)
    return `Questo certificato (chiave RSA di ${info.bitChiave} bit) non è quello di cifratura del Sistema TS: i codici cifrati supererebbero i 256 caratteri ammessi. Carica il file SanitelCF.cer del Sistema TS.`;
  return null;
};

const encryptWith = (key: KeyObject, plaintext: string): string =>
  publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plaintext, 'utf8')).toString('base64');

/**
 * @returns plaintext (a fiscal code, the pincode) encrypted with RSA PKCS#1 v1.5 under the certificate's public key,
 * in base64, as the Sistema TS wants it. Each call pads at random: two encryptions of the same code differ.
 */
export const encryptWithCertificate = (certificate: CertificateInput, plaintext: string): string =>
  encryptWith(parseCertificate(certificate).publicKey, plaintext);

/** An encryption function with the certificate's key read once (a file encrypts thousands of codes). */
export type Cipher = (plaintext: string) => string;

/** @returns a Cipher for the certificate: `sistemaTsCipher(cert)(cf)` equals `encryptWithCertificate(cert, cf)`. */
export const sistemaTsCipher = (certificate: CertificateInput): Cipher => {
  const key = parseCertificate(certificate).publicKey;
  return (plaintext) => encryptWith(key, plaintext);
};
