import type { DigestAlgorithm, P12Signer, Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { libpdf } from './libpdf.ts';

/**
 * pkijs keeps its crypto engine in one process-wide slot that @libpdf/core (bundling pkijs 3) overwrites with its own
 * engine, which pkijs 4 cannot use ("Failed to normalize algorithm"). So every pkijs call here gets this engine
 * explicitly, the signer below never lets @libpdf/core install its engine, and loading a PKCS#12 puts the previous
 * engine back.
 */
export const pkijsEngine = new pkijs.CryptoEngine({ name: 'studiolo-documents', crypto: globalThis.crypto });

/**
 * A certificate and its private key, as text so the server can encrypt it at rest and reuse it.
 * The private key is unencrypted PKCS#8 PEM: whoever stores it must encrypt it.
 */
export type SigningIdentity = {
  /** PEM: the signing certificate first, then any chain certificates (intermediates, then root). */
  certificatePem: string;
  /** PEM, PKCS#8 ("-----BEGIN PRIVATE KEY-----"), RSA or ECDSA P-256/P-384. */
  privateKeyPem: string;
};

/** The studio's own certificate as configured: a PKCS#12 file with its password, or PEM text. */
export type SigningIdentitySource = { pkcs12: Uint8Array; password: string } | SigningIdentity;

export type NewSigningIdentityInput = {
  /** The certificate subject's CN, e.g. the studio's name. */
  commonName: string;
  organization?: string;
  /** Default 10 years. */
  validityYears?: number;
};

export class SigningIdentityError extends Error {
  override name = 'SigningIdentityError';
}

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  // RFC 9336 id-kp-documentSigning, and emailProtection, which older readers expect on signing certificates
  documentSigning: '1.3.6.1.5.5.7.3.36',
  emailProtection: '1.3.6.1.5.5.7.3.4',
} as const;

const rsaKeyAlgorithm = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;

const pemBlock = (label: string, der: ArrayBuffer | Uint8Array) => {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
};

/** Every block of the given label in PEM text, as DER. */
export const pemBlocks = (pem: string, label: string): Uint8Array<ArrayBuffer>[] =>
  [...pem.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g'))].map(
    (match) => new Uint8Array(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64')),
  );

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** C, O, CN, each its own RDN (pkijs puts a new name's attributes in one multi-valued RDN, "C=IT+CN=…"). */
const name = (commonName: string, organization?: string) => {
  const attributes = [
    new pkijs.AttributeTypeAndValue({ type: OID.country, value: new asn1js.PrintableString({ value: 'IT' }) }),
    ...(organization
      ? [
          new pkijs.AttributeTypeAndValue({
            type: OID.organization,
            value: new asn1js.Utf8String({ value: organization }),
          }),
        ]
      : []),
    new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: commonName }) }),
  ];
  // decoded from DER: pkijs re-encodes only a decoded name as it was
  return pkijs.RelativeDistinguishedNames.fromBER(
    new asn1js.Sequence({ value: attributes.map((a) => new asn1js.Set({ value: [a.toSchema()] })) }).toBER(false),
  );
};

/**
 * A new self-signed X.509 certificate (RSA 2048, SHA-256) for the studio or the server when none is configured.
 * RSA rather than ECDSA: every PDF reader verifies it, including old ones.
 */
