import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { can, sanitizeFileName, studioTimeZone } from '@studiolo/domain/shared';
import {
  ageOn,
  isSignatureExpiryDays,
  signatureMessages as m,
  maskPhone,
  otpMaxSends,
  otpMaxWrongAttempts,
  otpResendSeconds,
  otpTtlMinutes,
  type PublicSignature,
  type SignaturePage,
  type SignatureRequest,
  type SignatureVerification,
  type SignerInput,
  type signatureCreateSchema,
  signatureDefaultExpiryDays,
  signatureExpirySettingKey,
  signerSchema,
} from '@studiolo/domain/signature';
import { studioNameInMessages } from '@studiolo/domain/studio';
import { zipSync } from 'fflate';
import type { z } from 'zod';
import type { SignatureStep, SignerRecord } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden, invalidField, notFound } from '../../shared/app-error.ts';
import { publicUrl } from '../../shared/public-url.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { renderFormTemplatePdfs } from '../form-templates/form-templates.pdf.service.ts';
import { signatureDocuments } from './documents.ts';
import {
  signatureRepository as repo,
  type SignatureDocumentRow,
  type SignatureRequestRow,
} from './signature.repository.ts';
import { sealOf } from './signing-identity.service.ts';
import { sendSms } from './sms.service.ts';

type CreateInput = z.output<typeof signatureCreateSchema>;
type Patient = NonNullable<Awaited<ReturnType<typeof repo.findPatient>>>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const patientName = (p: Pick<Patient, 'tipologiaPersona' | 'nome' | 'cognome' | 'ragioneSociale'>) =>
  (p.tipologiaPersona === 'GIURIDICA'
    ? str(p.ragioneSociale)
    : [str(p.nome), str(p.cognome)].filter(Boolean).join(' ')) || 'Paziente';

const signUrlOf = (deps: AppDeps, linkId: string) => `${publicUrl(deps)}/sign?id=${linkId}`;
const step = (s: SignatureStep['step'], meta: RequestMeta | null, at: Date, detail?: string): SignatureStep => ({
  at: at.toISOString(),
  step: s,
  ...(meta ? { ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null } : {}),
  ...(detail ? { detail } : {}),
});
const storageKey = (r: { studioId: string; id: string }, name: string) => `signatures/${r.studioId}/${r.id}/${name}`;

const toRequest = (deps: AppDeps, row: SignatureRequestRow, docs: SignatureDocumentRow[]): SignatureRequest => ({
  id: row.id,
  pazienteId: row.patientId,
  linkId: row.linkId,
  signUrl: signUrlOf(deps, row.linkId),
  status: row.status as SignatureRequest['status'],
  cellulare: row.cellulare,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  signedAt: row.signedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  signer: row.signer,
  documents: docs
    .filter((d) => d.requestId === row.id)
    .map((d) => ({ id: d.id, title: d.title, fileName: d.fileName })),
  smsSent: row.steps.some((s) => s.step === 'LINK_SENT' && s.detail === 'SMS inviato'),
});

