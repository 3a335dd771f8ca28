import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type MailStatus,
  type OutboxMessage,
  type OutboxMessageDetail,
  outboxMessageDetailSchema,
  outboxMessageSchema,
  outboxQuerySchema,
} from '@studiolo/domain/mail';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { notFound } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import { type MailRow, mailRepository } from './mail.repository.ts';

const idParams = z.object({ id: z.uuid() });
const mailTenant = { resource: 'mail-message', idParam: 'id' } as const;
const listEnvelope = { 200: envelopeSchema(z.array(outboxMessageSchema)) };

type ListRow = Pick<MailRow, 'id' | 'to' | 'subject' | 'status' | 'transport' | 'error' | 'createdAt'>;

const toOutboxMessage = (row: ListRow): OutboxMessage => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status as MailStatus,
  transport: row.transport as OutboxMessage['transport'],
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The message's .eml file, only where the local outbox writes them.
 * SECURITY: the path comes from our own row, but a file outside DATA_DIR/outbox is never served.
 */
const emlFileOf = (deps: AppDeps, row: MailRow): string | null => {
  if (!row.emlPath) return null;
  const outbox = path.resolve(deps.config.DATA_DIR, 'outbox');
  const file = path.resolve(row.emlPath);
  if (path.dirname(file) !== outbox || !existsSync(file)) return null;
  return file;
};

const toOutboxDetail = (deps: AppDeps, row: MailRow): OutboxMessageDetail => ({
  ...toOutboxMessage(row),
  text: row.text,
  html: row.html,
  attachments: row.attachments,
  hasEml: emlFileOf(deps, row) !== null,
});

/** The outbox: every e-mail the studio sent or kept locally (GUIDE §5: nothing is silently dropped). */
export const registerMailRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/outbox',
    {
      schema: { tags: ['mail'], querystring: outboxQuerySchema, response: listEnvelope },
      config: { access: { permission: 'outbox:read' } },
    },
    async (req) =>
      ok((await mailRepository.listForStudio(deps.db, studioOf(req), req.query.limit)).map(toOutboxMessage)),
  );

  app.get(
    '/outbox/:id',
    {
      schema: { tags: ['mail'], params: idParams, response: { 200: envelopeSchema(outboxMessageDetailSchema) } },
      config: { access: { permission: 'outbox:read', tenant: mailTenant } },
    },
    async (req) => {
      const row = await mailRepository.findForStudio(deps.db, studioOf(req), req.params.id);
      if (!row) throw notFound();
      return ok(toOutboxDetail(deps, row));
    },
  );

  app.get(
    '/outbox/:id/eml',
    {
      schema: { tags: ['mail'], params: idParams },
      config: { access: { permission: 'outbox:read', tenant: mailTenant } },
    },
    async (req, reply) => {
      const row = await mailRepository.findForStudio(deps.db, studioOf(req), req.params.id);
      const file = row ? emlFileOf(deps, row) : null;
      if (!row || !file) throw notFound();
      const bytes = await readFile(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw notFound(); // removed since the check above
        throw err;
      });
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', `attachment; filename="${row.id}.eml"`)
        .send(bytes);
    },
  );

  app.get(
    '/admin/outbox',
    {
      schema: { tags: ['mail'], querystring: outboxQuerySchema.omit({ studioId: true }), response: listEnvelope },
      config: { access: { platform: ['ROLE_ADMIN', 'ROLE_DEV'] } },
    },
    async (req) => ok((await mailRepository.unsafeListAll(deps.db, req.query.limit)).map(toOutboxMessage)),
  );
};