export const createSigningIdentity = async (input: NewSigningIdentityInput): Promise<SigningIdentity> => {
  const commonName = input.commonName.trim();
  if (!commonName) throw new SigningIdentityError('The certificate needs a common name');
  const keys = await crypto.subtle.generateKey(rsaKeyAlgorithm, true, ['sign', 'verify']);

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({
    valueHex: toArrayBuffer(Uint8Array.from([0x01, ...crypto.getRandomValues(new Uint8Array(15))])),
  });
  certificate.subject = name(commonName, input.organization?.trim() || undefined);
  certificate.issuer = name(commonName, input.organization?.trim() || undefined);
  const notBefore = new Date(Date.now() - 5 * 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + (input.validityYears ?? 10));
  certificate.notBefore.value = notBefore;
  certificate.notAfter.value = notAfter;
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, pkijsEngine);

  const keyId = await crypto.subtle.digest(
    'SHA-1',
    certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView as Uint8Array<ArrayBuffer>,
  );
  // digitalSignature + nonRepudiation (contentCommitment): the bits of a document-signing certificate
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0b1100_0000]).buffer, unusedBits: 6 });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
    new pkijs.Extension({
      extnID: OID.extKeyUsage,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.documentSigning, OID.emailProtection] })
        .toSchema()
        .toBER(false),
    }),
    new pkijs.Extension({
      extnID: OID.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(false),
    }),
  ];
  await certificate.sign(keys.privateKey, 'SHA-256', pkijsEngine);

  return {
    certificatePem: pemBlock('CERTIFICATE', certificate.toSchema().toBER(false)),
    privateKeyPem: pemBlock('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
};

/**
 * The identity given by configuration (the studio's own certificate), checked: the key must be RSA or EC, and
 * it must match the certificate.
 */
export const loadSigningIdentity = async (source: SigningIdentitySource): Promise<SigningIdentity> => {
  if ('pkcs12' in source) {
    let signer: P12Signer;
    const previousEngine = globalPkijsEngine();
    try {
      signer = await (await libpdf()).P12Signer.create(source.pkcs12, source.password);
    } catch (error) {
      throw new SigningIdentityError(`Unreadable PKCS#12 file: ${(error as Error).message}`);
    } finally {
      if (previousEngine?.crypto) pkijs.setEngine(previousEngine.name, previousEngine.crypto);
    }
    // P12Signer imports the key as extractable; its field is private only to TypeScript.
    const { privateKey } = signer as unknown as { privateKey: CryptoKey };
    const identity: SigningIdentity = {
      certificatePem: [signer.certificate, ...signer.certificateChain]
        .map((der) => pemBlock('CERTIFICATE', der))
        .join(''),
      privateKeyPem: pemBlock('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', privateKey)),
    };
    await signingKeyOf(identity);
    return identity;
  }
  await signingKeyOf(source);
  return { certificatePem: source.certificatePem, privateKeyPem: source.privateKeyPem };
};

const globalPkijsEngine = () => {
  try {
    return pkijs.getEngine();
  } catch {
    return null;
  }
};

export type SigningKey = {
  privateKey: CryptoKey;
  keyType: 'RSA' | 'EC';
  certificate: Uint8Array;
  chain: Uint8Array[];
};

const signingKeyCache = new WeakMap<SigningIdentity, Promise<SigningKey>>();

/** The identity's key imported into WebCrypto (cached per identity object: importing costs a few milliseconds). */
export const signingKeyOf = (identity: SigningIdentity): Promise<SigningKey> => {
  let key = signingKeyCache.get(identity);
  if (!key) {
    key = importSigningKey(identity);
    signingKeyCache.set(identity, key);
    key.catch(() => signingKeyCache.delete(identity));
  }
  return key;
};

const importSigningKey = async (identity: SigningIdentity): Promise<SigningKey> => {
  const [certificate, ...chain] = pemBlocks(identity.certificatePem, 'CERTIFICATE');
  const [pkcs8] = pemBlocks(identity.privateKeyPem, 'PRIVATE KEY');
  if (!certificate) throw new SigningIdentityError('No certificate in the PEM text');
  if (!pkcs8) throw new SigningIdentityError('No PKCS#8 private key ("BEGIN PRIVATE KEY") in the PEM text');
  const parsed = parseCertificate(certificate);
  const keyAlgorithm = parsed.subjectPublicKeyInfo.algorithm.algorithmId;
  let privateKey: CryptoKey;
  let publicKey: CryptoKey;
  let keyType: SigningKey['keyType'];
  if (keyAlgorithm === '1.2.840.113549.1.1.1') {
    keyType = 'RSA';
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, algorithm, false, ['sign']);
    publicKey = await crypto.subtle.importKey('spki', spkiOf(parsed), algorithm, false, ['verify']);
  } else if (keyAlgorithm === '1.2.840.10045.2.1') {
    keyType = 'EC';
    const curve = parsed.subjectPublicKeyInfo.algorithm.algorithmParams?.valueBlock?.toString?.() ?? '';
    const namedCurve = curve.includes('1.3.132.0.34') ? 'P-384' : 'P-256';
    privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve }, false, ['sign']);
    publicKey = await crypto.subtle.importKey('spki', spkiOf(parsed), { name: 'ECDSA', namedCurve }, false, ['verify']);
  } else {
    throw new SigningIdentityError(`Unsupported key algorithm ${keyAlgorithm}: use RSA or ECDSA`);
  }
  const probe = new TextEncoder().encode('studiolo key check');
  const params = keyType === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
  const matches = await crypto.subtle.verify(
    params,
    publicKey,
    await crypto.subtle.sign(params, privateKey, probe),
    probe,
  );
  if (!matches) throw new SigningIdentityError('The private key does not belong to the certificate');
  return { privateKey, keyType, certificate, chain };
};