/** POST /signature: generates the templates for the patient, keeps the PDFs, sends the link by SMS and e-mail. */
export const createSignatureRequest = async (deps: AppDeps, ctx: StudioContext, input: CreateInput) => {
  if (!can(ctx.role, 'patient:read')) throw forbidden();
  const patient = await repo.findPatient(deps.db, ctx, input.pazienteId);
  if (!patient) throw notFound();
  const cellulare = input.cellulare ?? str(patient.cellulare);
  // the code goes to a phone: without one nothing can be signed (issue 15 "a patient without phone")
  if (!cellulare) throw invalidField('cellulare', m.patientWithoutPhone);
  const email = input.email ?? str(patient.email)?.toLowerCase() ?? null;

  // the period: this request's, else the studio's setting (Impostazioni → Firma elettronica), else 14 days
  const general = input.scadenzaGiorni ? null : await repo.findGeneralSettings(deps.db, ctx);
  const studioDays = general?.[signatureExpirySettingKey];
  const days = input.scadenzaGiorni ?? (isSignatureExpiryDays(studioDays) ? studioDays : signatureDefaultExpiryDays);

  const { pdfs } = await renderFormTemplatePdfs(deps, ctx, input.templateIds, input.pazienteId);
  const now = deps.now();
  const id = randomUUID();
  const documents = await Promise.all(
    pdfs.map(async (pdf, position) => {
      const originalKey = storageKey({ studioId: ctx.studioId, id }, `${position + 1}-originale.pdf`);
      await deps.storage.put(originalKey, pdf.bytes);
      return {
        position,
        templateId: pdf.templateId,
        title: pdf.title,
        fileName: pdf.fileName,
        originalKey,
        originalSha256: sha256(pdf.bytes),
      };
    }),
  );
  const linkId = randomBytes(32).toString('base64url'); // 256 bits: the patient's only credential
  const created = await deps.db.transaction(async (tx) => {
    const result = await repo.insertRequest(
      tx,
      ctx,
      {
        id,
        patientId: patient.id,
        linkId,
        cellulare,
        email,
        createdByUserId: ctx.userId,
        createdAt: now, // the same clock as the expiry and the steps
        expiresAt: new Date(now.getTime() + days * 86_400_000),
        steps: [step('CREATED', ctx.meta, now, `${documents.length} documenti`)],
      },
      documents,
    );
    await recordAudit(tx, ctx, { action: 'signature.create', entityType: 'signature', entityId: id });
    return result;
  });

  const studio = await repo.unsafePartiesOf(deps.db, created.request);
  const studioName = studioNameInMessages(studio.studio);
  const url = signUrlOf(deps, linkId);
  const sms = await sendSms(deps, { studioId: ctx.studioId, to: cellulare, text: m.smsLink(studioName, url) });
  let mailed = false;
  if (email) {
    try {
      await deps.mailer.send({
        studioId: ctx.studioId,
        to: email,
        subject: m.mailLinkSubject(studioName),
        text: m.mailLinkText(studioName, url),
      });
      mailed = true;
    } catch {
      mailed = false; // recorded FAILED in the mail log; the SMS carries the link
    }
  }
  const smsDetail =
    sms === 'SENT'
      ? 'SMS inviato'
      : sms === 'LOCAL_OUTBOX'
        ? 'SMS nella posta in uscita locale (non inviato)'
        : 'SMS non riuscito';
  const sent = await repo.unsafeUpdate(deps.db, id, 'PENDING', {}, [
    step('LINK_SENT', null, deps.now(), smsDetail),
    ...(email
      ? [step('LINK_SENT', null, deps.now(), mailed ? `e-mail a ${email}` : `e-mail a ${email} non riuscita`)]
      : []),
  ]);
  // a reminder halfway to the expiry (at least a day before it), if the patient has not signed by then
  const reminderAfter = Math.max(3600, Math.floor((days * 86_400) / 2));
  await deps.jobs.send<ReminderJob>(
    signatureQueues.reminder,
    { requestId: id },
    {
      startAfterSeconds: reminderAfter,
      singletonKey: id,
    },
  );
  return toRequest(deps, sent ?? created.request, created.documents);
};

type ReminderJob = { requestId: string };
export const signatureQueues = { reminder: 'signature-reminder' } as const;

/**
 * The reminder of a request still waiting (job `signature-reminder`): the link again by SMS and e-mail, once. A request
 * past its time turns EXPIRED instead; a signed, revoked or locked one gets nothing.
 */
