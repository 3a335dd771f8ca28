export {
  HandwrittenSignatureError,
  type HandwrittenSignatureInput,
  placeHandwrittenSignature,
  type SignatureBox,
} from './handwritten-signature.ts';
export { sha256Hex } from './sha256.ts';
export { SignPdfError, type SignPdfInput, signPdf } from './sign-pdf.ts';
export {
  createSigningIdentity,
  loadSigningIdentity,
  type NewSigningIdentityInput,
  type SigningIdentity,
  SigningIdentityError,
  type SigningIdentitySource,
} from './signing-identity.ts';
export {
  type SignedPdfVerification,
  UnreadablePdfError,
  type VerifiedSignature,
  verifySignedPdf,
} from './verify-signed-pdf.ts';
