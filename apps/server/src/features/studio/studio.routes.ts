import { envelopeSchema, httpMessages } from '@studiolo/domain/shared';
import {
  initialSetupInputSchema,
  studioDeleteInputSchema,
  studioDeleteMessages,
  studioInputSchema,
  studioMessages,
  studioSchema,
  studioSecurityInputSchema,
} from '@studiolo/domain/studio';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf, userOf } from '../../plugins/auth-context.ts';
import { AppError } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import * as studio from './studio.service.ts';

const studioEnvelope = { 200: envelopeSchema(studioSchema) };

export const registerStudioRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/studio',
    {
      schema: { tags: ['studio'], querystring: z.object({ studioId: z.uuid().optional() }), response: studioEnvelope },
      config: { access: { permission: 'studio:read' } },
    },
    async (req) => ok(await studio.getStudio(deps, studioOf(req))),
  );

  app.put(
    '/studio',
    {
      schema: { tags: ['studio'], body: studioInputSchema, response: studioEnvelope },
      config: { access: { permission: 'studio:write' } },
    },
    async (req) => ok(await studio.updateStudio(deps, studioOf(req), req.body), studioMessages.updated),
  );

  app.post(
    '/studio',
    {
      schema: { tags: ['studio'], body: studioInputSchema, response: studioEnvelope },
      config: { access: { user: true } },
    },
    async (req) =>
      ok(await studio.createStudio(deps, userOf(req), req.body, { firstOnly: false }), studioMessages.created),
  );

  app.post(
    '/studio/initial-setup',
    {
      schema: { tags: ['studio'], body: initialSetupInputSchema, response: studioEnvelope },
      config: { access: { user: true } },
    },
    async (req) =>
      ok(
        await studio.createStudio(deps, userOf(req), req.body.studio, {
          avatarColor: req.body.avatarColor ?? null,
          firstOnly: true,
        }),
        studioMessages.created,
      ),
  );

  app.delete(
    '/studio',
    {
      schema: {
        tags: ['studio'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        body: studioDeleteInputSchema,
        response: {
          200: envelopeSchema(z.object({ pazienti: z.number(), documenti: z.number(), membri: z.number() })),
        },
      },
      // Owner only (issue 30 item 5): security:manage is the owner's alone; the service checks the owner role too.
      config: { access: { permission: 'security:manage' } },
    },
    async (req) => {
      const ctx = studioOf(req);
      const counts = await studio.deleteStudio(deps, ctx, req.body);
      // ids only: no name, no e-mail (decision 040)
      req.log.info({ studioId: ctx.studioId, userId: ctx.userId }, 'studio deleted');
      // The files queued with the deletion leave storage at the next sweep (at most 10 minutes, 100 a batch: decision
      // 030), not in this request: a studio's files are not bounded, the request must be.
      return ok(counts, studioDeleteMessages.deleted);
    },
  );

  app.put(
    '/studio/security',
    {
      schema: { tags: ['studio'], body: studioSecurityInputSchema, response: studioEnvelope },
      // Owner only (issue 25 item 11): a staff admin must not be able to lift the staff's second-factor requirement.
      config: { access: { permission: 'security:manage' } },
    },
    async (req) =>
      ok(
        await studio.updateStudioSecurity(deps, studioOf(req), req.body.requireStaffTwoFactor),
        studioMessages.updated,
      ),
  );

  app.post(
    '/studio/logo',
    {
      schema: { tags: ['studio'], consumes: ['multipart/form-data'], response: studioEnvelope },
      config: { access: { permission: 'studio:write' } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      const file = await req.file({ limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
      if (!file) throw new AppError('VALIDATION', studioMessages.logoNotImage);
      const bytes = await file.toBuffer();
      return ok(
        await studio.uploadLogo(deps, studioOf(req), { fileName: file.filename, bytes }),
        studioMessages.logoUpdated,
      );
    },
  );

  app.get(
    '/public/logos/:assetId',
    {
      schema: { tags: ['studio'], params: z.object({ assetId: z.uuid() }) },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const logo = await studio.readPublicLogo(deps, req.params.assetId);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=86400')
        .send(logo.bytes);
    },
  );
};
