import {
  cassaPrevidenzialeTypeSchema,
  cassePrevidenziali,
  type Fattura,
  fatturaInputSchema,
  fatturaListQuerySchema,
  fatturaPageSchema,
  fatturaSchema,
  fatturaUpdateSchema,
  invoicingYearsSchema,
  linkedEventsInputSchema,
  invoiceMessages as m,
  nextNumberQuerySchema,
  nextNumberSchema,
  type Proforma,
  pagataInputSchema,
  proformaInputSchema,
  proformaListQuerySchema,
  proformaSchema,
  proformaUpdateSchema,
  statsByYearSchema,
  statsMonthlyQuerySchema,
  statsMonthlySchema,
  statsQuerySchema,
} from '@studiolo/domain/invoices';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { invalidField } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import * as sistemaTs from '../sistema-ts/sistema-ts.service.ts';
import * as invoices from './invoices.service.ts';

const idParams = z.object({ id: z.uuid() });
const fatturaIdParams = z.object({ fatturaId: z.uuid() });
const studioQuery = z.object({ studioId: z.uuid().optional() });
const pagingQuery = proformaListQuerySchema.pick({ page: true, size: true, direction: true, studioId: true });
const fatturaEnvelope = { 200: envelopeSchema(fatturaSchema) };
const proformaEnvelope = { 200: envelopeSchema(proformaSchema) };
const pageEnvelope = { 200: envelopeSchema(fatturaPageSchema) };
const fatturaTenant = { resource: 'fattura', idParam: 'id' } as const;
const proformaTenant = { resource: 'proforma', idParam: 'id' } as const;
const read = 'invoice:read' as const;
const write = 'invoice:write' as const;

