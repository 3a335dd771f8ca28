import {
  calendarSchema,
  googleCalendarLinkInputSchema,
  googleCalendarStatusSchema,
  googleConnectAnswerSchema,
  googleOAuthCallbackQuerySchema,
  calendarMessages as m,
} from '@studiolo/domain/calendar';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta, studioOf } from '../../plugins/auth-context.ts';
import { alert, ok } from '../../shared/envelope.ts';
import {
  completeGoogleLink,
  disconnectGoogle,
  googleSettingsPage,
  googleStatus,
  setCalendarGoogleLink,
  startGoogleLink,
} from './google-calendar.service.ts';

const studioQuery = z.object({ studioId: z.uuid().optional() });

/** The Google Calendar link of a studio (decision 014); PUT /events/sync-cal lives with the events. */
export const registerGoogleCalendarRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/google-calendar',
    {
      schema: {
        tags: ['calendar'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(googleCalendarStatusSchema) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req) => ok(await googleStatus(deps, studioOf(req))),
  );

  app.post(
    '/google-calendar/connect',
    {
      schema: {
        tags: ['calendar'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(googleConnectAnswerSchema) },
      },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => {
      const answer = await startGoogleLink(deps, studioOf(req));
      return answer.configured ? ok(answer) : alert(answer, m.googleNotConfigured);
    },
  );

  // SECURITY: public (Google redirects the browser here without our token); the signed state names the studio and
  // the user, whose membership and permission are checked again; anything else answers 400 and changes nothing.
  app.get(
    '/public/google-calendar/callback',
    {
      schema: { tags: ['calendar'], querystring: googleOAuthCallbackQuerySchema },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const outcome = await completeGoogleLink(deps, req.query, requestMeta(req));
      return reply.redirect(googleSettingsPage(deps, outcome), 302);
    },
  );

  app.delete(
    '/google-calendar',
    {
      schema: {
        tags: ['calendar'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => {
      await disconnectGoogle(deps, studioOf(req), (err) => req.log.warn({ err }, 'google token revoke failed'));
      return ok(null, m.googleDisconnected);
    },
  );

  app.put(
    '/calendars/:id/google',
    {
      schema: {
        tags: ['calendar'],
        params: z.object({ id: z.uuid() }),
        body: googleCalendarLinkInputSchema,
        response: { 200: envelopeSchema(calendarSchema) },
      },
      config: { access: { permission: 'calendar:write', tenant: { resource: 'calendar', idParam: 'id' } } },
    },
    async (req) =>
      ok(
        await setCalendarGoogleLink(deps, studioOf(req), req.params.id, req.body.googleCalendarId),
        m.googleCalendarLinkUpdated,
      ),
  );
};