export const sendSignatureReminder = async (deps: AppDeps, requestId: string) => {
  const row = await repo.unsafeFindById(deps.db, requestId);
  if (row?.status !== 'PENDING' || row.reminderSentAt) return;
  const now = deps.now();
  if (row.expiresAt.getTime() <= now.getTime()) {
    await repo.unsafeUpdate(deps.db, row.id, 'PENDING', { status: 'EXPIRED', otpHash: null }, [
      step('EXPIRED', null, now),
    ]);
    return;
  }
  const claimed = await repo.unsafeUpdate(deps.db, row.id, 'PENDING', { reminderSentAt: now }, [
    step('REMINDER_SENT', null, now),
  ]);
  if (!claimed || claimed.reminderSentAt?.getTime() !== now.getTime()) return;
  const { studio } = await repo.unsafePartiesOf(deps.db, row);
  const studioName = studioNameInMessages(studio);
  const url = signUrlOf(deps, row.linkId);
  await sendSms(deps, { studioId: row.studioId, to: row.cellulare, text: m.smsReminder(studioName, url) });
  if (row.email)
    await deps.mailer
      .send({
        studioId: row.studioId,
        to: row.email,
        subject: m.mailReminderSubject(studioName),
        text: m.mailLinkText(studioName, url),
      })
      .catch(() => null); // recorded FAILED in the mail log
};

/** The queues of this feature and their workers (called once when the app is built). */
export const registerSignatureJobs = (deps: AppDeps) => {
  deps.jobs.define<ReminderJob>(signatureQueues.reminder, { retryLimit: 3, retryBackoff: true }, (job) =>
    sendSignatureReminder(deps, job.requestId),
  );
};

/** GET /signature/paziente/{id}: the patient's requests, 25 a page, oldest first unless direction=DESC. */
export const listForPatient = async (
  deps: AppDeps,
  ctx: StudioContext,
  patientId: string,
  page: { page: number; size: number; direction: 'ASC' | 'DESC' },
): Promise<SignaturePage> => {
  if (!(await repo.findPatient(deps.db, ctx, patientId))) throw notFound();
  const { rows, total } = await repo.pageForPatient(deps.db, ctx, patientId, page);
  const docs = await repo.documentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    content: rows.map((r) => toRequest(deps, r, docs)),
    totalElements: total,
    totalPages: Math.ceil(total / page.size),
    page: page.page,
    size: page.size,
  };
};

export const getSignatureRequest = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  return toRequest(deps, row, await repo.documentsOf(deps.db, [row.id]));
};

/** POST /signature/revoke/{id}: only a request still waiting; the link stops working at once. */
export const revokeSignatureRequest = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const now = deps.now();
  const revoked = await deps.db.transaction(async (tx) => {
    const row = await repo.updateInStudio(
      tx,
      ctx,
      id,
      'PENDING',
      { status: 'REVOKED', revokedAt: now, otpHash: null },
      [step('REVOKED', ctx.meta, now)],
    );
    if (row) await recordAudit(tx, ctx, { action: 'signature.revoke', entityType: 'signature', entityId: id });
    return row;
  });
  if (!revoked) {
    if (!(await repo.find(deps.db, ctx, id))) throw notFound();
    throw new AppError('CONFLICT', m.cannotRevoke);
  }
  return toRequest(deps, revoked, await repo.documentsOf(deps.db, [id]));
};

// ---------------------------------------------------------------- public signing page

/** The request behind a link, expired on the spot when its time is up (the expiry job does the same in bulk). */
const requestOfLink = async (deps: AppDeps, linkId: string) => {
  const row = await repo.unsafeFindByLink(deps.db, linkId);
  if (!row) throw new AppError('NOT_FOUND', m.linkInvalid);
  if (row.status === 'PENDING' && row.expiresAt.getTime() <= deps.now().getTime())
    return (
      (await repo.unsafeUpdate(deps.db, row.id, 'PENDING', { status: 'EXPIRED', otpHash: null }, [
        step('EXPIRED', null, deps.now()),
      ])) ?? row
    );
  return row;
};

/** Refuses a request that can no longer be signed, each with its reason. */
const assertOpen = (row: SignatureRequestRow) => {
  const reason = {
    REVOKED: m.requestRevoked,
    SIGNED: m.requestSigned,
    EXPIRED: m.requestExpired,
    LOCKED: m.requestLocked,
  }[row.status];
  if (reason) throw new AppError('CONFLICT', reason);
};

const isMinor = (deps: AppDeps, patient: { dataNascita: string | null } | null) => {
  if (!patient?.dataNascita) return false;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: studioTimeZone }).format(deps.now());
  return ageOn(patient.dataNascita, today) < 18;
};

