import { envelopeSchema, httpMessages } from '@studiolo/domain/shared';
import {
  linkIdParamsSchema,
  signatureMessages as m,
  otpSchema,
  publicSignatureSchema,
  signatureCreateSchema,
  signaturePageQuerySchema,
  signaturePageSchema,
  signatureRequestSchema,
  signatureVerificationSchema,
  signingCertificateMaxBytes,
  signingCertificateStateSchema,
} from '@studiolo/domain/signature';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta, studioOf } from '../../plugins/auth-context.ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import { signatureRepository } from './signature.repository.ts';
import * as signatures from './signature.service.ts';
import * as certificates from './signing-identity.service.ts';

const tags = ['signature'];
const idParams = z.object({ id: z.uuid() });
const tenant = { resource: 'signature', idParam: 'id' } as const;
const requestEnvelope = { 200: envelopeSchema(signatureRequestSchema) };
const signatureImageMaxBytes = 1024 * 1024;
const idDocumentMaxBytes = 8 * 1024 * 1024;
const verifyMaxBytes = 10 * 1024 * 1024;

const sendFile = (
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string; contentType: string },
  inline = false,
) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('cache-control', 'no-store')
    .send(file.bytes);

const smsSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  text: z.string(),
  status: z.string(),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

/** Signature requests and the public signing page (spec part 1 §7 "Signature /signature"; decision 028). */
export const registerSignatureRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/signature',
    {
      schema: { tags, body: signatureCreateSchema, response: requestEnvelope },
      // Sends the patient an SMS and an e-mail: only from a confirmed address (issue 25 item 8).
      config: { access: { permission: 'forms:write', verifiedEmail: true } },
    },
    async (req) => ok(await signatures.createSignatureRequest(deps, studioOf(req), req.body), m.created),
  );

  app.get(
    '/signature/paziente/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: signaturePageQuerySchema,
        response: { 200: envelopeSchema(signaturePageSchema) },
      },
      config: { access: { permission: 'forms:read', tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req) => ok(await signatures.listForPatient(deps, studioOf(req), req.params.id, req.query)),
  );

  app.get(
    '/signature/:id',
    {
      schema: { tags, params: idParams, response: requestEnvelope },
      config: { access: { permission: 'forms:read', tenant } },
    },
    async (req) => ok(await signatures.getSignatureRequest(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/signature/revoke/:id',
    {
      schema: { tags, params: idParams, response: requestEnvelope },
      config: { access: { permission: 'forms:write', tenant } },
    },
    async (req) => ok(await signatures.revokeSignatureRequest(deps, studioOf(req), req.params.id), m.revoked),
  );

  app.get(
    '/signature/:id/signedPdf',
    {
      schema: { tags, params: idParams, produces: ['application/pdf', 'application/zip'] },
      config: { access: { permission: 'forms:read', tenant } },
    },
    async (req, reply) => sendFile(reply, await signatures.getSignedPdf(deps, studioOf(req), req.params.id)),
  );

  app.get(
    '/signature/:id/dossier',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ format: z.enum(['pdf', 'json']).default('pdf') }),
        produces: ['application/pdf', 'application/json'],
      },
      config: { access: { permission: 'forms:read', tenant } },
    },
    async (req, reply) => {
      const dossier = await signatures.getDossier(deps, studioOf(req), req.params.id);
      if (req.query.format === 'json') return reply.header('cache-control', 'no-store').send(ok(dossier.facts));
      return sendFile(reply, {
        bytes: await dossier.pdf(),
        fileName: `dossier firma ${req.params.id}.pdf`,
        contentType: 'application/pdf',
      });
    },
  );

  app.get(
    '/sms/outbox',
    {
      schema: { tags, response: { 200: envelopeSchema(z.array(smsSchema)) } },
      config: { access: { permission: 'outbox:read' } },
    },
    async (req) =>
      ok(
        (await signatureRepository.listSms(deps.db, studioOf(req), 100)).map((r) => ({
          id: r.id,
          to: r.to,
          text: r.text,
          status: r.status,
          provider: r.provider,
          error: r.error,
          createdAt: r.createdAt.toISOString(),
        })),
      ),
  );

  // ------------------------------------------------------------ the studio's own certificate (Impostazioni › Firma elettronica)

  const certificateEnvelope = { 200: envelopeSchema(signingCertificateStateSchema) };
  app.get(
    '/signature/certificato',
    { schema: { tags, response: certificateEnvelope }, config: { access: { permission: 'settings:read' } } },
    async (req) => ok(await certificates.signingCertificateState(deps, studioOf(req))),
  );

  app.post(
    '/signature/certificato',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: certificateEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      let password = '';
      let pkcs12: Buffer | null = null;
      for await (const part of req.parts({ limits: { files: 1, fileSize: signingCertificateMaxBytes, fields: 5 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'password' && typeof part.value === 'string') password = part.value.slice(0, 500);
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', m.certificateTooLarge);
        if (part.fieldname === 'file') pkcs12 = bytes;
      }
      if (!pkcs12 || pkcs12.length === 0) throw invalidField('file', m.certificateFileRequired);
      return ok(await certificates.uploadSigningCertificate(deps, studioOf(req), pkcs12, password), m.certificateSaved);
    },
  );

  app.delete(
    '/signature/certificato',
    { schema: { tags, response: certificateEnvelope }, config: { access: { permission: 'settings:write' } } },
    async (req) => ok(await certificates.removeSigningCertificate(deps, studioOf(req)), m.certificateRemoved),
  );

  // ------------------------------------------------------------ public: verification of a signed PDF

  app.post(
    '/signature/verify',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(signatureVerificationSchema) },
      },
      config: { access: { public: true } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      const file = await req.file({ limits: { fileSize: verifyMaxBytes, files: 1 } });
      if (!file) throw invalidField('file', m.verifyNotPdf);
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', httpMessages.payloadTooLarge);
      return ok(await signatures.verifyUploadedPdf(bytes));
    },
  );

  // ------------------------------------------------------------ public: the patient's signing page

  app.get(
    '/signature/public/:id',
    {
      schema: { tags, params: linkIdParamsSchema, response: { 200: envelopeSchema(publicSignatureSchema) } },
      config: { access: { public: true } },
    },
    async (req) => ok(await signatures.getPublicSignature(deps, req.params.id, requestMeta(req))),
  );

  app.get(
    '/signature/public/:id/documents/:documentId',
    {
      schema: {
        tags,
        params: linkIdParamsSchema.extend({ documentId: z.uuid() }),
        produces: ['application/pdf'],
      },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const doc = await signatures.getPublicDocument(deps, req.params.id, req.params.documentId);
      return sendFile(reply, { ...doc, contentType: 'application/pdf' }, true);
    },
  );

  app.post(
    '/signature/public/:id/otp',
    {
      schema: {
        tags,
        params: linkIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ message: z.string(), otpSentAt: z.string() })) },
      },
      config: { access: { public: true } },
    },
    async (req) => {
      const sent = await signatures.sendOtp(deps, req.params.id, requestMeta(req));
      return ok(sent, sent.message);
    },
  );

  app.post(
    '/signature/public/:id/sign',
    {
      schema: {
        tags,
        params: linkIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.object({ message: z.string() })) },
      },
      config: { access: { public: true } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      const fields: Record<string, string> = {};
      let signature: Buffer | null = null;
      let idDocument: { bytes: Buffer; contentType: string } | null = null;
      for await (const part of req.parts({ limits: { files: 2, fileSize: idDocumentMaxBytes, fields: 10 } })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 2000);
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', httpMessages.payloadTooLarge);
        if (part.fieldname === 'signature') {
          if (bytes.length > signatureImageMaxBytes)
            throw new AppError('PAYLOAD_TOO_LARGE', httpMessages.payloadTooLarge);
          signature = bytes;
        } else if (part.fieldname === 'idDocument') idDocument = { bytes, contentType: part.mimetype };
      }
      const otp = otpSchema.safeParse(fields.otp ?? '');
      if (!otp.success) throw invalidField('otp', m.otpFormat);
      let paziente: unknown = null;
      if (fields.paziente) {
        try {
          paziente = JSON.parse(fields.paziente);
        } catch {
          throw invalidField('paziente', m.signerInvalid);
        }
      }
      const result = await signatures.signDocuments(
        deps,
        req.params.id,
        {
          otp: otp.data,
          paziente: paziente as signatures.SignSubmission['paziente'],
          device: fields.device ?? null,
          signPageUrl: fields.signPageUrl ?? null,
          signature,
          idDocument,
        },
        requestMeta(req),
      );
      return ok(result, result.message);
    },
  );
};
