import { einvoicingMessages as m } from '@studiolo/domain/einvoicing';
import { type Fattura, fatturaInputSchema, fatturaSchema } from '@studiolo/domain/invoices';
import { envelopeSchema, httpMessages, isExistingUiDate, uiDateToIso } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { AppError, invalidField } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import { fromFatturaInput } from '../invoices/invoices.service.ts';
import * as einvoicing from './einvoicing.service.ts';

const idParams = z.object({ id: z.uuid() });
const attemptParams = z.object({ id: z.uuid(), invioId: z.uuid() });
const fatturaTenant = { resource: 'fattura', idParam: 'id' } as const;
const read = 'invoice:read' as const;
const write = 'invoice:write' as const;

const sdiErroreSchema = z.object({ codice: z.string(), descrizione: z.string(), suggerimento: z.string() });
const uiDate = (message: string) => z.string({ error: message }).refine(isExistingUiDate, { error: message });
const periodQuery = z.object({
  studioId: z.uuid().optional(),
  startDate: uiDate(m.periodRequired),
  endDate: uiDate(m.periodRequired),
});

/** The document being edited, when it exists already (its changes are previewed). */
const previewQuery = z.object({ id: z.uuid().optional() });
const previewSchema = z.object({
  canaleInvio: z.enum(['SDI', 'SISTEMA_TS']),
  canaleMotivo: z.string(),
  fileName: z.string().nullable(),
  xml: z.string().nullable(),
  errori: z.array(sdiErroreSchema),
});

const xmlFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** At most this many files in one upload, each at most 5 MB (the SDI's limit) plus its signature. */
const maxUploadFiles = 20;
const maxUploadFileBytes = 6 * 1024 * 1024;
/**
 * Bounded work (decision 033): a file is read into its model in one synchronous stretch on the event loop (parsing,
 * then every line's amounts), some 3–10 µs per tag here, so a 5 MB file of 24,000 detail lines held it 0.6 s and
 * twenty of them 26 s. An upload takes at most 10 MB in all (two invoices at the SDI's limit) and each file at most
 * 10,000 tags (some 700 detail lines, a few tens of ms); an invoice's attachments are one tag each, whatever their
 * size.
 */
const maxUploadTotalBytes = 10 * 1024 * 1024;
const maxUploadFileTags = 10_000;
const tagsIn = (bytes: Buffer) => {
  let n = 0;
  for (let i = bytes.indexOf(60); i !== -1 && n <= maxUploadFileTags; i = bytes.indexOf(60, i + 1)) n++;
  return n;
};

const receivedListQuery = z.object({
  studioId: z.uuid().optional(),
  startDate: uiDate(m.periodRequired).optional(),
  endDate: uiDate(m.periodRequired).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
const receivedSchema = z.object({
  id: z.string(),
  fornitore: z.string(),
  fornitorePartitaIva: z.string().nullable(),
  tipoDocumento: z.string(),
  numero: z.string(),
  data: z.string(),
  dataScadenza: z.string().nullable(),
  imponibile: z.number(),
  iva: z.number(),
  totale: z.number(),
  avvisi: z.array(sdiErroreSchema),
  firma: z.object({ firmatario: z.string().nullable(), verificata: z.boolean() }).nullable(),
  origine: z.enum(['UPLOAD', 'SDI']),
  fileName: z.string(),
});
const importOutcomeSchema = z.object({
  fileName: z.string(),
  esito: z.enum(['IMPORTATA', 'GIA_IMPORTATA', 'ERRORE']),
  messaggio: z.string().nullable(),
  documenti: z.array(
    z.object({
      id: z.string(),
      fornitore: z.string(),
      numero: z.string(),
      data: z.string(),
      totale: z.number(),
      avvisi: z.number(),
    }),
  ),
});

/** Electronic invoicing (spec part 2 §7: send-sdi, download-xml(s); issue 13: the preview and the attempts). */
export const registerEinvoicingRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['einvoicing'];

  // migration 0028's data step: received XML still in its rows moves to storage, in the background after start-up
  let closing = false;
  fastify.addHook('onReady', async () => {
    void einvoicing
      .moveReceivedXmlToStorage(deps, () => closing)
      .then((moved) => {
        if (moved) fastify.log.info({ moved }, 'received invoices: XML moved to storage');
      })
      .catch((err: unknown) => fastify.log.error({ err }, 'received invoices: moving XML to storage failed'));
  });
  fastify.addHook('onClose', async () => {
    closing = true;
  });

  app.post(
    '/documento-contabile/send-sdi/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(fatturaSchema) } },
      config: { access: { permission: write, tenant: fatturaTenant } },
    },
    async (req) => ok((await einvoicing.sendToSdi(deps, studioOf(req), req.params.id)) as Fattura),
  );

  app.post(
    '/documento-contabile/sdi-preview',
    {
      schema: {
        tags,
        querystring: previewQuery,
        body: fatturaInputSchema,
        response: { 200: envelopeSchema(previewSchema) },
      },
      config: { access: { permission: write, changesNothing: true } },
    },
    async (req) =>
      ok(await einvoicing.previewSdi(deps, studioOf(req), fromFatturaInput(req.body), req.query.id ?? null)),
  );

  app.get(
    '/documento-contabile/fattura/:id/download-xml',
    {
      schema: { tags, params: idParams, produces: ['application/xml'] },
      config: { access: { permission: read, tenant: fatturaTenant } },
    },
    async (req, reply) => {
      const file = await einvoicing.downloadXml(deps, studioOf(req), req.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${xmlFileName(file.fileName)}"`)
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.get(
    '/documento-contabile/fattura/:id/sdi-invii/:invioId/xml',
    {
      schema: { tags, params: attemptParams, produces: ['application/xml'] },
      config: { access: { permission: read, tenant: fatturaTenant } },
    },
    async (req, reply) => {
      const file = await einvoicing.attemptXml(deps, studioOf(req), req.params.id, req.params.invioId);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${xmlFileName(file.fileName)}"`)
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.get(
    '/documento-contabile/fattura/download-xmls',
    {
      schema: { tags, querystring: periodQuery, produces: ['application/zip'] },
      config: { access: { permission: read } },
    },
    async (req, reply) => {
      const from = uiDateToIso(req.query.startDate);
      const to = uiDateToIso(req.query.endDate);
      if (to < from) throw invalidField('endDate', m.periodRequired);
      if (
        Number(to.slice(0, 4)) * 12 +
          Number(to.slice(5, 7)) -
          (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7))) >
        12
      )
        throw invalidField('endDate', m.periodTooLong);
      const zip = await einvoicing.xmlZip(deps, studioOf(req), from, to);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="fatture-xml_${from}_${to}.zip"`)
        .header('x-total-count', String(zip.count))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );

  // ---------- received invoices (fatturazione passiva) ----------

  app.post(
    '/documento-contabile-passivo/upload',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(z.array(importOutcomeSchema)) },
      },
      config: { access: { permission: write } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      const files: einvoicing.ReceivedFile[] = [];
      let total = 0;
      for await (const part of req.files({ limits: { files: maxUploadFiles, fileSize: maxUploadFileBytes } })) {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', m.fileTooLarge);
        total += bytes.byteLength;
        if (total > maxUploadTotalBytes) throw new AppError('PAYLOAD_TOO_LARGE', m.uploadTooLarge);
        if (tagsIn(bytes) > maxUploadFileTags) throw invalidField('files', `${part.filename}: ${m.fileTooManyLines}`);
        // a view of the same bytes, not a copy: a 5 MB file copied is 5 MB more for the collector of this thread
        files.push({
          fileName: part.filename,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        });
      }
      return ok(await einvoicing.importReceived(deps, studioOf(req), files));
    },
  );

  app.get(
    '/documento-contabile-passivo',
    {
      schema: {
        tags,
        querystring: receivedListQuery,
        response: {
          200: envelopeSchema(
            z.object({
              content: z.array(receivedSchema),
              totalElements: z.number(),
              page: z.number(),
              size: z.number(),
            }),
          ),
        },
      },
      config: { access: { permission: read } },
    },
    async (req) =>
      ok(
        await einvoicing.listReceived(deps, studioOf(req), {
          startDate: req.query.startDate ?? null,
          endDate: req.query.endDate ?? null,
          page: req.query.page,
          size: req.query.size,
        }),
      ),
  );

  app.get(
    '/documento-contabile-passivo/:id/download-xml',
    {
      schema: { tags, params: idParams, produces: ['application/xml'] },
      config: { access: { permission: read, tenant: { resource: 'received-invoice', idParam: 'id' } } },
    },
    async (req, reply) => {
      const file = await einvoicing.receivedXml(deps, studioOf(req), req.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-length', file.sizeBytes)
        .header('content-disposition', `attachment; filename="${xmlFileName(file.fileName)}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  // The intermediary's webhook: public, its body verified byte for byte against the signature, so read as it came.
  fastify.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 12 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/sdi/webhook/acube',
      {
        schema: { tags, response: { 200: envelopeSchema(z.object({ esito: z.string() })) } },
        config: { access: { public: true } },
      },
      async (req) =>
        ok(
          await einvoicing.handleWebhook(deps, {
            method: req.method,
            path: req.url.split('?')[0] as string,
            headers: req.headers,
            body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          }),
        ),
    );
  });
};
