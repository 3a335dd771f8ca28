import { envelopeSchema } from '@studiolo/domain/shared';
import {
  inviaTsInputSchema,
  inviaTsResultSchema,
  sistemaTsMessages as m,
  riepilogoTsQuerySchema,
  riepilogoTsSchema,
  tsDocumentoDettaglioSchema,
} from '@studiolo/domain/sistema-ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { alert, ok } from '../../shared/envelope.ts';
import * as sistemaTs from './sistema-ts.service.ts';

const idParams = z.object({ id: z.uuid() });
const fatturaTenant = { resource: 'fattura', idParam: 'id' } as const;
const read = 'invoice:read' as const;
const write = 'invoice:write' as const;

/** The Sistema Tessera Sanitaria (issue 14; the spec names no paths for it: decision 023). */
export const registerSistemaTsRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sistema-ts'];

  app.get(
    '/sistema-ts/riepilogo',
    {
      schema: { tags, querystring: riepilogoTsQuerySchema, response: { 200: envelopeSchema(riepilogoTsSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await sistemaTs.riepilogo(deps, studioOf(req), req.query.anno)),
  );

  app.post(
    '/sistema-ts/invia',
    {
      schema: { tags, body: inviaTsInputSchema, response: { 200: envelopeSchema(inviaTsResultSchema) } },
      config: { access: { permission: write } },
    },
    async (req) => {
      const result = await sistemaTs.invia(deps, studioOf(req), req.body);
      return result.esclusi.length
        ? alert(result, `${m.sent(result.inviati)} ${m.excluded(result.esclusi.length)}`)
        : ok(result, m.sent(result.inviati));
    },
  );

  app.get(
    '/sistema-ts/documento/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(tsDocumentoDettaglioSchema) } },
      config: { access: { permission: read, tenant: fatturaTenant } },
    },
    async (req) => ok(await sistemaTs.getDocumento(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/sistema-ts/documento/:id/cancella',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(tsDocumentoDettaglioSchema) } },
      config: { access: { permission: write, tenant: fatturaTenant } },
    },
    async (req) => ok(await sistemaTs.cancella(deps, studioOf(req), req.params.id), m.cancelQueued),
  );

  app.post(
    '/settings/sistema-ts/verifica',
    {
      schema: { tags, response: { 200: envelopeSchema(z.object({ message: z.string() })) } },
      config: { access: { permission: 'settings:write', changesNothing: true } },
    },
    async (req) => {
      const result = await sistemaTs.verificaCredenziali(deps, studioOf(req));
      return ok(result, result.message);
    },
  );
};
