import {
  bookingSlotsAnswerSchema,
  bookingSlotsQuerySchema,
  bookingSlugSchema,
  publicBookingPageSchema,
} from '@studiolo/domain/booking';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../shared/envelope.ts';
import { publicBookingPage } from './public.service.ts';
import { publicSlots } from './slots.service.ts';

const tags = ['booking'];
const slugParams = z.object({ slug: bookingSlugSchema });

/**
 * The public booking page's reads (decision 035 "API", public): no account. Rate-limited per address on top of the
 * global limit, with the same store (shared counters on PostgreSQL, app.ts): a page load asks the page once and the
 * slots a few times, a script walking slugs or days hits the limit.
 */
export const registerBookingPublicRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicLimit = { max: deps.config.RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE, timeWindow: 60_000 };

  app.get(
    '/booking/:slug',
    {
      schema: { tags, params: slugParams, response: { 200: envelopeSchema(publicBookingPageSchema) } },
      config: { access: { public: true }, rateLimit: publicLimit },
    },
    async (req) => ok(await publicBookingPage(deps, req.params.slug)),
  );

  app.get(
    '/booking/:slug/slots',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: bookingSlotsQuerySchema,
        response: { 200: envelopeSchema(bookingSlotsAnswerSchema) },
      },
      config: { access: { public: true }, rateLimit: publicLimit },
    },
    async (req) => ok(await publicSlots(deps, req.params.slug, req.query)),
  );
};
