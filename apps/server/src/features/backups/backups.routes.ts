import {
  backupNameSchema,
  backupSettingsSchema,
  backupsAnswerSchema,
  backupSettingsMessages as m,
} from '@studiolo/domain/backups';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import * as backups from './backups.service.ts';

const tags = ['backups'];
const studioQuery = z.object({ studioId: z.uuid().optional() });
const answerEnvelope = { 200: envelopeSchema(backupsAnswerSchema) };
/** Owner only (permissions.ts): a backup holds the whole install (decision 041). */
const access = { permission: 'backup:manage' } as const;

/** Impostazioni › Backup: the embedded install's backups (issue 30 item 6, decision 041). */
export const registerBackupRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings/backups',
    { schema: { tags, querystring: studioQuery, response: answerEnvelope }, config: { access } },
    async (req) => ok(await backups.getBackups(deps, studioOf(req), req.log)),
  );

  app.post(
    '/settings/backups',
    { schema: { tags, querystring: studioQuery, response: answerEnvelope }, config: { access } },
    async (req) => ok(await backups.backupNow(deps, studioOf(req), req.log), m.taken),
  );

  app.put(
    '/settings/backups',
    {
      schema: { tags, querystring: studioQuery, body: backupSettingsSchema, response: answerEnvelope },
      config: { access },
    },
    async (req) => ok(await backups.putBackupSettings(deps, studioOf(req), req.body, req.log), m.saved),
  );

  app.get(
    '/settings/backups/:name',
    {
      schema: { tags, params: z.object({ name: backupNameSchema }), querystring: studioQuery },
      config: { access },
    },
    async (req, reply) => {
      const file = await backups.openBackup(deps, studioOf(req), req.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', contentDisposition('attachment', req.params.name))
        .send(file.stream);
    },
  );
};
