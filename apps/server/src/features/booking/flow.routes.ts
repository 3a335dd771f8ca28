import {
  bookingConfirmInputSchema,
  bookingConflictDataSchema,
  bookingRequestAnswerSchema,
  bookingRequestInputSchema,
  bookingTokenInputSchema,
  bookingFlowMessages as m,
  publicBookingSchema,
} from '@studiolo/domain/booking';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import {
  cancelPublicBooking,
  confirmBooking,
  getPublicBooking,
  publicBookingIcs,
  requestBookingCode,
  SlotTakenError,
} from './flow.service.ts';

const tags = ['booking'];

/** 409 when the slot went: the envelope carries the next free slots (decision 035). */
const conflictEnvelope = z.object({
  code: z.literal('ERROR'),
  answer: z.string(),
  response: bookingConflictDataSchema,
});

const sendSlotTaken = (reply: FastifyReply, err: SlotTakenError) =>
  reply.status(409).send({ code: 'ERROR', answer: err.answer, response: { nextSlots: err.nextSlots } });

/**
 * The patient's booking (spec part 1 §2 route, decision 035 "API", public): the code, the booking, its view, .ics and
 * cancellation. No account; the writes carry X-Turnstile-Token where the bot check is configured (spec part 2 §7) and
 * are limited per address (route limit, shared counters on PostgreSQL) besides the per-address and per-studio hourly
 * limits of the codes (flow.service.ts). Nothing here logs a body: patients' data and codes stay out of the log.
 */
export const registerBookingFlowRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeLimit = { max: deps.config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: 60_000 };
  const readLimit = { max: deps.config.RATE_LIMIT_BOOKING_PUBLIC_PER_MINUTE, timeWindow: 60_000 };
  const logOf = (req: { log: { warn: (o: object, msg: string) => void } }) => (err: unknown) =>
    req.log.warn({ err }, 'booking e-mail not sent');

  app.post(
    '/appointments/paziente/book/code',
    {
      schema: {
        tags,
        body: bookingRequestInputSchema,
        response: { 202: envelopeSchema(bookingRequestAnswerSchema), 409: conflictEnvelope },
      },
      config: { access: { public: true }, turnstile: true, rateLimit: writeLimit },
    },
    async (req, reply) => {
      try {
        const answer = await requestBookingCode(deps, req.body, requestMeta(req), logOf(req));
        return reply.status(202).send(ok(answer, m.codeSent(answer.sentTo)));
      } catch (err) {
        if (err instanceof SlotTakenError) return sendSlotTaken(reply, err);
        throw err;
      }
    },
  );

  app.post(
    '/appointments/paziente/book',
    {
      schema: {
        tags,
        body: bookingConfirmInputSchema,
        response: { 201: envelopeSchema(publicBookingSchema), 409: conflictEnvelope },
      },
      config: { access: { public: true }, turnstile: true, rateLimit: writeLimit },
    },
    async (req, reply) => {
      try {
        const booking = await confirmBooking(deps, req.body, requestMeta(req), logOf(req));
        const answer = booking.status === 'STUDIO_PENDING_CONFIRMATION' ? m.bookedPending : m.booked;
        return reply.status(201).send(ok(booking, answer));
      } catch (err) {
        if (err instanceof SlotTakenError) return sendSlotTaken(reply, err);
        throw err;
      }
    },
  );

  app.get(
    '/appointments/paziente/booking',
    {
      schema: { tags, querystring: bookingTokenInputSchema, response: { 200: envelopeSchema(publicBookingSchema) } },
      config: { access: { public: true }, rateLimit: readLimit },
    },
    async (req) => ok(await getPublicBooking(deps, req.query.token, requestMeta(req))),
  );

  app.get(
    '/appointments/paziente/booking.ics',
    {
      schema: { tags, querystring: bookingTokenInputSchema, produces: ['text/calendar'] },
      config: { access: { public: true }, rateLimit: readLimit },
    },
    async (req, reply) => {
      const ics = await publicBookingIcs(deps, req.query.token, requestMeta(req));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'appuntamento.ics'))
        .send(ics);
    },
  );

  app.post(
    '/appointments/paziente/cancel',
    {
      schema: { tags, body: bookingTokenInputSchema, response: { 200: envelopeSchema(publicBookingSchema) } },
      config: { access: { public: true }, turnstile: true, rateLimit: writeLimit },
    },
    async (req) => ok(await cancelPublicBooking(deps, req.body.token, requestMeta(req), logOf(req)), m.cancelled),
  );
};