/** GET /signature/public/{linkId}. */
export const getPublicSignature = async (
  deps: AppDeps,
  linkId: string,
  meta: RequestMeta,
): Promise<PublicSignature> => {
  let row = await requestOfLink(deps, linkId);
  if (row.status === 'PENDING' && !row.steps.some((s) => s.step === 'OPENED'))
    row = (await repo.unsafeUpdate(deps.db, row.id, 'PENDING', {}, [step('OPENED', meta, deps.now())])) ?? row;
  const [{ patient, studio }, docs] = await Promise.all([
    repo.unsafePartiesOf(deps.db, row),
    repo.documentsOf(deps.db, [row.id]),
  ]);
  return {
    linkId: row.linkId,
    status: row.status as PublicSignature['status'],
    studioName: studioNameInMessages(studio),
    pazienteName: patient ? patientName(patient) : 'Paziente',
    minore: isMinor(deps, patient),
    cellulareMasked: maskPhone(row.cellulare),
    expiresAt: row.expiresAt.toISOString(),
    otpSentAt: row.otpSentAt?.toISOString() ?? null,
    documents: docs.map((d) => ({ id: d.id, title: d.title })),
  };
};

/** GET /signature/public/{linkId}/documents/{docId}: the PDF to read (the signed one once signed). */
export const getPublicDocument = async (deps: AppDeps, linkId: string, documentId: string) => {
  const row = await requestOfLink(deps, linkId);
  if (row.status === 'REVOKED') throw new AppError('CONFLICT', m.requestRevoked);
  const doc = (await repo.documentsOf(deps.db, [row.id])).find((d) => d.id === documentId);
  if (!doc) throw notFound();
  const bytes = await deps.storage.get(doc.signedKey ?? doc.originalKey);
  if (!bytes) throw notFound();
  return { bytes, fileName: doc.fileName };
};

const otpHashOf = (deps: AppDeps, requestId: string, code: string) =>
  deps.secrets.sign('signature-otp', { r: requestId, c: code }).split('.')[1] as string;

/** POST /signature/public/{id}/otp: a fresh 6-digit code by SMS; only its HMAC is kept. */
export const sendOtp = async (deps: AppDeps, linkId: string, meta: RequestMeta) => {
  const row = await requestOfLink(deps, linkId);
  assertOpen(row);
  const now = deps.now();
  if (row.otpSentAt && now.getTime() - row.otpSentAt.getTime() < otpResendSeconds * 1000)
    throw new AppError('RATE_LIMITED', m.otpTooSoon, { retryAfterMinutes: 1 });
  if (row.otpSends >= otpMaxSends) throw new AppError('RATE_LIMITED', m.otpTooManySends);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const updated = await repo.unsafeUpdate(
    deps.db,
    row.id,
    'PENDING',
    {
      otpHash: otpHashOf(deps, row.id, code),
      otpExpiresAt: new Date(now.getTime() + otpTtlMinutes * 60_000),
      otpSentAt: now,
      otpSends: row.otpSends + 1,
    },
    [step('OTP_SENT', meta, now, `SMS al ${row.cellulare}`)],
  );
  if (!updated) throw new AppError('CONFLICT', m.requestSigned);
  await sendSms(deps, {
    studioId: row.studioId,
    to: row.cellulare,
    text: m.smsOtp(code),
    recorded: m.smsOtp('******'),
  });
  return { message: m.otpSent(maskPhone(row.cellulare)), otpSentAt: now.toISOString() };
};

export type SignSubmission = {
  otp: string;
  paziente: SignerInput | null;
  device: string | null;
  signPageUrl: string | null;
  signature: Buffer | null;
  idDocument: { bytes: Buffer; contentType: string } | null;
};

const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
const idDocumentTypes = ['image/jpeg', 'image/png', 'application/pdf'];

