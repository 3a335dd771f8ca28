import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { patients } from './patients.ts';
import { studios } from './studios.ts';

/** Who signed: the patient, or for a minor the parent or guardian (issue 15 part 6), as typed on the signing page. */
export type SignerRecord = {
  ruolo: 'PAZIENTE' | 'GENITORE' | 'TUTORE';
  nome: string;
  cognome: string;
  codiceFiscale: string | null;
};

/** One step of a signature request, for the evidence report (decision 028). */
export type SignatureStep = {
  at: string;
  step:
    | 'CREATED'
    | 'LINK_SENT'
    | 'OPENED'
    | 'OTP_SENT'
    | 'OTP_WRONG'
    | 'OTP_VERIFIED'
    | 'SIGNED'
    | 'REVOKED'
    | 'LOCKED'
    | 'EXPIRED'
    | 'REMINDER_SENT'
    | 'COPY_SENT';
  ip?: string | null;
  userAgent?: string | null;
  detail?: string;
};

/**
 * A request to sign one or more generated form PDFs (spec part 1 §3 Signature request). The PDFs are the server's own
 * copies (storage keys), so editing or deleting a template never changes what a patient signed. The one-time code is
 * kept only as an HMAC (never in clear); the link id is 256 random bits.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: id(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    /**
     * A signed request is a legal record that keeps its patient: deleting the patient is refused (patients.service
     * deletes the unsigned ones first). NO ACTION rather than RESTRICT: deleting a whole studio removes the patient and
     * the request in one statement, and NO ACTION checks at the statement's end instead of depending on the order in
     * which the cascades run.
     */
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    /** The public id in /sign?id= (base64url of 32 random bytes). */
    linkId: text('link_id').notNull(),
    /** PENDING, SIGNED, REVOKED, EXPIRED, LOCKED. */
    status: text('status').notNull().default('PENDING'),
    cellulare: text('cellulare').notNull(),
    email: text('email'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    otpHash: text('otp_hash'),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    otpSentAt: timestamp('otp_sent_at', { withTimezone: true }),
    otpSends: integer('otp_sends').notNull().default(0),
    otpFailedAttempts: integer('otp_failed_attempts').notNull().default(0),
    otpVerifiedAt: timestamp('otp_verified_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    signer: jsonb('signer').$type<SignerRecord>(),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    device: text('device'),
    signPageUrl: text('sign_page_url'),
    /** Storage keys of the drawn signature (PNG) and of the identity document the signer attached, if any. */
    signatureImageKey: text('signature_image_key'),
    idDocumentKey: text('id_document_key'),
    steps: jsonb('steps').$type<SignatureStep[]>().notNull().default([]),
    /** Which certificate sealed the signed PDFs, as the dossier states it. */
    sealedWith: text('sealed_with'),
  },
  (t) => [
    uniqueIndex('signature_requests_link_idx').on(t.linkId),
    index('signature_requests_patient_idx').on(t.studioId, t.patientId, t.createdAt),
    index('signature_requests_pending_idx').on(t.status, t.expiresAt),
  ],
);

/** One document of a request: the generated PDF as sent, and once signed the signed PDF, each with its SHA-256. */
export const signatureDocuments = pgTable(
  'signature_documents',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    templateId: uuid('template_id'),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    originalKey: text('original_key').notNull(),
    originalSha256: text('original_sha256').notNull(),
    signedKey: text('signed_key'),
    signedSha256: text('signed_sha256'),
  },
  (t) => [index('signature_documents_request_idx').on(t.requestId, t.position)],
);

/**
 * The server's own signing identity (a self-signed certificate generated once, when no studio certificate is
 * configured): the private key sealed with the secret-keys mechanism (AES-256-GCM, key derived from AUTH_SECRET).
 */
export const signingIdentities = pgTable('signing_identities', {
  name: text('name').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * A studio's own signing certificate (PKCS#12 uploaded in Impostazioni › Firma elettronica): the chain as PEM, the
 * private key sealed like the server's (AES-256-GCM, the studio id bound as associated data).
 */
export const studioSigningCertificates = pgTable('studio_signing_certificates', {
  studioId: uuid('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  certificatePem: text('certificate_pem').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  uploadedByUserId: uuid('uploaded_by_user_id'),
  createdAt: createdAt(),
});

/** Every SMS the product sends or would send (local outbox: status LOCAL_OUTBOX, never sent). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    studioId: uuid('studio_id'),
    to: text('to').notNull(),
    /** The text as sent; through a real provider a one-time code in it is masked (decision 028). */
    text: text('text').notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_messages_studio_idx').on(t.studioId, t.createdAt)],
);
