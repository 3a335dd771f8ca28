import { auditEventSchema, auditQuerySchema } from '@studiolo/domain/audit';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import { listAuditForStudio } from './audit.repository.ts';

export const registerAuditRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(z.array(auditEventSchema)) },
      },
      config: { access: { permission: 'audit:read' } },
    },
    async (req) => {
      const rows = await listAuditForStudio(deps.db, studioOf(req), req.query.limit, {
        pazienteId: req.query.pazienteId,
        clinical: req.query.clinical === 'true',
      });
      return ok(rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })));
    },
  );
};
