import type { PDF } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { libpdf } from './libpdf.ts';
import { commonNameOf, distinguishedName, pkijsEngine } from './signing-identity.ts';

export type VerifiedSignature = {
  /** The signature dictionary's /Name, else the certificate's CN. */
  signerName: string | null;
  /** The timestamp authority's time when the signature has one (B-T), else the signer's own claim. */
  signedAt: Date | null;
  /** True when signedAt comes from a timestamp token whose imprint matches the signature. */
  timestamped: boolean;
  /** The signed bytes hash to the CMS message digest and the CMS signature verifies with its certificate. */
  intact: boolean;
  /** The signature's ByteRange ends at the end of the file: nothing was appended after it. */
  coversWholeDocument: boolean;
  certificateSubject: string | null;
  certificateIssuer: string | null;
  /** Issued by its own subject: anyone can make one, so it proves integrity but not identity. */
  selfSigned: boolean;
  subFilter: string | null;
  reason: string | null;
  location: string | null;
  /** Why it is not intact, for logs; null when intact. */
  problem: string | null;
};

export type SignedPdfVerification = {
  signatures: VerifiedSignature[];
  /** Bytes follow the last signature (an edit after signing), or a signature is not intact. */
  modifiedAfterSigning: boolean;
};

export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

const digestNames: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const sameBytes = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) =>
  Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)),
  );

const parseSignedData = (der: Uint8Array): pkijs.SignedData => {
  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) throw new Error('the signature is not DER');
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== OID.signedData) throw new Error('the signature is not CMS SignedData');
  return new pkijs.SignedData({ schema: info.content });
};

const unsignedAttribute = (signerInfo: pkijs.SignerInfo, type: string) =>
  signerInfo.unsignedAttrs?.attributes.find((attribute) => attribute.type === type);

/** The signer's claimed signing time (a signed attribute, so tampering shows as not intact). */
const signingTimeOf = (signerInfo: pkijs.SignerInfo): Date | null => {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
  const value = attribute?.values[0] as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  return value && 'toDate' in value ? value.toDate() : null;
};

/**
 * The timestamp token's time, when the token's imprint is the digest of this signature value and the token's own
 * signature verifies (the TSA's certificate is not checked against a trust list).
 */
const timestampOf = async (signerInfo: pkijs.SignerInfo): Promise<Date | null> => {
  const attribute = unsignedAttribute(signerInfo, OID.timeStampToken);
  if (!attribute?.values[0]) return null;
  try {
    const token = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: attribute.values[0] }).content });
    const content = token.encapContentInfo.eContent;
    if (token.encapContentInfo.eContentType !== OID.tstInfo || !content) return null;
    const tstInfo = pkijs.TSTInfo.fromBER(content.getValue());
    const algorithm = digestNames[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (!algorithm) return null;
    const imprint = await crypto.subtle.digest(
      algorithm,
      signerInfo.signature.valueBlock.valueHexView as Uint8Array<ArrayBuffer>,
    );
    if (!sameBytes(imprint, tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)) return null;
    // pkijs checks the token's imprint against data too
    const verified = await token.verify(
      {
        signer: 0,
        data: toArrayBuffer(signerInfo.signature.valueBlock.valueHexView),
        checkChain: false,
        extendedMode: true,
      },
      pkijsEngine,
    );
    return verified.signatureVerified ? tstInfo.genTime : null;
  } catch {
    return null;
  }
};

const isSelfSigned = async (certificate: pkijs.Certificate) => {
  if (!sameBytes(certificate.issuer.toSchema().toBER(false), certificate.subject.toSchema().toBER(false))) return false;
  try {
    return await certificate.verify(certificate, pkijsEngine);
  } catch {
    return false;
  }
};

const signerCertificateOf = (signedData: pkijs.SignedData): pkijs.Certificate | null => {
  const sid = signedData.signerInfos[0]?.sid;
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
  return certificates[0] ?? null;
};

type RawSignature = {
  byteRange: number[];
  contents: Uint8Array | null;
  name: string | null;
  reason: string | null;
  location: string | null;
  subFilter: string | null;
  claimedTime: string | null;
};