/** Checks the code: a wrong one is counted atomically, the fifth locks the request. */
const verifyOtp = async (deps: AppDeps, row: SignatureRequestRow, otp: string, meta: RequestMeta) => {
  if (!row.otpHash || !row.otpExpiresAt) throw invalidField('otp', m.otpMissing);
  if (row.otpExpiresAt.getTime() <= deps.now().getTime()) throw invalidField('otp', m.otpExpired);
  const expected = Buffer.from(row.otpHash);
  const given = Buffer.from(otpHashOf(deps, row.id, otp));
  if (expected.length === given.length && timingSafeEqual(expected, given)) return;
  const counted = await repo.unsafeCountWrongCode(deps.db, row.id, step('OTP_WRONG', meta, deps.now()));
  if (!counted) return assertOpen({ ...row, status: 'SIGNED' });
  if (counted.otpFailedAttempts >= otpMaxWrongAttempts) {
    await repo.unsafeUpdate(deps.db, row.id, 'PENDING', { status: 'LOCKED', otpHash: null }, [
      step('LOCKED', meta, deps.now()),
    ]);
    throw new AppError('CONFLICT', m.requestLocked);
  }
  throw invalidField('otp', m.otpWrong(otpMaxWrongAttempts - counted.otpFailedAttempts));
};

/** POST /signature/public/{id}/sign: checks the code, places the drawn signature, seals each PDF (PAdES), mails a copy. */
export const signDocuments = async (deps: AppDeps, linkId: string, input: SignSubmission, meta: RequestMeta) => {
  const row = await requestOfLink(deps, linkId);
  assertOpen(row);
  const { patient, studio } = await repo.unsafePartiesOf(deps.db, row);
  const minor = isMinor(deps, patient);
  const signerParsed = signerSchema.safeParse(input.paziente ?? {});
  if (!signerParsed.success) throw invalidField('paziente', m.signerInvalid);
  const signerIn = signerParsed.data;
  // issue 15 part 6: for a minor, a parent or guardian signs, with their identity and relation recorded
  if (minor && (signerIn.ruolo === 'PAZIENTE' || !signerIn.nome || !signerIn.cognome))
    throw invalidField('paziente', m.guardianRequired);
  if (!input.signature) throw invalidField('signature', m.signatureImageRequired);
  if (!isPng(input.signature)) throw invalidField('signature', m.signatureImageInvalid);
  if (input.idDocument && !idDocumentTypes.includes(input.idDocument.contentType))
    throw invalidField('idDocument', m.idDocumentInvalid);
  await verifyOtp(deps, row, input.otp, meta);

  const signer: SignerRecord =
    signerIn.ruolo === 'PAZIENTE'
      ? {
          ruolo: 'PAZIENTE',
          nome: signerIn.nome || str(patient?.nome) || '',
          cognome: signerIn.cognome || str(patient?.cognome) || (patient ? patientName(patient) : ''),
          codiceFiscale: signerIn.codiceFiscale,
        }
      : { ...signerIn, ruolo: signerIn.ruolo };
  const signerName = [signer.nome, signer.cognome].filter(Boolean).join(' ');
  const studioName = studioNameInMessages(studio);
  const { identity, sealedWith } = await sealOf(deps, row.studioId);
  const docs = await repo.documentsOf(deps.db, [row.id]);
  const now = deps.now();
  const signed: { doc: SignatureDocumentRow; signedKey: string; bytes: Buffer; hash: string }[] = [];
  for (const doc of docs) {
    const original = await deps.storage.get(doc.originalKey);
    if (!original) throw notFound();
    const { placeHandwrittenSignature, signPdf } = await signatureDocuments();
    const withImage = await placeHandwrittenSignature(original, { image: input.signature });
    let sealed: Buffer;
    try {
      sealed = Buffer.from(
        await signPdf(withImage, {
          identity,
          reason:
            signer.ruolo === 'PAZIENTE'
              ? `Firmato da ${signerName} con codice OTP via SMS`
              : `Firmato da ${signerName} (${m.signerRoles[signer.ruolo].toLowerCase()} di ${patient ? patientName(patient) : 'paziente'}) con codice OTP via SMS`,
          signerName,
          location: studioName,
          signingTime: now,
          ...(deps.config.SIGNING_TSA_URL ? { timestampUrl: deps.config.SIGNING_TSA_URL } : {}),
        }),
      );
    } catch (err) {
      // the timestamp authority did not answer: nothing is recorded, the same code can be used again in a moment
      if (deps.config.SIGNING_TSA_URL)
        throw new AppError('SERVICE_UNAVAILABLE', m.timestampUnavailable, { cause: err });
      throw err;
    }
    const signedKey = storageKey(row, `${doc.position + 1}-firmato.pdf`);
    await deps.storage.put(signedKey, sealed);
    signed.push({ doc, signedKey, bytes: sealed, hash: sha256(sealed) });
  }
  const imageKey = storageKey(row, 'firma.png');
  await deps.storage.put(imageKey, input.signature);
  const idDocumentKey = input.idDocument ? storageKey(row, 'documento-identita') : null;
  if (input.idDocument && idDocumentKey) await deps.storage.put(idDocumentKey, input.idDocument.bytes);

  const done = await deps.db.transaction(async (tx) => {
    const updated = await repo.unsafeUpdate(
      tx,
      row.id,
      'PENDING',
      {
        status: 'SIGNED',
        otpHash: null,
        otpVerifiedAt: now,
        signedAt: now,
        signer,
        signerIp: meta.ip,
        signerUserAgent: meta.userAgent?.slice(0, 500) ?? null,
        device: input.device?.slice(0, 300) ?? null,
        signPageUrl: input.signPageUrl?.slice(0, 500) ?? null,
        signatureImageKey: imageKey,
        idDocumentKey,
        sealedWith,
      },
      [step('OTP_VERIFIED', meta, now), step('SIGNED', meta, now, `${signerName} (${m.signerRoles[signer.ruolo]})`)],
    );
    if (!updated) return null;
    for (const s of signed) await repo.setSigned(tx, s.doc.id, s.signedKey, s.hash);
    await recordAudit(
      tx,
      { userId: null, actorUserId: null, meta, studioId: row.studioId },
      { action: 'signature.sign', entityType: 'signature', entityId: row.id },
    );
    return updated;
  });
  // a revocation or another signature won the race: what was just sealed is not the record
  if (!done) throw new AppError('CONFLICT', m.requestSigned);

  if (row.email) {
    try {
      await deps.mailer.send({
        studioId: row.studioId,
        to: row.email,
        subject: m.mailCopySubject(studioName),
        text: m.mailCopyText(studioName),
        attachments: signed.map((s) => ({
          filename: s.doc.fileName,
          contentType: 'application/pdf',
          content: s.bytes,
        })),
      });
      await repo.unsafeUpdate(deps.db, row.id, 'SIGNED', {}, [
        step('COPY_SENT', null, deps.now(), `e-mail a ${row.email}`),
      ]);
    } catch {
      // recorded FAILED in the mail log; the studio can download and forward the signed PDF
    }
  }
  return { message: m.signed };
};

