import {
  globalNotificationInputSchema,
  globalNotificationSchema,
  bannerMessages as m,
} from '@studiolo/domain/referrals';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as banner from './banner.service.ts';

const envelope = { 200: envelopeSchema(globalNotificationSchema) };

/** The global banner (spec part 2 §2, §3 "Global notification"; decision 038). */
export const registerBannerRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/global-notifications',
    { schema: { tags: ['banner'], response: envelope }, config: { access: { user: true } } },
    async () => ok(await banner.getGlobalNotification(deps)),
  );

  app.put(
    '/global-notifications',
    {
      schema: { tags: ['banner'], body: globalNotificationInputSchema, response: envelope },
      config: { access: { platform: ['ROLE_ADMIN', 'ROLE_CONTENT_MANAGER'] } },
    },
    async (req) => ok(await banner.saveGlobalNotification(deps, userOf(req), req.body), m.saved),
  );
};
