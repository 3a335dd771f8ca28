import {
  cashflowQuerySchema,
  cashflowSchema,
  cashflowSummaryQuerySchema,
  cashflowSummarySchema,
  revenueQuerySchema,
  revenueSchema,
} from '@studiolo/domain/analytics';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as analytics from './analytics.service.ts';

const read = 'analytics:read' as const;

/** Financial analytics (spec part 2 §7 "Analytics"): read-only aggregates of the studio of the verified token. */
export const registerAnalyticsRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  app.get(
    '/analytics/cashflow',
    {
      schema: { tags, querystring: cashflowQuerySchema, response: { 200: envelopeSchema(cashflowSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await analytics.cashflow(deps, studioOf(req), req.query)),
  );

  app.get(
    '/analytics/cashflow/summary',
    {
      schema: {
        tags,
        querystring: cashflowSummaryQuerySchema,
        response: { 200: envelopeSchema(cashflowSummarySchema) },
      },
      config: { access: { permission: read } },
    },
    async (req) => ok(await analytics.summary(deps, studioOf(req), req.query)),
  );

  app.get(
    '/analytics/revenue',
    {
      schema: { tags, querystring: revenueQuerySchema, response: { 200: envelopeSchema(revenueSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await analytics.revenue(deps, studioOf(req), req.query)),
  );
};
