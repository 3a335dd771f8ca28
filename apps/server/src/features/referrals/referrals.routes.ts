import {
  referralMessages as m,
  referralInputSchema,
  referralListSchema,
  referralSchema,
} from '@studiolo/domain/referrals';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as referrals from './referrals.service.ts';

/** The referral programme 'Programma Invita Un Amico' (spec part 2 §7 "Referral and credit"; decision 038). */
export const registerReferralRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/user-referrals',
    {
      schema: {
        tags: ['referrals'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: { 200: envelopeSchema(referralListSchema) },
      },
      config: { access: { permission: 'billing:manage' } },
    },
    async (req) => ok(await referrals.listReferrals(deps, studioOf(req))),
  );

  app.post(
    '/user-referrals',
    {
      schema: { tags: ['referrals'], body: referralInputSchema, response: { 200: envelopeSchema(referralSchema) } },
      config: { access: { permission: 'billing:manage', verifiedEmail: true } },
    },
    async (req) => ok(await referrals.createReferral(deps, studioOf(req), req.body), m.sent),
  );

  app.delete(
    '/user-referrals/:id',
    {
      schema: { tags: ['referrals'], params: z.object({ id: z.uuid() }), response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'billing:manage', tenant: { resource: 'referral', idParam: 'id' } } },
    },
    async (req) => {
      await referrals.deleteReferral(deps, studioOf(req), req.params.id);
      return ok(null, m.cancelled);
    },
  );
};
