import {
  bookingServiceInputSchema,
  bookingSettingsAnswerSchema,
  bookingSettingsSchema,
  bookingStaffInputSchema,
} from '@studiolo/domain/booking';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import { bookingServerMessages as m } from './booking-messages.ts';
import * as settings from './settings.service.ts';

const tags = ['booking'];
const answerEnvelope = { 200: envelopeSchema(bookingSettingsAnswerSchema) };
const studioQuery = z.object({ studioId: z.uuid().optional() });

/** Impostazioni › Prenotazioni online (decision 035 "API", studio side). */
export const registerBookingSettingsRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings/booking',
    {
      schema: { tags, querystring: studioQuery, response: answerEnvelope },
      config: { access: { permission: 'settings:read' } },
    },
    async (req) => ok(await settings.getBookingSettings(deps, studioOf(req))),
  );

  app.put(
    '/settings/booking',
    {
      schema: { tags, body: bookingSettingsSchema, response: answerEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => ok(await settings.putBookingSettings(deps, studioOf(req), req.body), m.settingsSaved),
  );

  app.put(
    '/settings/booking/services/:productId',
    {
      schema: {
        tags,
        params: z.object({ productId: z.uuid() }),
        body: bookingServiceInputSchema,
        response: answerEnvelope,
      },
      config: {
        access: { permission: 'settings:write', tenant: { resource: 'product', idParam: 'productId' } },
      },
    },
    async (req) =>
      ok(await settings.putBookingService(deps, studioOf(req), req.params.productId, req.body), m.serviceSaved),
  );

  app.put(
    '/settings/booking/staff/:memberId',
    {
      schema: {
        tags,
        params: z.object({ memberId: z.uuid() }),
        body: bookingStaffInputSchema,
        response: answerEnvelope,
      },
      config: {
        access: { permission: 'settings:write', tenant: { resource: 'staff-member', idParam: 'memberId' } },
      },
    },
    async (req) => ok(await settings.putBookingStaff(deps, studioOf(req), req.params.memberId, req.body), m.staffSaved),
  );

  // The public link as a QR code to print or put on the studio's website (PNG and SVG).
  app.get(
    '/settings/booking/qr.png',
    {
      schema: { tags, querystring: studioQuery },
      config: { access: { permission: 'settings:read' } },
    },
    async (req, reply) => {
      const png = await settings.bookingQr(deps, studioOf(req), 'png');
      return reply.type('image/png').header('content-disposition', 'inline; filename="prenotazioni-qr.png"').send(png);
    },
  );

  app.get(
    '/settings/booking/qr.svg',
    {
      schema: { tags, querystring: studioQuery },
      config: { access: { permission: 'settings:read' } },
    },
    async (req, reply) => {
      const svg = await settings.bookingQr(deps, studioOf(req), 'svg');
      return reply
        .type('image/svg+xml')
        .header('content-disposition', 'inline; filename="prenotazioni-qr.svg"')
        .send(svg);
    },
  );
};