/** Invoices, credit notes and pro-forma (spec part 2 §7 "/documento-contabile" and "/proforma"). */
export const registerInvoiceRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  // ---------- /documento-contabile ----------

  app.get(
    '/documento-contabile/next-documento-id',
    {
      schema: { tags, querystring: nextNumberQuerySchema, response: { 200: envelopeSchema(nextNumberSchema) } },
      config: { access: { permission: read } },
    },
    async (req) =>
      ok(await invoices.nextNumber(deps, studioOf(req), 'FATTURA', req.query.sezionale ?? '', req.query.startDate)),
  );

  app.get(
    '/documento-contabile',
    {
      schema: { tags, querystring: fatturaListQuerySchema, response: pageEnvelope },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.listDocuments(deps, studioOf(req), 'FATTURA', req.query)),
  );

  app.get(
    '/documento-contabile/fattura',
    {
      schema: { tags, querystring: fatturaListQuerySchema, response: pageEnvelope },
      config: { access: { permission: read } },
    },
    async (req) =>
      ok(await invoices.listDocuments(deps, studioOf(req), 'FATTURA', req.query, { excludeTipo: 'NOTA_DI_CREDITO' })),
  );

  app.get(
    '/documento-contabile/paziente/:id',
    {
      schema: { tags, params: idParams, querystring: pagingQuery, response: pageEnvelope },
      config: { access: { permission: read, tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req) => ok(await invoices.patientDocuments(deps, studioOf(req), 'FATTURA', req.params.id, req.query)),
  );

  app.get(
    '/documento-contabile/fattura/stats',
    {
      schema: { tags, querystring: statsQuerySchema, response: { 200: envelopeSchema(statsByYearSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.yearStats(deps, studioOf(req), req.query.year)),
  );

  app.get(
    '/documento-contabile/fattura/stats-monthly',
    {
      schema: { tags, querystring: statsMonthlyQuerySchema, response: { 200: envelopeSchema(statsMonthlySchema) } },
      config: { access: { permission: read } },
    },
    async (req) => {
      if (req.query.endDate.split('-').reverse().join('') < req.query.startDate.split('-').reverse().join(''))
        throw invalidField('endDate', m.dueBeforeDate);
      return ok(await invoices.periodStats(deps, studioOf(req), req.query.startDate, req.query.endDate));
    },
  );

  app.get(
    '/documento-contabile/fattura/invoicing-years',
    {
      schema: { tags, querystring: studioQuery, response: { 200: envelopeSchema(invoicingYearsSchema) } },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.invoicingYears(deps, studioOf(req))),
  );

  app.get(
    '/documento-contabile/:id',
    {
      schema: { tags, params: idParams, response: fatturaEnvelope },
      config: { access: { permission: read, tenant: fatturaTenant } },
    },
    async (req) => ok((await invoices.getDocument(deps, studioOf(req), 'FATTURA', req.params.id)) as Fattura),
  );

  app.post(
    '/documento-contabile',
    {
      schema: { tags, body: fatturaInputSchema, response: fatturaEnvelope },
      config: { access: { permission: write } },
    },
    async (req) => {
      const doc = (await invoices.createDocument(deps, studioOf(req), invoices.fromFatturaInput(req.body))) as Fattura;
      await sistemaTs.sendIfAutomatic(deps, studioOf(req), doc);
      return ok(doc, doc.tipoDocumento === 'NOTA_DI_CREDITO' ? m.creditNoteCreated : m.invoiceCreated);
    },
  );

  app.put(
    '/documento-contabile',
    {
      schema: { tags, body: fatturaUpdateSchema, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: { resource: 'fattura', idField: 'id' } } },
    },
    async (req) => {
      const doc = (await invoices.updateDocument(
        deps,
        studioOf(req),
        req.body.id,
        invoices.fromFatturaInput(req.body),
      )) as Fattura;
      await sistemaTs.sendIfAutomatic(deps, studioOf(req), doc);
      return ok(doc, m.invoiceUpdated);
    },
  );

  app.put(
    '/documento-contabile/:fatturaId/customer',
    {
      schema: { tags, params: fatturaIdParams, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: { resource: 'fattura', idParam: 'fatturaId' } } },
    },
    async (req) =>
      ok(
        (await invoices.refreshCustomer(deps, studioOf(req), 'FATTURA', req.params.fatturaId)) as Fattura,
        m.customerUpdated,
      ),
  );

  app.put(
    '/documento-contabile/:fatturaId/pagata',
    {
      schema: { tags, params: fatturaIdParams, body: pagataInputSchema, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: { resource: 'fattura', idParam: 'fatturaId' } } },
    },
    async (req) => {
      if (req.body.fatturaId !== req.params.fatturaId) throw invalidField('fatturaId', m.invalidValue);
      const doc = await invoices.setPaid(deps, studioOf(req), req.params.fatturaId, req.body);
      await sistemaTs.sendIfAutomatic(deps, studioOf(req), doc);
      return ok(doc, m.paidUpdated);
    },
  );

  app.put(
    '/documento-contabile/linked-calendar-events',
    {
      schema: { tags, body: linkedEventsInputSchema, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: { resource: 'fattura', idField: 'id' } } },
    },
    async (req) =>
      ok(await invoices.setLinkedEvents(deps, studioOf(req), req.body.id, req.body.eventIds), m.linkedEventsUpdated),
  );

  app.delete(
    '/documento-contabile/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          setLinkedEventsAsNotPaid: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true'),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
      config: { access: { permission: write, tenant: fatturaTenant } },
    },
    async (req) => {
      await invoices.deleteDocument(deps, studioOf(req), 'FATTURA', req.params.id, req.query);
      return ok(null, m.invoiceDeleted);
    },
  );

  app.post(
    '/documento-contabile/fattura/createFromProforma/:id',
    {
      schema: { tags, params: idParams, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: proformaTenant } },
    },
    async (req) => ok(await invoices.createFromProforma(deps, studioOf(req), req.params.id), m.invoiceCreated),
  );

  app.post(
    '/documento-contabile/nota-di-credito/from-fattura/:id',
    {
      schema: { tags, params: idParams, response: fatturaEnvelope },
      config: { access: { permission: write, tenant: fatturaTenant } },
    },
    async (req) => ok(await invoices.creditNoteFromInvoice(deps, studioOf(req), req.params.id), m.creditNoteCreated),
  );

  // ---------- /proforma ----------

  app.get(
    '/proforma/next-documento-id',
    {
      schema: {
        tags,
        querystring: nextNumberQuerySchema.omit({ sezionale: true }),
        response: { 200: envelopeSchema(nextNumberSchema) },
      },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.nextNumber(deps, studioOf(req), 'PROFORMA', '', req.query.startDate)),
  );

  app.get(
    '/proforma',
    {
      schema: { tags, querystring: proformaListQuerySchema, response: pageEnvelope },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.listDocuments(deps, studioOf(req), 'PROFORMA', req.query)),
  );

  app.get(
    '/proforma/fattura',
    {
      schema: { tags, querystring: proformaListQuerySchema, response: pageEnvelope },
      config: { access: { permission: read } },
    },
    async (req) => ok(await invoices.listDocuments(deps, studioOf(req), 'PROFORMA', req.query, { notConverted: true })),
  );

  app.get(
    '/proforma/paziente/:id',
    {
      schema: { tags, params: idParams, querystring: pagingQuery, response: pageEnvelope },
      config: { access: { permission: read, tenant: { resource: 'patient', idParam: 'id' } } },
    },
    async (req) => ok(await invoices.patientDocuments(deps, studioOf(req), 'PROFORMA', req.params.id, req.query)),
  );

  app.get(
    '/proforma/:id',
    {
      schema: { tags, params: idParams, response: proformaEnvelope },
      config: { access: { permission: read, tenant: proformaTenant } },
    },
    async (req) => ok((await invoices.getDocument(deps, studioOf(req), 'PROFORMA', req.params.id)) as Proforma),
  );

  app.post(
    '/proforma',
    {
      schema: { tags, body: proformaInputSchema, response: proformaEnvelope },
      config: { access: { permission: write } },
    },
    async (req) =>
      ok(
        (await invoices.createDocument(deps, studioOf(req), invoices.fromProformaInput(req.body))) as Proforma,
        m.proformaCreated,
      ),
  );

  app.put(
    '/proforma',
    {
      schema: { tags, body: proformaUpdateSchema, response: proformaEnvelope },
      config: { access: { permission: write, tenant: { resource: 'proforma', idField: 'id' } } },
    },
    async (req) =>
      ok(
        (await invoices.updateDocument(
          deps,
          studioOf(req),
          req.body.id,
          invoices.fromProformaInput(req.body),
        )) as Proforma,
        m.proformaUpdated,
      ),
  );

  app.put(
    '/proforma/:id/accepted',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ isAccepted: z.enum(['true', 'false']).transform((v) => v === 'true') }),
        response: proformaEnvelope,
      },
      config: { access: { permission: write, tenant: proformaTenant } },
    },
    async (req) =>
      ok(await invoices.setAccepted(deps, studioOf(req), req.params.id, req.query.isAccepted), m.proformaUpdated),
  );

  app.put(
    '/proforma/:id/customer',
    {
      schema: { tags, params: idParams, response: proformaEnvelope },
      config: { access: { permission: write, tenant: proformaTenant } },
    },
    async (req) =>
      ok(
        (await invoices.refreshCustomer(deps, studioOf(req), 'PROFORMA', req.params.id)) as Proforma,
        m.customerUpdated,
      ),
  );

  app.delete(
    '/proforma/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: write, tenant: proformaTenant } },
    },
    async (req) => {
      await invoices.deleteDocument(deps, studioOf(req), 'PROFORMA', req.params.id, {
        setLinkedEventsAsNotPaid: false,
      });
      return ok(null, m.proformaDeleted);
    },
  );

  for (const [prefix, serie, tenant] of [
    ['/documento-contabile', 'FATTURA', fatturaTenant],
    ['/proforma', 'PROFORMA', proformaTenant],
  ] as const) {
    app.get(
      `${prefix}/:id/pdf`,
      {
        schema: { tags, params: idParams, produces: ['application/pdf'] },
        config: { access: { permission: read, tenant } },
      },
      async (req, reply) => {
        const pdf = await invoices.documentPdf(deps, studioOf(req), serie, req.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${pdf.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf.bytes);
      },
    );
  }

  // ---------- tables ----------

  app.get(
    '/casse-previdenziali',
    {
      schema: {
        tags,
        querystring: studioQuery,
        response: { 200: envelopeSchema(z.array(cassaPrevidenzialeTypeSchema)) },
      },
      config: { access: { permission: read } },
    },
    async () => ok([...cassePrevidenziali]),
  );
};
