import {
  reminderLinkMessages as m,
  reminderAppointmentSchema,
  reminderLinkInputSchema,
} from '@studiolo/domain/reminders';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import {
  cancelReminderAppointment,
  confirmReminderAppointment,
  getReminderAppointment,
} from './reminder-link.service.ts';

const tags = ['reminders'];
const answer = { 200: envelopeSchema(reminderAppointmentSchema) };

/**
 * The patient's page of a reminder's link (decision 036), public: the token is the credential (256 bits, usable once
 * per action, expiring at the start). Limited per address like online booking's patient routes: reads by the public
 * read limit, the two actions by the sign-in limit (shared counters on PostgreSQL). No bot check: the token already
 * proves the message was received. The token is in the query string or the body, never in the logged path.
 */
export const registerReminderLinkRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeLimit = { max: deps.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 };
  const readLimit = { max: deps.config.RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE, timeWindow: 60_000 };
  const logOf = (req: { log: { warn: (o: object, msg: string) => void } }) => (err: unknown) =>
    req.log.warn({ err }, 'reminder link e-mail not sent');

  app.get(
    '/appointments/paziente/promemoria',
    {
      schema: { tags, querystring: reminderLinkInputSchema, response: answer },
      config: { access: { public: true }, rateLimit: readLimit },
    },
    async (req) => ok(await getReminderAppointment(deps, req.query.token, requestMeta(req))),
  );

  app.post(
    '/appointments/paziente/promemoria/conferma',
    {
      schema: { tags, body: reminderLinkInputSchema, response: answer },
      config: { access: { public: true }, rateLimit: writeLimit },
    },
    async (req) => ok(await confirmReminderAppointment(deps, req.body.token, requestMeta(req)), m.confirmed),
  );

  app.post(
    '/appointments/paziente/promemoria/annulla',
    {
      schema: { tags, body: reminderLinkInputSchema, response: answer },
      config: { access: { public: true }, rateLimit: writeLimit },
    },
    async (req) => ok(await cancelReminderAppointment(deps, req.body.token, requestMeta(req), logOf(req)), m.cancelled),
  );
};