// ---------------------------------------------------------------- studio downloads

const signedRequestOf = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  if (row.status !== 'SIGNED') throw new AppError('CONFLICT', m.notSignedYet);
  return { row, docs: await repo.documentsOf(deps.db, [id]) };
};

/** GET /signature/{id}/signedPdf: the signed PDF, or a ZIP of them for several documents. Audited. */
export const getSignedPdf = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const { docs } = await signedRequestOf(deps, ctx, id);
  const files = [];
  for (const d of docs) {
    const bytes = d.signedKey ? await deps.storage.get(d.signedKey) : null;
    if (!bytes) throw notFound();
    files.push({ fileName: d.fileName.replace(/\.pdf$/i, ' - firmato.pdf'), bytes });
  }
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, { action: 'signature.download-signed', entityType: 'signature', entityId: id }),
  );
  const [single] = files;
  if (files.length === 1 && single) return { ...single, contentType: 'application/pdf' as const };
  const entries: Record<string, Uint8Array> = {};
  for (const f of files)
    entries[f.fileName in entries ? `${f.fileName}-${Object.keys(entries).length}` : f.fileName] = f.bytes;
  return {
    bytes: Buffer.from(zipSync(entries, { level: 0 })),
    fileName: sanitizeFileName('documenti firmati.zip'),
    contentType: 'application/zip' as const,
  };
};

