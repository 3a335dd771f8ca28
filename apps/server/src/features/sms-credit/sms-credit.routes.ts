import {
  consumptionMeterConsumeSchema,
  consumptionMeterEnableSchema,
  consumptionMeterSchema,
  smsCreditMessages as m,
} from '@studiolo/domain/reminders';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta, studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as credit from './sms-credit.service.ts';

const tags = ['sms-credit'];
const studioQuery = z.object({ studioId: z.uuid().optional() });
const meterEnvelope = { 200: envelopeSchema(consumptionMeterSchema) };

/**
 * The consumption meter calls of spec part 2 §7 (decision 036 "Credit"). The one functionality,
 * SMS_APPOINTMENT_REMINDER, is a static path segment: GET /consumption-meter/{functionality} and
 * GET /consumption-meter/{id} share the shape, and a static route wins over the parametric one.
 */
export const registerSmsCreditRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/consumption-meter',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(z.array(consumptionMeterSchema)) } },
      config: { access: { permission: 'settings:read' } },
    },
    async (req) => ok(await credit.listMeters(deps, studioOf(req))),
  );

  app.get(
    '/consumption-meter/SMS_APPOINTMENT_REMINDER',
    {
      schema: { tags, querystring: studioQuery, response: meterEnvelope },
      config: { access: { permission: 'settings:read' } },
    },
    async (req) => ok(await credit.meterOf(deps, studioOf(req), 'SMS_APPOINTMENT_REMINDER')),
  );

  app.get(
    '/consumption-meter/:id',
    {
      schema: { tags, params: z.object({ id: z.uuid() }), querystring: studioQuery, response: meterEnvelope },
      config: { access: { permission: 'settings:read', tenant: { resource: 'consumption-meter', idParam: 'id' } } },
    },
    async (req) => ok(await credit.meterById(deps, studioOf(req), req.params.id)),
  );

  // the switch spends the studio's money (SMS credit): the same permission as buying it
  app.patch(
    '/consumption-meter/enable',
    {
      schema: { tags, body: consumptionMeterEnableSchema, querystring: studioQuery, response: meterEnvelope },
      config: {
        access: {
          permission: 'billing:manage',
          tenant: { resource: 'consumption-meter', idField: 'consumptionMeterId' },
        },
      },
    },
    async (req) =>
      ok(await credit.enableMeter(deps, studioOf(req), req.body), req.body.enabled ? m.meterEnabled : m.meterDisabled),
  );

  // SECURITY: server to server, no user token; the shared secret in the body authorises it (sms-credit.service.ts)
  app.patch(
    '/consumption-meter/SMS_APPOINTMENT_REMINDER',
    {
      schema: { tags, body: consumptionMeterConsumeSchema, response: meterEnvelope },
      config: { access: { public: true }, rateLimit: { max: 600, timeWindow: 60_000 } },
    },
    async (req) => {
      const { meter, message } = await credit.consumeCredit(
        deps,
        'SMS_APPOINTMENT_REMINDER',
        req.body,
        requestMeta(req),
      );
      return ok(meter, message);
    },
  );
};
