import { anagraficaMessages } from '../anagrafica/anagrafica.messages.ts';
import { emailSchema } from '../anagrafica/contacts.ts';
import { textRule } from '../shared/text.ts';
import { z } from '../shared/zod-it.ts';
import { signatureMessages as m } from './signature.messages.ts';

export const signatureStatuses = ['PENDING', 'SIGNED', 'REVOKED', 'EXPIRED', 'LOCKED'] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];
export const signerRoles = ['PAZIENTE', 'GENITORE', 'TUTORE'] as const;
export type SignerRole = (typeof signerRoles)[number];

/** One-time codes (issue 15 part 5): 6 digits, 10 minutes, 5 wrong tries then the request is locked. */
export const otpLength = 6;
export const otpTtlMinutes = 10;
export const otpMaxWrongAttempts = 5;
/** A new code at most once a minute, and at most 5 codes per request. */
export const otpResendSeconds = 60;
export const otpMaxSends = 5;
/** How long a request stays open when the studio sets nothing (days); the studio may choose 1 to 90. */
export const signatureDefaultExpiryDays = 14;
/** Where the studio sets its own period: settings section `general`, this key (1–90 days). */
export const signatureExpirySettingKey = 'firmaScadenzaGiorni';
export const isSignatureExpiryDays = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 90;
export const signatureMaxTemplates = 10;

const phonePattern = /^\+?[0-9()\- ]{6,30}$/;

/**
 * POST /signature (decision 028: JSON with template ids instead of uploaded files; the server generates the PDFs it
 * asks the patient to sign, so it knows where the signature line is and what was sent).
 */
export const signatureCreateSchema = z.object({
  pazienteId: z.uuid(),
  /** The signer's mobile; when left out, the patient's own (and none there: "Il paziente non ha un numero…"). */
  cellulare: z
    .string()
    .max(30, { error: anagraficaMessages.phoneInvalid })
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || phonePattern.test(v), { error: anagraficaMessages.phoneInvalid }),
  email: emailSchema(),
  templateIds: z
    .array(z.uuid(), { error: m.templatesRequired })
    .min(1, { error: m.templatesRequired })
    .max(signatureMaxTemplates, { error: m.tooManyTemplates }),
  /** Days the link stays open (reminder halfway); default the studio's setting, else signatureDefaultExpiryDays. */
  scadenzaGiorni: z.number().int().min(1).max(90).optional(),
});
export type SignatureCreateInput = z.input<typeof signatureCreateSchema>;

export const signerSchema = z.object({
  ruolo: z.enum(signerRoles).default('PAZIENTE'),
  // one line of the shared string rule (decision 033): the name is printed on the signed document
  nome: z.string().trim().max(100).check(textRule()).default(''),
  cognome: z.string().trim().max(100).check(textRule()).default(''),
  codiceFiscale: z
    .string()
    .trim()
    .max(16)
    .nullish()
    .transform((v) => v?.toUpperCase() || null),
});
export type SignerInput = z.input<typeof signerSchema>;

export const signatureDocumentSchema = z.object({ id: z.uuid(), title: z.string(), fileName: z.string() });

export const signatureRequestSchema = z.object({
  id: z.uuid(),
  pazienteId: z.uuid(),
  linkId: z.string(),
  /** The page the QR code and the messages point to: {PUBLIC_URL}/sign?id={linkId}. */
  signUrl: z.string(),
  status: z.enum(signatureStatuses),
  cellulare: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  signedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  signer: z
    .object({ ruolo: z.enum(signerRoles), nome: z.string(), cognome: z.string(), codiceFiscale: z.string().nullable() })
    .nullable(),
  documents: z.array(signatureDocumentSchema),
  /** Where the SMS went: false when the server has no SMS provider and kept it in the local outbox. */
  smsSent: z.boolean(),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

export const signaturePageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
  direction: z.enum(['ASC', 'DESC']).default('ASC'),
});
export const signaturePageSchema = z.object({
  content: z.array(signatureRequestSchema),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SignaturePage = z.infer<typeof signaturePageSchema>;

/** GET /signature/public/{linkId}: what the signing page shows, nothing more (no fiscal code, no full phone). */
export const publicSignatureSchema = z.object({
  linkId: z.string(),
  status: z.enum(signatureStatuses),
  studioName: z.string(),
  pazienteName: z.string(),
  /** Under 18 on the day: a parent or guardian signs. */
  minore: z.boolean(),
  cellulareMasked: z.string(),
  expiresAt: z.string(),
  otpSentAt: z.string().nullable(),
  documents: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type PublicSignature = z.infer<typeof publicSignatureSchema>;

export const linkIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: m.linkInvalid }) });
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: m.otpFormat });

/** Shows 3 digits at the end: "*** *** 4567". */
export const maskPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
};

/** Age in whole years on a day (both YYYY-MM-DD). */
export const ageOn = (birthDate: string, day: string) => {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (mo < bm || (mo === bm && d < bd) ? 1 : 0);
};

/** POST /signature/verify: what the public verification page shows of an uploaded PDF. */
export const signatureVerificationSchema = z.object({
  sha256: z.string(),
  modifiedAfterSigning: z.boolean(),
  signatures: z.array(
    z.object({
      signerName: z.string().nullable(),
      signedAt: z.string().nullable(),
      timestamped: z.boolean(),
      intact: z.boolean(),
      coversWholeDocument: z.boolean(),
      certificateSubject: z.string().nullable(),
      certificateIssuer: z.string().nullable(),
      selfSigned: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type SignatureVerification = z.infer<typeof signatureVerificationSchema>;

/** The studio's own certificate for sealing signed PDFs (PKCS#12 upload, at most this many bytes). */
export const signingCertificateMaxBytes = 100 * 1024;

const certificateInfoSchema = z.object({
  soggetto: z.string(),
  emittente: z.string(),
  validoDal: z.string(),
  validoAl: z.string(),
  scaduto: z.boolean(),
});

/**
 * GET /signature/certificato: the studio's certificate if it uploaded one, and which one seals the PDFs signed now
 * (the studio's while valid, else the one configured for the deployment, else the server's self-signed one).
 */
export const signingCertificateStateSchema = z.object({
  studio: certificateInfoSchema.nullable(),
  inUso: z.enum(['STUDIO', 'CONFIGURATO', 'SERVER']),
});
export type SigningCertificateState = z.infer<typeof signingCertificateStateSchema>;
