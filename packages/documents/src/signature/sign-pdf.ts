import type { PDF, PdfObject } from '@libpdf/core';
import { libpdf } from './libpdf.ts';
import { type SigningIdentity, signerOf, signingKeyOf } from './signing-identity.ts';

export type SignPdfInput = {
  identity: SigningIdentity;
  /** /Reason, e.g. "Firma del modulo Consenso informato". */
  reason: string;
  /** /Name: who signed (the patient), shown by readers next to the certificate's subject. */
  signerName: string;
  location?: string;
  contactInfo?: string;
  /** An RFC 3161 timestamp authority: the signature becomes PAdES B-T instead of B-B. */
  timestampUrl?: string;
  /** How long to wait for the timestamp authority; default 10 s (the patient is waiting). */
  timestampTimeoutMs?: number;
  /** Default now: the signer's clock, a claim only (the timestamp is the proven time). */
  signingTime?: Date;
};

export class SignPdfError extends Error {
  override name = 'SignPdfError';
}

/**
 * The PDF with a PAdES signature (B-B, or B-T with a timestamp authority): SubFilter ETSI.CAdES.detached, the CMS
 * carrying signingCertificateV2, appended as an incremental update so the original bytes stay untouched.
 */
export const signPdf = async (pdfBytes: Uint8Array, input: SignPdfInput): Promise<Uint8Array> => {
  const key = await signingKeyOf(input.identity);
  const signer = signerOf(key);
  const lib = await libpdf();
  const pdf = await lib.PDF.load(pdfBytes);
  describeNextSignatureDictionary(lib, pdf, {
    Name: input.signerName,
    Reason: input.reason,
    Location: input.location,
    ContactInfo: input.contactInfo,
  });
  try {
    const { bytes } = await pdf.sign({
      signer,
      digestAlgorithm: 'SHA-256',
      signingTime: input.signingTime,
      subFilter: 'ETSI.CAdES.detached',
      level: input.timestampUrl ? 'B-T' : 'B-B',
      timestampAuthority: input.timestampUrl
        ? new lib.HttpTimestampAuthority(input.timestampUrl, { timeout: input.timestampTimeoutMs ?? 10_000 })
        : undefined,
      // certificates plus a timestamp token with its own chain stay well under this
      estimatedSize: input.timestampUrl ? 16384 : 8192 + key.chain.length * 2048,
    });
    return bytes;
  } catch (error) {
    throw new SignPdfError(`The PDF could not be signed: ${(error as Error).message}`, { cause: error });
  }
};

/**
 * The signature dictionary's texts, set when sign() registers the dictionary: @libpdf/core 0.4 has no option for
 * /Name, and it escapes /Reason, /Location and /ContactInfo twice (a parenthesis reads "\\(" in every reader). The
 * tests read these entries back from the signed file, so a library change that bypasses this fails there.
 */
const describeNextSignatureDictionary = (
  { PdfDict, PdfString }: Awaited<ReturnType<typeof libpdf>>,
  pdf: PDF,
  entries: Record<string, string | undefined>,
) => {
  const registry = pdf.context.registry;
  const register = registry.register.bind(registry);
  registry.register = (object: PdfObject) => {
    if (object instanceof PdfDict && object.getName('Type')?.value === 'Sig') {
      for (const [key, value] of Object.entries(entries)) if (value) object.set(key, PdfString.fromString(value));
      registry.register = register;
    }
    return register(object);
  };
};
