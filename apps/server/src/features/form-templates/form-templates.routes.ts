import {
  formTemplateBulkGenerateSchema,
  formTemplateGenerateSchema,
  formTemplateInputSchema,
  formTemplateSchema,
  formTemplatesAllSchema,
  formTemplateUpdateSchema,
  formTemplateMessages as m,
} from '@studiolo/domain/forms';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import { type GeneratedFile, generateFormTemplates } from './form-templates.pdf.service.ts';
import * as templates from './form-templates.service.ts';

const sendFile = (reply: FastifyReply, file: GeneratedFile) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .send(file.bytes);

const idParams = z.object({ id: z.uuid() });
const templateEnvelope = { 200: envelopeSchema(formTemplateSchema) };

/** Form templates (spec part 1 §7 "Form templates /form-template"). */
export const registerFormTemplateRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/form-template',
    {
      schema: {
        tags: ['form-templates'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: { 200: envelopeSchema(z.array(formTemplateSchema)) },
      },
      config: { access: { permission: 'forms:read' } },
    },
    async (req) => ok(await templates.listFormTemplates(deps, studioOf(req))),
  );

  app.get(
    '/form-template/all',
    {
      schema: {
        tags: ['form-templates'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: { 200: envelopeSchema(formTemplatesAllSchema) },
      },
      config: { access: { permission: 'forms:read' } },
    },
    async (req) => ok(await templates.listAllFormTemplates(deps, studioOf(req))),
  );

  app.get(
    '/form-template/:id',
    {
      schema: { tags: ['form-templates'], params: idParams, response: templateEnvelope },
      config: { access: { permission: 'forms:read', tenant: { resource: 'form-template', idParam: 'id' } } },
    },
    async (req) => ok(await templates.getFormTemplate(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/form-template',
    {
      schema: { tags: ['form-templates'], body: formTemplateInputSchema, response: templateEnvelope },
      config: { access: { permission: 'forms:write' } },
    },
    async (req) => ok(await templates.createFormTemplate(deps, studioOf(req), req.body), m.created),
  );

  app.put(
    '/form-template',
    {
      schema: { tags: ['form-templates'], body: formTemplateUpdateSchema, response: templateEnvelope },
      config: { access: { permission: 'forms:write', tenant: { resource: 'form-template', idField: 'id' } } },
    },
    async (req) => ok(await templates.updateFormTemplate(deps, studioOf(req), req.body.id, req.body), m.updated),
  );

  app.delete(
    '/form-template/:id',
    {
      schema: { tags: ['form-templates'], params: idParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'forms:write', tenant: { resource: 'form-template', idParam: 'id' } } },
    },
    async (req) => {
      await templates.deleteFormTemplate(deps, studioOf(req), req.params.id);
      return ok(null, m.deleted);
    },
  );

  app.post(
    '/form-template/:id/pdf',
    {
      schema: {
        tags: ['form-templates'],
        params: idParams,
        body: formTemplateGenerateSchema,
        produces: ['application/pdf'],
      },
      config: { access: { permission: 'forms:read', tenant: { resource: 'form-template', idParam: 'id' } } },
    },
    async (req, reply) =>
      sendFile(reply, await generateFormTemplates(deps, studioOf(req), [req.params.id], req.body.pazienteId)),
  );

  app.post(
    '/form-template/pdf',
    {
      schema: {
        tags: ['form-templates'],
        body: formTemplateBulkGenerateSchema,
        produces: ['application/pdf', 'application/zip'],
      },
      config: { access: { permission: 'forms:read' } },
    },
    async (req, reply) =>
      sendFile(reply, await generateFormTemplates(deps, studioOf(req), req.body.templateIds, req.body.pazienteId)),
  );
};
