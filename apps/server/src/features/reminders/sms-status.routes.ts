import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../shared/envelope.ts';
import { receiveTwilioStatus } from './sms-status.service.ts';

/**
 * Twilio's status callback of a reminder SMS (decision 036): form-encoded, as Twilio posts it. The schema checks the
 * two fields used and keeps every other one (all are signed); every value is text, as a form's are.
 */
const twilioStatusBody = z
  .object({
    MessageSid: z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/),
    MessageStatus: z.string().regex(/^[a-z_-]{1,40}$/),
  })
  .catchall(z.string().max(2_000));

export const registerSmsStatusRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  fastify.register(async (scope) => {
    // Twilio posts application/x-www-form-urlencoded; a name sent twice keeps its last value (a status report has
    // none), and its signature would then not match
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // SECURITY: public (Twilio has no user token); authorised by X-Twilio-Signature; limited per address, generously:
    // Twilio reports each message two or three times, and 10,000 reminders leave at 08:00
    app.post(
      '/sms/twilio/status',
      {
        schema: {
          tags: ['reminders'],
          body: twilioStatusBody,
          consumes: ['application/x-www-form-urlencoded'],
          response: { 200: envelopeSchema(z.object({ outcome: z.string() })) },
        },
        config: { access: { public: true }, rateLimit: { max: 6_000, timeWindow: 60_000 } },
      },
      async (req) => {
        const header = req.headers['x-twilio-signature'];
        const { outcome, message } = await receiveTwilioStatus(
          deps,
          req.body,
          typeof header === 'string' ? header : undefined,
        );
        return ok({ outcome }, message);
      },
    );
  });
};