const verifyOne = async (file: Uint8Array, raw: RawSignature): Promise<VerifiedSignature> => {
  const result: VerifiedSignature = {
    signerName: raw.name,
    signedAt: null,
    timestamped: false,
    intact: false,
    coversWholeDocument: false,
    certificateSubject: null,
    certificateIssuer: null,
    selfSigned: false,
    subFilter: raw.subFilter,
    reason: raw.reason,
    location: raw.location,
    problem: null,
  };
  const [start, firstLength, holeEnd, secondLength] = raw.byteRange;
  if (
    raw.byteRange.length !== 4 ||
    start !== 0 ||
    firstLength === undefined ||
    holeEnd === undefined ||
    secondLength === undefined ||
    firstLength <= 0 ||
    holeEnd <= firstLength ||
    secondLength < 0 ||
    holeEnd + secondLength > file.length
  ) {
    result.problem = 'ByteRange does not describe this file';
    return result;
  }
  result.coversWholeDocument = holeEnd + secondLength === file.length;

  // The hole between the two ranges must be exactly the /Contents hex string, or the ranges could leave out
  // something other than the signature.
  const hole = Buffer.from(file.subarray(firstLength, holeEnd)).toString('latin1');
  if (!/^<[0-9a-fA-F]*>$/.test(hole)) {
    result.problem = 'the unsigned gap is not the signature value';
    return result;
  }
  const cms = new Uint8Array(Buffer.from(hole.slice(1, -1), 'hex'));
  if (raw.contents && !sameBytes(raw.contents, cms)) {
    result.problem = 'the signature dictionary does not point at the signed gap';
    return result;
  }

  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(cms);
  } catch (error) {
    result.problem = (error as Error).message;
    return result;
  }
  const signerInfo = signedData.signerInfos[0];
  const certificate = signerCertificateOf(signedData);
  if (certificate) {
    result.certificateSubject = distinguishedName(certificate.subject);
    result.certificateIssuer = distinguishedName(certificate.issuer);
    result.selfSigned = await isSelfSigned(certificate);
    result.signerName ??= commonNameOf(certificate.subject);
  }
  if (!signerInfo) {
    result.problem = 'the CMS has no signer';
    return result;
  }
  const timestamp = await timestampOf(signerInfo);
  result.timestamped = timestamp !== null;
  result.signedAt = timestamp ?? signingTimeOf(signerInfo) ?? pdfDate(raw.claimedTime);

  const signed = new Uint8Array(firstLength + secondLength);
  signed.set(file.subarray(0, firstLength), 0);
  signed.set(file.subarray(holeEnd, holeEnd + secondLength), firstLength);
  try {
    const verification = await signedData.verify(
      {
        signer: 0,
        data: toArrayBuffer(signed),
        checkChain: false,
        extendedMode: true,
      },
      pkijsEngine,
    );
    result.intact = verification.signatureVerified === true;
    if (!result.intact) result.problem = verification.message || 'the signature does not verify';
  } catch (error) {
    result.problem = (error as Error).message || 'the signature does not verify';
  }
  return result;
};

/** D:YYYYMMDDHHmmSS+HH'mm' → Date. */
const pdfDate = (value: string | null): Date | null => {
  const match = value?.match(/^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([+\-Z])(\d{2})?'?(\d{2})?'?)?/);
  if (!match) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = match;
  const offset = sign === '+' || sign === '-' ? `${sign}${oh}:${om}` : 'Z';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
};

const signaturesIn = async (file: Uint8Array): Promise<RawSignature[]> => {
  const { PDF, PdfNumber } = await libpdf();
  let pdf: PDF;
  try {
    pdf = await PDF.load(file);
  } catch (error) {
    throw new UnreadablePdfError(`Not a readable PDF: ${(error as Error).message}`, { cause: error });
  }
  const signatures: RawSignature[] = [];
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    if (!field.isSigned()) continue;
    const dict = field.getSignatureDict();
    if (!dict) continue;
    const text = (key: string) => dict.getString(key)?.asString() ?? null;
    signatures.push({
      byteRange: [...(dict.getArray('ByteRange') ?? [])].map((item) => (item instanceof PdfNumber ? item.value : -1)),
      contents: dict.getString('Contents')?.bytes ?? null,
      name: text('Name'),
      reason: text('Reason'),
      location: text('Location'),
      subFilter: dict.getName('SubFilter')?.value ?? null,
      claimedTime: text('M'),
    });
  }
  return signatures;
};

/**
 * Every signature of a PDF checked against the bytes it covers (for the public verification page). Integrity
 * only: certificates are not checked against a trust list, `selfSigned` says when no authority vouches for them.
 * Throws UnreadablePdfError when the bytes are not a PDF.
 */
export const verifySignedPdf = async (pdfBytes: Uint8Array): Promise<SignedPdfVerification> => {
  const raw = await signaturesIn(pdfBytes);
  const signatures: VerifiedSignature[] = [];
  for (const signature of raw) signatures.push(await verifyOne(pdfBytes, signature));
  signatures.sort((a, b) => (a.signedAt?.getTime() ?? 0) - (b.signedAt?.getTime() ?? 0));
  const lastEnd = Math.max(-1, ...raw.map((r) => (r.byteRange[2] ?? 0) + (r.byteRange[3] ?? 0)));
  return {
    signatures,
    modifiedAfterSigning: signatures.length > 0 && (lastEnd !== pdfBytes.length || signatures.some((s) => !s.intact)),
  };
};
