import { currentUserSchema } from '@studiolo/domain/auth';
import { envelopeSchema } from '@studiolo/domain/shared';
import {
  acceptInviteInputSchema,
  staffInviteInputSchema,
  staffMemberSchema,
  staffMessages,
  staffUpdateInputSchema,
} from '@studiolo/domain/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf, userOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import { getCurrentUser, switchCurrentStudio } from '../auth/auth.service.ts';
import * as staff from './staff.service.ts';

const idParams = z.object({ id: z.uuid() });
const memberTenant = { resource: 'staff-member', idParam: 'id' } as const;

export const registerStaffRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const invitedMessage = () =>
    deps.mailer.transportKind === 'local-outbox' ? staffMessages.invitedLocalOutbox : staffMessages.invited;

  app.get(
    '/staff',
    {
      schema: {
        tags: ['staff'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: { 200: envelopeSchema(z.array(staffMemberSchema)) },
      },
      config: { access: { permission: 'staff:read' } },
    },
    async (req) => ok(await staff.listStaff(deps, studioOf(req))),
  );

  app.post(
    '/staff',
    {
      schema: { tags: ['staff'], body: staffInviteInputSchema, response: { 200: envelopeSchema(staffMemberSchema) } },
      config: { access: { permission: 'staff:manage' } },
    },
    async (req) => ok(await staff.inviteStaff(deps, studioOf(req), req.body), invitedMessage()),
  );

  app.put(
    '/staff/:id',
    {
      schema: {
        tags: ['staff'],
        params: idParams,
        body: staffUpdateInputSchema,
        response: { 200: envelopeSchema(staffMemberSchema) },
      },
      config: { access: { permission: 'staff:manage', tenant: memberTenant } },
    },
    async (req) => ok(await staff.updateStaff(deps, studioOf(req), req.params.id, req.body), staffMessages.updated),
  );

  app.delete(
    '/staff/:id',
    {
      schema: { tags: ['staff'], params: idParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'staff:manage', tenant: memberTenant } },
    },
    async (req) => {
      await staff.removeStaff(deps, studioOf(req), req.params.id);
      return ok(null, staffMessages.removed);
    },
  );

  app.post(
    '/staff/:id/invite',
    {
      schema: { tags: ['staff'], params: idParams, response: { 200: envelopeSchema(staffMemberSchema) } },
      config: { access: { permission: 'staff:manage', tenant: memberTenant } },
    },
    async (req) => ok(await staff.resendInvite(deps, studioOf(req), req.params.id), invitedMessage()),
  );

  app.post(
    '/staff/invitations/accept',
    {
      schema: { tags: ['staff'], body: acceptInviteInputSchema, response: { 200: envelopeSchema(currentUserSchema) } },
      config: { access: { user: true } },
    },
    async (req) => {
      const user = userOf(req);
      const studioId = await deps.db.transaction((tx) => staff.acceptInvite(tx, user, req.body.token));
      await switchCurrentStudio(deps, user, studioId);
      return ok(await getCurrentUser(deps, user), staffMessages.inviteAccepted);
    },
  );
};
