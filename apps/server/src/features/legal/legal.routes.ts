import { acceptLegalInputSchema, legalPublicInfoSchema, legalStatusSchema } from '@studiolo/domain/auth';
import { legalMessages } from '@studiolo/domain/legal';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as legal from './legal.service.ts';

const tags = ['legal'];

/** The legal documents' versions, this install's sub-processors and each user's acceptances (decision 043). */
export const registerLegalRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/legal/documents',
    {
      schema: { tags, response: { 200: envelopeSchema(legalPublicInfoSchema) } },
      config: { access: { public: true } },
    },
    async () => ok(legal.publicInfo(deps)),
  );

  app.get(
    '/legal/acceptances',
    { schema: { tags, response: { 200: envelopeSchema(legalStatusSchema) } }, config: { access: { user: true } } },
    async (req) => ok(await legal.status(deps, userOf(req))),
  );

  app.post(
    '/legal/acceptances',
    {
      schema: { tags, body: acceptLegalInputSchema, response: { 200: envelopeSchema(legalStatusSchema) } },
      config: { access: { user: true } },
    },
    async (req) => ok(await legal.accept(deps, userOf(req), req.body), legalMessages.accepted),
  );
};
