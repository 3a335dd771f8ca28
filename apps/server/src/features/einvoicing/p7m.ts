import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Opens a signed FatturaPA file (.xml.p7m, CAdES-BES): the enveloped XML and who signed it, after checking that the
 * signature matches the content (pkijs 4). Read as the SDI delivers them: DER, BER with indefinite lengths, or the
 * same bytes wrapped in base64. The signer's certificate chain is not checked against the qualified trust list (not
 * available offline): the name is shown as the certificate states it.
 */
pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto }));

export class P7mError extends Error {
  override readonly name = 'P7mError';
  readonly kind: 'unreadable' | 'signature';
  constructor(kind: 'unreadable' | 'signature', message: string) {
    super(message);
    this.kind = kind;
  }
}

const signedDataOid = '1.2.840.113549.1.7.2';
const commonNameOid = '2.5.4.3';
const base64Text = /^[A-Za-z0-9+/=\s]+$/;

/** The DER/BER bytes: as they are, or decoded from base64 (with or without PEM armour). */
const binaryOf = (bytes: Uint8Array): Uint8Array => {
  if (bytes[0] === 0x30) return bytes;
  const text = new TextDecoder('latin1').decode(bytes).replace(/-----(BEGIN|END)[^-]*-----/g, '');
  if (!base64Text.test(text)) return bytes;
  return new Uint8Array(Buffer.from(text.replace(/\s+/g, ''), 'base64'));
};

export const openP7m = async (input: Uint8Array): Promise<{ xml: Uint8Array; firmatario: string | null }> => {
  const bytes = binaryOf(input);
  const asn1 = asn1js.fromBER(bytes);
  if (asn1.offset === -1) throw new P7mError('unreadable', 'asn1');
  let signed: pkijs.SignedData;
  try {
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== signedDataOid) throw new Error('not signed data');
    signed = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new P7mError('unreadable', 'cms');
  }
  const content = signed.encapContentInfo.eContent;
  if (!content) throw new P7mError('unreadable', 'detached');
  const xml = new Uint8Array(content.getValue());
  let firmatario: string | null = null;
  try {
    const result = await signed.verify({ signer: 0, checkChain: false, extendedMode: true });
    if (!result.signatureVerified) throw new Error('not verified');
    const cn = result.signerCertificate?.subject.typesAndValues.find((t) => t.type === commonNameOid);
    firmatario = cn ? String(cn.value.valueBlock.value) : null;
  } catch {
    throw new P7mError('signature', 'signature');
  }
  return { xml, firmatario };
};
