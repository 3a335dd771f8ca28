import {
  billingInvoiceSchema,
  checkoutQuerySchema,
  type PlanFeature,
  priceParamsSchema,
  publicPlanSchema,
  stripePriceSchema,
  subscriptionSummarySchema,
  urlResponseSchema,
} from '@studiolo/domain/billing';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requestMeta, studioOf } from '../../plugins/auth-context.ts';
import { AppError } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import * as billing from './billing.service.ts';
import { registerSimulatorRoutes } from './simulator.routes.ts';

const studioQuery = z.object({ studioId: z.uuid().optional() });
const manage = { permission: 'billing:manage' } as const;
export const stripeWebhookPath = '/app/api/stripe-integration/webhook';

/** Where the app is: PUBLIC_URL, else the address the request came to (return addresses must be on it). */
export const originOf = (deps: AppDeps, req: FastifyRequest) =>
  deps.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

/**
 * Changes a plan gates (decision 037): only changes, never reads or exports, so a studio whose subscription lapsed
 * still reads and exports everything it has. Disconnecting Google Calendar stays allowed.
 */
const gatedRoutes: Record<string, PlanFeature | 'staff-seat'> = {
  'POST /app/api/google-calendar/connect': 'google-calendar',
  'PUT /app/api/calendars/:id/google': 'google-calendar',
  'POST /app/api/staff': 'staff-seat',
};

/**
 * Subscriptions, SMS packs and the provider's webhook (spec part 2 §7 Payments; issue 29; decision 037). Registered
 * before the other features: its onRoute hook adds the plan checks to the routes above as they are declared.
 */
export const registerBillingRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const gate = methods.map((method) => gatedRoutes[`${method} ${route.url}`]).find(Boolean);
    if (!gate) return;
    const check = async (req: FastifyRequest) => {
      const ctx = studioOf(req);
      if (gate === 'staff-seat') await billing.requireStaffSeat(deps, ctx);
      else await billing.requirePlanFeature(deps, ctx, gate);
    };
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...existing, check];
  });

  // the provider's own error behind a 503 (its text for the studio is Italian and short): kept in the log
  fastify.addHook('onError', async (req, _reply, error) => {
    if (req.url.startsWith('/app/api/stripe-') && error instanceof AppError && error.cause)
      req.log.error({ err: error.cause }, 'payments provider error');
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get(
    '/stripe-products',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(z.array(stripePriceSchema)) } },
      config: { access: manage },
    },
    async () => ok(await billing.listPrices(deps, 'plan')),
  );

  // The landing page's prices: the same list as /stripe-products (/billing's), for anyone (decision 043)
  app.get(
    '/plans',
    {
      schema: { tags, response: { 200: envelopeSchema(z.array(publicPlanSchema)) } },
      config: { access: { public: true } },
    },
    async () => ok(await billing.publicPlans(deps)),
  );

  app.get(
    '/stripe-products/sms',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(z.array(stripePriceSchema)) } },
      config: { access: manage },
    },
    async () => ok(await billing.listPrices(deps, 'sms')),
  );

  app.get(
    '/stripe-integration',
    {
      schema: { tags, querystring: checkoutQuerySchema, response: { 200: envelopeSchema(urlResponseSchema) } },
      config: { access: manage },
    },
    async (req) => ok(await billing.checkout(deps, studioOf(req), req.query, originOf(deps, req))),
  );

  app.get(
    '/stripe-integration/billing',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(urlResponseSchema) } },
      config: { access: manage },
    },
    async (req) => ok(await billing.portal(deps, studioOf(req), originOf(deps, req))),
  );

  app.get(
    '/stripe-integration/prices/:id',
    {
      schema: { tags, params: priceParamsSchema, response: { 200: envelopeSchema(stripePriceSchema) } },
      config: { access: manage },
    },
    async (req) => ok(await billing.getPrice(deps, req.params.id)),
  );

  app.get(
    '/stripe-integration/subscription',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(subscriptionSummarySchema) } },
      config: { access: { permission: 'studio:read' } },
    },
    async (req) => ok(await billing.subscriptionSummary(deps, studioOf(req))),
  );

  app.get(
    '/stripe-integration/invoices',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(z.array(billingInvoiceSchema)) } },
      config: { access: manage },
    },
    async (req) => ok(await billing.invoices(deps, studioOf(req))),
  );

  // The provider's webhook: public, its body verified byte for byte against the signature, so read as it came.
  fastify.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/stripe-integration/webhook',
      {
        schema: { tags, response: { 200: envelopeSchema(z.object({ esito: z.string() })) } },
        config: { access: { public: true } },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await billing.handleWebhook(
          deps,
          body,
          typeof signature === 'string' ? signature : undefined,
          requestMeta(req),
        );
        return ok(outcome);
      },
    );
  });

  if (deps.payments.simulator) registerSimulatorRoutes(fastify, deps, deps.payments.simulator);
};
