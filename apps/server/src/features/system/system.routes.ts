import { envelopeSchema, supportEmailAddress } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../shared/envelope.ts';

/** What the web app needs to know about this installation (no secrets). */
export const publicConfigSchema = z.object({
  turnstileSiteKey: z.string().nullable(),
  mailTransport: z.enum(['smtp', 'local-outbox']),
  supportEmail: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** Who sends to the SDI: the simulator (nothing leaves) or a real intermediary, and the code suppliers use. */
  sdi: z.object({
    provider: z.enum(['simulator', 'acube']),
    label: z.string(),
    codiceDestinatario: z.string().nullable(),
  }),
});

export const registerSystemRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    {
      schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
      config: { access: { public: true }, rateLimit: false },
    },
    async () => {
      await deps.db.execute('select 1');
      return { status: 'ok' as const, database: deps.database.kind };
    },
  );

  app.get(
    '/config',
    {
      schema: { tags: ['system'], response: { 200: envelopeSchema(publicConfigSchema) } },
      config: { access: { public: true } },
    },
    async () =>
      ok({
        turnstileSiteKey: deps.config.TURNSTILE_SECRET ? (deps.config.TURNSTILE_SITE_KEY ?? null) : null,
        mailTransport: deps.mailTransport.kind,
        supportEmail: supportEmailAddress,
        database: deps.database.kind,
        sdi: {
          provider: deps.sdi.provider,
          label: deps.sdi.label,
          codiceDestinatario: deps.config.SDI_CODICE_DESTINATARIO ?? null,
        },
      }),
  );
};
