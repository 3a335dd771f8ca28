import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import underPressure from '@fastify/under-pressure';
import { httpMessages, rateLimitHeader, supportEmailAddress, tooManyRequestsMessage } from '@studiolo/domain/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerAppointmentImportJobs } from './features/appointment-imports/appointment-imports.service.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { registerEinvoicingJobs } from './features/einvoicing/einvoicing.service.ts';
import { registerFeatureRoutes } from './features/index.ts';
import { registerPatientImportJobs } from './features/patient-imports/patient-imports.service.ts';
import { registerReminderJobs } from './features/reminders/reminders.service.ts';
import { registerSignatureJobs } from './features/signature/signature.service.ts';
import { registerSistemaTsJobs } from './features/sistema-ts/sistema-ts.service.ts';
import { registerSystemRoutes } from './features/system/system.routes.ts';
import type { RegisteredRoute } from './plugins/access.ts';
import { registerAuthContext } from './plugins/auth-context.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { sharedRateLimitStore } from './plugins/rate-limit-store.ts';
import { registerTurnstile } from './plugins/turnstile.ts';
import { registerWebApp, type WebPages } from './plugins/web-app.ts';
import { errorForLog } from './shared/pg-errors.ts';

export const apiPrefix = '/app/api';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, collected as it is registered. */
    apiRoutes: RegisteredRoute[];
  }
}

/** Keys pino must never print (GUIDE §3: no tokens, passwords, codes or fiscal codes in logs). */
const redact = [
  'req.headers.authorization',
  'req.headers.actassecret',
  'req.headers["x-turnstile-token"]',
  'req.headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.token',
  '*.codiceFiscale',
  '*.otp',
];

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: { paths: redact, censor: '[redatto]' },
  serializers: {
    // a database error says its SQLSTATE and constraint only, never the query's parameters (issue 25)
    err: errorForLog,
    // Query strings can carry fiscal codes and names (search): log the path only. A signature link id is the
    // patient's credential for the signing page (decision 028): never in the log either.
    req: (req: { method: string; url: string; id: string }) => ({
      method: req.method,
      url: req.url.split('?')[0]?.replace(/(\/signature\/public\/)[^/]+/, '$1[redatto]'),
      id: req.id,
    }),
  },
});

/** Builds the whole app without listening: server.ts and the tests call it. */
export const buildApp = async (
  deps: AppDeps,
  opts: { logger?: false | { level: string; stream?: NodeJS.WritableStream } } = {},
) => {
  // Tests may silence or capture the log, never change what it redacts.
  const logger =
    opts.logger === false
      ? false
      : {
          ...(loggerOptions(opts.logger?.level ?? deps.config.LOG_LEVEL) as object),
          ...(opts.logger?.stream ? { stream: opts.logger.stream } : {}),
        };
  const trustedProxies = deps.config.TRUST_PROXY;
  const app: FastifyInstance = Fastify({
    logger,
    // SECURITY (issue 25): X-Forwarded-For is read only from the proxies TRUST_PROXY names, or through as many hops as
    // it counts; by default the client's address (rate limits, audit trail) is the socket's, whatever the request says.
    // Fastify 5 turns a plain hop count into "trust nobody", so the count is given as the equivalent function.
    trustProxy:
      typeof trustedProxies === 'number' ? (_address: string, hop: number) => hop < trustedProxies : trustedProxies,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout: 60_000,
    genReqId: () => crypto.randomUUID(),
    // Malformed URLs and over-long path parameters answer in the envelope like every other bad request.
    frameworkErrors: (error, _req, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      (reply as unknown as FastifyReply).status(status).send({ code: 'ERROR', answer: httpMessages.badRequest });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = webDistOf(deps);
  let webPages: WebPages | null = null;
  registerErrorHandler(app, { webPage: webDist ? (req, reply) => webPages?.send(req, reply) : null });

  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.pdfs.close();
  });
  deps.jobs.onError((err) => app.log.error({ err }, 'job queue error'));
  registerEinvoicingJobs(deps);
  registerSignatureJobs(deps);
  registerReminderJobs(deps);
  registerSistemaTsJobs(deps);
  registerPatientImportJobs(deps);
  registerAppointmentImportJobs(deps);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.apiRoutes.push({
        method,
        url: route.url,
        access: route.config?.access,
        turnstile: Boolean(route.config?.turnstile),
        rateLimited: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false,
        schema: route.schema as RegisteredRoute['schema'],
      });
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
        // blob: the invoice PDF page shows the PDF it fetched with the bearer token
        frameSrc: ["'self'", 'blob:', 'https://challenges.cloudflare.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: deps.config.NODE_ENV === 'production',
  });
  await app.register(underPressure, {
    // PGlite runs each query synchronously in this thread: a long one (an import, a big export batch) stalls the
    // loop by design, and answering 503 to everyone for the next second would turn one slow query into an outage.
    maxEventLoopDelay: deps.database.kind === 'pglite' ? 0 : deps.config.MAX_EVENT_LOOP_DELAY_MS,
    pressureHandler: (_req, reply) => {
      reply.status(503).send({ code: 'ERROR', answer: httpMessages.serviceUnavailable });
    },
  });
  await app.register(rateLimit, {
    // SECURITY (issue 25): on PostgreSQL the counters are shared by every instance (rate_limit_counters), or N
    // instances would give an address N times the requests; the embedded database has one instance, counting in memory.
    ...(deps.database.kind === 'postgres' ? { store: sharedRateLimitStore(deps.loginAttempts) } : {}),
    global: true,
    max: deps.config.RATE_LIMIT_GLOBAL_PER_MINUTE,
    timeWindow: 60_000,
    // The web app's own files are not requests to limit: one page load fetches dozens of them.
    allowList: (req) => !req.url.startsWith(apiPrefix),
    addHeaders: {
      'retry-after': true,
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    errorResponseBuilder: (_req, context) => {
      const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
      const err = new Error(tooManyRequestsMessage(minutes, supportEmailAddress)) as Error & {
        statusCode: number;
        retryAfterMinutes: number;
      };
      err.statusCode = 429;
      err.retryAfterMinutes = minutes;
      return err;
    },
  });
  // spec part 2 §8: 429 carries the minutes to wait.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader(rateLimitHeader)) {
      const seconds = Number(reply.getHeader('retry-after') ?? 3600);
      reply.header(rateLimitHeader, String(Math.max(1, Math.ceil(seconds / 60))));
    }
    if (reply.request.url.startsWith(apiPrefix)) {
      reply.header('cache-control', 'no-store');
      // The id the log and the audit trail carry: support can find a request from what the browser saw.
      reply.header('x-request-id', reply.request.id);
    }
    return payload;
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Studiolo API',
        version: '0.1.0',
        description: 'API di Studiolo. Ogni risposta usa la busta { code, answer, response, warnings }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerAuthContext(app, deps);
  registerTurnstile(app, deps.config);

  await app.register(
    async (api) => {
      registerSystemRoutes(api, deps);
      registerAuthRoutes(api, deps);
      registerFeatureRoutes(api, deps);
      api.get('/docs', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: apiPrefix },
  );

  if (webDist) webPages = await registerWebApp(app, webDist, deps);
  return app;
};

/** The built web app (apps/web/dist, or WEB_DIST_DIR), when there is one. */
const webDistOf = (deps: AppDeps) => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(deps.config.WEB_DIST_DIR ?? path.join(here, '../../web/dist'));
  return existsSync(path.join(dist, 'index.html')) ? dist : null;
};
