import { httpMessages, rateLimitHeader } from '@studiolo/domain/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, statusOf } from '../shared/app-error.ts';
import { registerInputGuard } from './input-guard.ts';

type ErrorBody = { code: 'ERROR'; answer: string | string[]; fields?: Record<string, string> };

/**
 * A file of the build (under /assets/) or a source map: never answered with index.html when missing. SECURITY: source
 * maps are not published (issue 25 item 9): the build keeps them out of dist and the static plugin refuses them.
 */
const isBuildFile = (url: string) => {
  const pathName = url.split('?')[0] ?? '';
  return pathName.startsWith('/assets/') || pathName.endsWith('.map');
};

/** The one place that turns failures into the envelope with the exact Italian text. */
export const registerErrorHandler = (
  app: FastifyInstance,
  opts: {
    /** Answers a page of the built web app (plugins/web-app.ts); null without a build. */
    webPage: ((req: FastifyRequest, reply: FastifyReply) => unknown) | null;
  },
) => {
  // the shared string rule on every route, answered by this handler (registered before any route, so all inherit it)
  registerInputGuard(app);
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterMinutes) reply.header(rateLimitHeader, String(error.retryAfterMinutes));
      const body: ErrorBody = {
        code: 'ERROR',
        answer: error.answer,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      if (error.code === 'FORBIDDEN') req.log.warn({ path: req.routeOptions.url }, 'forbidden');
      return reply.status(statusOf[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = where || '_';
        fields[key] ??= issue.message ?? httpMessages.badRequest;
      }
      const answer = [...new Set(Object.values(fields))];
      return reply.status(400).send({ code: 'ERROR', answer: answer.length === 1 ? answer[0] : answer, fields });
    }
    if (isResponseSerializationError(error)) {
      // where the answer broke its schema, never the values (they are the answer's data)
      const paths = error.cause.issues.map((i) => i.path.map(String).join('.'));
      req.log.error({ route: req.routeOptions.url, paths }, 'response does not match its schema');
      return reply.status(500).send({ code: 'ERROR', answer: httpMessages.internal });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.status(413).send({ code: 'ERROR', answer: httpMessages.payloadTooLarge });
    if (status === 415) return reply.status(415).send({ code: 'ERROR', answer: httpMessages.unsupportedMediaType });
    if (status === 429) return reply.status(429).send({ code: 'ERROR', answer: error.message });
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad multipart, and the like: the client's fault, in Italian.
      // the code only: a JSON parser's message quotes the body (issue 25)
      req.log.info({ code: error.code }, 'bad request');
      return reply.status(status).send({ code: 'ERROR', answer: httpMessages.badRequest });
    }
    // errorForLog (the logger's err serializer): a database error says its SQLSTATE and constraint only, with the
    // request id pino adds; never the query's parameters (issue 25)
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'ERROR', answer: httpMessages.internal });
  });

  app.setNotFoundHandler((req, reply) => {
    // The web app's pages (drawn on the server or in the browser); the API answers 404 in the envelope.
    if (opts.webPage && req.method === 'GET' && !req.url.startsWith('/app/api') && !isBuildFile(req.url))
      return opts.webPage(req, reply);
    return reply.status(404).send({ code: 'ERROR', answer: httpMessages.notFound });
  });
};
