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
import { publicUrl } from '../../shared/public-url.ts';
import {
  completeGoogleLink,
  disconnectGoogle,
  googleSettingsPage,
  googleStateCookie,
  googleStatus,
  setCalendarGoogleLink,
  startGoogleLink,
} from './google-calendar.service.ts';

const studioQuery = z.object({ studioId: z.uuid().optional() });

/** The state's browser cookie: HttpOnly, sent back only to the callback, Lax so Google's redirect carries it. */
const stateCookie = (deps: AppDeps, value: string, maxAgeSeconds: number) =>
  [
    `${googleStateCookie.name}=${value}`,
    `Path=${googleStateCookie.path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(publicUrl(deps).startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

const cookieOf = (header: string | undefined): string | null => {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === googleStateCookie.name) return value.join('=') || null;
  }
  return null;
};

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
    async (req, reply) => {
      const { browserNonce, ...answer } = await startGoogleLink(deps, studioOf(req));
      if (!browserNonce) return alert(answer, m.googleNotConfigured);
      reply.header('set-cookie', stateCookie(deps, browserNonce, 15 * 60));
      return ok(answer);
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
      const outcome = await completeGoogleLink(deps, req.query, cookieOf(req.headers.cookie), requestMeta(req));
      reply.header('set-cookie', stateCookie(deps, '', 0));
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
