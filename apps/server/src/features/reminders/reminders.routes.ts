import {
  appointmentReminderSchema,
  reminderSettingsMessages as m,
  reminderSettingsAnswerSchema,
  reminderSettingsSchema,
} from '@studiolo/domain/reminders';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import { registerReminderLinkRoutes } from './reminder-link.routes.ts';
import * as reminders from './reminders.service.ts';

const tags = ['reminders'];
const studioQuery = z.object({ studioId: z.uuid().optional() });
const settingsEnvelope = { 200: envelopeSchema(reminderSettingsAnswerSchema) };
/** An appointment's id, or an occurrence's (the series' id and the original start, as the calendar names it). */
const eventIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_\d{8}T\d{6}Z)?$/i),
});

/** Impostazioni › Promemoria, the reminders of an appointment, a patient's opt-out (decision 036). */
export const registerReminderRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerReminderLinkRoutes(fastify, deps);

  app.get(
    '/settings/reminders',
    {
      schema: { tags, querystring: studioQuery, response: settingsEnvelope },
      config: { access: { permission: 'settings:read' } },
    },
    async (req) => ok(await reminders.getReminderSettings(deps, studioOf(req))),
  );

  app.put(
    '/settings/reminders',
    {
      schema: { tags, querystring: studioQuery, body: reminderSettingsSchema, response: settingsEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => ok(await reminders.putReminderSettings(deps, studioOf(req), req.body), m.saved),
  );

  app.get(
    '/events/:id/reminders',
    {
      schema: {
        tags,
        params: eventIdParams,
        querystring: studioQuery,
        response: { 200: envelopeSchema(z.array(appointmentReminderSchema)) },
      },
      config: { access: { permission: 'calendar:read', tenant: { resource: 'event', idParam: 'id' } } },
    },
    async (req) => ok(await reminders.remindersOfEvent(deps, studioOf(req), req.params.id)),
  );

  app.put(
    '/pazienti/:id/promemoria',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        querystring: studioQuery,
        body: z.strictObject({ remindersOptOut: z.boolean() }),
        response: { 200: envelopeSchema(z.object({ pazienteId: z.uuid(), remindersOptOut: z.boolean() })) },
      },
      config: { access: { permission: 'patient:write', tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req) =>
      ok(await reminders.setPatientOptOut(deps, studioOf(req), req.params.id, req.body.remindersOptOut), m.optOutSaved),
  );
};
