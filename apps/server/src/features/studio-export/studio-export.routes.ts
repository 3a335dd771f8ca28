import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { exportPatient, exportStudio } from './studio-export.service.ts';

const studioQuery = z.object({ studioId: z.uuid().optional() });

/**
 * The studio moves out (issue 30 item 7, decision 042). The ZIP is streamed: no Content-Length can be known before
 * it is made, so the answer says how many files it will hold (x-total-count) and the web app shows the bytes and
 * the files received against it.
 */
export const registerStudioExportRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['studio-export'];

  app.get(
    '/data-exporter/studio',
    {
      schema: { tags, querystring: studioQuery, produces: ['application/zip'] },
      // Owner only (art. 20 GDPR, decision 042): security:manage is the owner's alone; the service checks the role too.
      config: { access: { permission: 'security:manage' } },
    },
    async (req, reply) => {
      const zip = await exportStudio(deps, studioOf(req), (err) => req.log.error({ err }, 'studio export failed'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .header('x-total-count', String(zip.files))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );

  app.get(
    '/data-exporter/pazienti/:id',
    {
      schema: { tags, params: z.object({ id: z.uuid() }), querystring: studioQuery, produces: ['application/zip'] },
      // whoever reads the patient's clinical record may answer the patient's access request (art. 15, decision 042)
      config: { access: { permission: 'clinical:read', tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req, reply) => {
      const zip = await exportPatient(deps, studioOf(req), req.params.id, (err) =>
        req.log.error({ err }, 'patient export failed'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .header('x-total-count', String(zip.files))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );
};
