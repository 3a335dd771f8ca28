import { attachmentMaxBytes, attachmentMessages, attachmentSchema } from '@studiolo/domain/clinical';
import { envelopeSchema, httpMessages } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { AppError } from '../../shared/app-error.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import { expireUnstartedAppointmentImports } from '../appointment-imports/appointment-imports.service.ts';
import { expireUnstartedPatientImports } from '../patient-imports/patient-imports.service.ts';
import { exportAttachments } from './attachments.export.ts';
import * as attachments from './attachments.service.ts';

const sweepIntervalMs = 10 * 60_000;
const patientParams = z.object({ pazienteId: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const patientTenant = { resource: 'patient', idParam: 'pazienteId' } as const;
const attachmentTenant = { resource: 'attachment', idParam: 'id' } as const;

/** Patient attachments (issue 16 item 3) and their export (spec part 1 §7 "Export": allegati-pazienti). */
export const registerAttachmentRoutes = (root: FastifyInstance, deps: AppDeps) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // The install's storage sweep, at start-up and every 10 minutes (decision 030): imports never started expire
  // (decisions 039, 045), then the files of deleted rows (attachments, received invoices, imports; patients and
  // studios deleted with theirs) leave storage.
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = async () => {
    try {
      await expireUnstartedPatientImports(deps);
      await expireUnstartedAppointmentImports(deps);
      await attachments.sweepDeletedFiles(deps);
    } catch (err) {
      root.log.error({ err }, 'storage sweep failed');
    }
  };
  root.addHook('onReady', async () => {
    void sweep();
    sweeper = setInterval(() => void sweep(), sweepIntervalMs);
    sweeper.unref();
  });
  root.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  app.get(
    '/pazienti/:pazienteId/allegati',
    {
      schema: {
        tags: ['clinical'],
        params: patientParams,
        response: { 200: envelopeSchema(z.array(attachmentSchema)) },
      },
      config: { access: { permission: 'clinical:read', tenant: patientTenant } },
    },
    async (req) => ok(await attachments.listAttachments(deps, studioOf(req), req.params.pazienteId)),
  );

  app.post(
    '/pazienti/:pazienteId/allegati',
    {
      schema: {
        tags: ['clinical'],
        consumes: ['multipart/form-data'],
        params: patientParams,
        response: { 200: envelopeSchema(attachmentSchema) },
      },
      config: { access: { permission: 'clinical:write', tenant: patientTenant } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      // one file a request, streamed: the limit cuts the stream at 25 MB and the service answers 413
      const file = await req.file({ limits: { fileSize: attachmentMaxBytes, files: 1, fields: 5 } });
      if (!file) throw new AppError('VALIDATION', attachmentMessages.noFile);
      const saved = await attachments.uploadAttachment(deps, studioOf(req), req.params.pazienteId, {
        fileName: file.filename,
        stream: file.file,
      });
      return ok(saved, attachmentMessages.uploaded);
    },
  );

  app.get(
    '/allegati/:id/download',
    {
      schema: {
        tags: ['clinical'],
        params: idParams,
        querystring: z.object({ inline: z.enum(['true', 'false']).optional() }),
      },
      config: { access: { permission: 'clinical:read', tenant: attachmentTenant } },
    },
    async (req, reply) => {
      const file = await attachments.openAttachment(deps, studioOf(req), req.params.id);
      return (
        reply
          .header('content-type', file.attachment.contentType)
          .header('content-length', String(file.sizeBytes))
          .header(
            'content-disposition',
            contentDisposition(req.query.inline === 'true' ? 'inline' : 'attachment', file.attachment.fileName),
          )
          // SECURITY: a stored file is never a page of this origin, even opened directly
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(file.stream)
      );
    },
  );

  app.delete(
    '/allegati/:id',
    {
      schema: { tags: ['clinical'], params: idParams, response: { 200: envelopeSchema(attachmentSchema) } },
      config: { access: { permission: 'clinical:write', tenant: attachmentTenant } },
    },
    async (req) =>
      ok(await attachments.deleteAttachment(deps, studioOf(req), req.params.id), attachmentMessages.deleted),
  );

  app.get(
    '/data-exporter/allegati-pazienti',
    {
      schema: { tags: ['clinical'], querystring: z.object({ studioId: z.uuid().optional() }) },
      // whoever reads the record's files one by one may take them all at once (decision 030)
      config: { access: { permission: 'clinical:read' } },
    },
    async (req, reply) => {
      const { stream, total } = await exportAttachments(deps, studioOf(req), (err) =>
        req.log.error({ err }, 'attachments export failed'),
      );
      const day = deps.now().toISOString().slice(0, 10).replaceAll('-', '');
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="allegati-pazienti-${day}.zip"`)
          // the web app shows progress as files arrive against this count
          .header('x-total-count', String(total))
          .send(stream)
      );
    },
  );
};
