import {
  bookingFlowMessages as m,
  studioBookingCancelInputSchema,
  studioBookingRowSchema,
  studioBookingsQuerySchema,
} from '@studiolo/domain/booking';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import { cancelStudioBooking, confirmStudioBooking, listStudioBookings } from './studio-bookings.service.ts';

const tags = ['booking'];
const idParams = z.object({ id: z.uuid() });
const tenant = { resource: 'booking', idParam: 'id' } as const;
const rowEnvelope = { 200: envelopeSchema(studioBookingRowSchema) };

/** The studio's bookings (decision 035 "Statuses and transitions"): the list, confirm, cancel; calendar rights. */
export const registerStudioBookingRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const logOf = (req: { log: { warn: (o: object, msg: string) => void } }) => (err: unknown) =>
    req.log.warn({ err }, 'booking e-mail not sent');

  app.get(
    '/bookings',
    {
      schema: {
        tags,
        querystring: studioBookingsQuerySchema,
        response: { 200: envelopeSchema(z.array(studioBookingRowSchema)) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req) =>
      ok(await listStudioBookings(deps, studioOf(req), req.query.status ? { status: req.query.status } : {})),
  );

  app.post(
    '/bookings/:id/confirm',
    {
      schema: { tags, params: idParams, response: rowEnvelope },
      config: { access: { permission: 'calendar:write', tenant } },
    },
    async (req) => ok(await confirmStudioBooking(deps, studioOf(req), req.params.id, logOf(req)), m.confirmed),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: { tags, params: idParams, body: studioBookingCancelInputSchema, response: rowEnvelope },
      config: { access: { permission: 'calendar:write', tenant } },
    },
    async (req) =>
      ok(
        await cancelStudioBooking(deps, studioOf(req), req.params.id, req.body.reason ?? null, logOf(req)),
        m.cancelled,
      ),
  );
};