const stepLabels: Record<SignatureStep['step'], string> = {
  CREATED: 'Richiesta creata',
  LINK_SENT: 'Link inviato',
  OPENED: 'Pagina aperta',
  OTP_SENT: 'Codice OTP inviato',
  OTP_WRONG: 'Codice errato',
  OTP_VERIFIED: 'Codice OTP verificato',
  SIGNED: 'Documenti firmati',
  REVOKED: 'Revocata',
  LOCKED: 'Bloccata',
  EXPIRED: 'Scaduta',
  REMINDER_SENT: 'Promemoria inviato',
  COPY_SENT: 'Copia inviata al paziente',
};

const romeTime = (iso: Date | string | null) =>
  iso
    ? new Intl.DateTimeFormat('it-IT', {
        timeZone: studioTimeZone,
        dateStyle: 'short',
        timeStyle: 'medium',
      }).format(new Date(iso))
    : null;

/** GET /signature/{id}/dossier: the evidence report (PDF; ?format=json for the same facts as data). Audited. */
export const getDossier = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const { row, docs } = await signedRequestOf(deps, ctx, id);
  const { patient, studio } = await repo.unsafePartiesOf(deps.db, row);
  const signer = row.signer as SignerRecord;
  const facts = {
    requestId: row.id,
    studioName: studioNameInMessages(studio),
    patientName: patient ? patientName(patient) : 'Paziente',
    signer: {
      name: `${signer.nome} ${signer.cognome}`.trim(),
      role: m.signerRoles[signer.ruolo],
      codiceFiscale: signer.codiceFiscale,
    },
    cellulare: row.cellulare,
    email: row.email,
    documents: docs.map((d) => ({
      title: d.title,
      fileName: d.fileName,
      sha256Before: d.originalSha256,
      sha256After: d.signedSha256,
    })),
    steps: row.steps.map((s) => ({
      at: romeTime(s.at) as string,
      label: stepLabels[s.step],
      ip: s.ip ?? null,
      userAgent: s.userAgent ?? null,
      detail: s.detail ?? null,
    })),
    otp: {
      sentTo: row.cellulare,
      verifiedAt: romeTime(row.otpVerifiedAt),
      wrongAttempts: row.otpFailedAttempts,
    },
    signedAt: romeTime(row.signedAt),
    ip: row.signerIp,
    userAgent: row.signerUserAgent,
    device: row.device,
    signPageUrl: row.signPageUrl,
    // requests signed before the certificate was recorded were all sealed with the deployment's or the server's
    certificate:
      row.sealedWith ?? (deps.config.SIGNING_P12_BASE64 ? 'Certificato configurato sul server' : m.sealedWithServer),
    generatedAt: romeTime(deps.now()) as string,
  };
  await deps.db.transaction((tx) =>
    recordAudit(tx, ctx, { action: 'signature.download-dossier', entityType: 'signature', entityId: id }),
  );
  return { facts, pdf: async () => (await signatureDocuments()).renderSignatureDossier(facts) };
};

/** POST /signature/verify: whether an uploaded PDF's signatures are intact, who signed and when (public page). */
export const verifyUploadedPdf = async (bytes: Buffer): Promise<SignatureVerification> => {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalidField('file', m.verifyNotPdf);
  const { verifySignedPdf, UnreadablePdfError } = await signatureDocuments();
  try {
    const result = await verifySignedPdf(bytes);
    return {
      sha256: sha256(bytes),
      modifiedAfterSigning: result.modifiedAfterSigning,
      signatures: result.signatures.map((s) => ({
        signerName: s.signerName,
        signedAt: s.signedAt?.toISOString() ?? null,
        timestamped: s.timestamped,
        intact: s.intact,
        coversWholeDocument: s.coversWholeDocument,
        certificateSubject: s.certificateSubject,
        certificateIssuer: s.certificateIssuer,
        selfSigned: s.selfSigned,
        reason: s.reason,
      })),
    };
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw invalidField('file', m.verifyNotPdf);
    throw err;
  }
};
