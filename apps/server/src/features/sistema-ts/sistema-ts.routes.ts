import { envelopeSchema } from '@studiolo/domain/shared';
import {
  inviaTsInputSchema,
  inviaTsResultSchema,
  sistemaTsMessages as m,
  riepilogoTsQuerySchema,
  riepilogoTsSchema,
  tsDocumentoDettaglioSchema,
  tsTrasmissioniSchema,
} from '@studiolo/domain/sistema-ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { alert, ok } from '../../shared/envelope.ts';
import * as files from './sistema-ts.files.ts';
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

  // the files as sent, for the studio's accountant (issue 30 item 3)
  app.get(
    '/sistema-ts/trasmissioni',
    {
      schema: { tags, querystring: riepilogoTsQuerySchema, response: { 200: envelopeSchema(tsTrasmissioniSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await files.trasmissioni(deps, studioOf(req), req.query.anno)),
  );

  app.get(
    '/sistema-ts/trasmissioni/archivio',
    {
      schema: { tags, querystring: riepilogoTsQuerySchema, produces: ['application/zip'] },
      config: { access: { permission: read } },
    },
    async (req, reply) => {
      const zip = await files.archivioAnno(deps, studioOf(req), req.query.anno);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .header('x-total-count', String(zip.count))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );

  app.get(
    '/sistema-ts/trasmissioni/:id/file',
    {
      schema: { tags, params: idParams, produces: ['application/xml'] },
      config: { access: { permission: read, tenant: { resource: 'ts-trasmissione', idParam: 'id' } } },
    },
    async (req, reply) => {
      const file = await files.trasmissioneFile(deps, studioOf(req), req.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
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