const webCryptoHash: Record<DigestAlgorithm, string> = {
  'SHA-256': 'SHA-256',
  'SHA-384': 'SHA-384',
  'SHA-512': 'SHA-512',
};

/** ECDSA in WebCrypto gives r||s; CMS wants DER SEQUENCE { INTEGER r, INTEGER s }. */
const ecdsaToDer = (p1363: Uint8Array): Uint8Array => {
  const half = p1363.length / 2;
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const body = (trimmed[0] as number) & 0x80 ? Uint8Array.from([0, ...trimmed]) : trimmed;
    return Uint8Array.from([0x02, body.length, ...body]);
  };
  const r = integer(p1363.subarray(0, half));
  const s = integer(p1363.subarray(half));
  const length = r.length + s.length;
  return Uint8Array.from([0x30, ...(length < 0x80 ? [length] : [0x81, length]), ...r, ...s]);
};

/**
 * A @libpdf/core Signer over a WebCrypto key. Not the library's CryptoKeySigner: that one installs its pkijs engine
 * process-wide on every signature (see pkijsEngine).
 */
export const signerOf = (key: SigningKey): Signer => ({
  certificate: key.certificate,
  certificateChain: key.chain,
  keyType: key.keyType,
  signatureAlgorithm: key.keyType === 'RSA' ? 'RSASSA-PKCS1-v1_5' : 'ECDSA',
  sign: async (data: Uint8Array, algorithm: DigestAlgorithm) => {
    const hash = webCryptoHash[algorithm];
    // the RSA key is imported for SHA-256, the digest signPdf always asks for
    if (key.keyType === 'RSA' && algorithm !== 'SHA-256') throw new SigningIdentityError(`${algorithm} with RSA`);
    if (key.keyType === 'RSA')
      return new Uint8Array(
        await crypto.subtle.sign({ name: 'RSASSA-PKCS1-v1_5' }, key.privateKey, data as Uint8Array<ArrayBuffer>),
      );
    const p1363 = await crypto.subtle.sign({ name: 'ECDSA', hash }, key.privateKey, data as Uint8Array<ArrayBuffer>);
    return ecdsaToDer(new Uint8Array(p1363));
  },
});

const spkiOf = (certificate: pkijs.Certificate) =>
  new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER(false));

/** A DER certificate parsed by pkijs. */
export const parseCertificate = (der: Uint8Array): pkijs.Certificate => {
  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) throw new SigningIdentityError('Unreadable certificate');
  return new pkijs.Certificate({ schema: asn1.result });
};

/** "CN=…, O=…, C=…" from a pkijs name (most specific first, as readers show it). */
export const distinguishedName = (rdn: pkijs.RelativeDistinguishedNames): string => {
  const labels: Record<string, string> = {
    [OID.commonName]: 'CN',
    [OID.organization]: 'O',
    [OID.country]: 'C',
    '2.5.4.11': 'OU',
    '2.5.4.7': 'L',
    '2.5.4.8': 'ST',
    '2.5.4.5': 'serialNumber',
    '2.5.4.42': 'GN',
    '2.5.4.4': 'SN',
    '1.2.840.113549.1.9.1': 'E',
  };
  return rdn.typesAndValues
    .map((tv) => `${labels[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .reverse()
    .join(', ');
};

/** The CN of a pkijs name, or null. */
export const commonNameOf = (rdn: pkijs.RelativeDistinguishedNames): string | null => {
  const cn = rdn.typesAndValues.find((tv) => tv.type === OID.commonName);
  return cn ? String(cn.value.valueBlock.value) : null;
};
