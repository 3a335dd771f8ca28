import type { Readable } from 'node:stream';
import {
  diaryEntrySchema,
  diaryInputSchema,
  diaryUpdateSchema,
  evaluationInputSchema,
  evaluationSchema,
  evaluationUpdateSchema,
  clinicalMessages as m,
  outcomeInputSchema,
  outcomeRecordSchema,
} from '@studiolo/domain/clinical';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import { exportDiary, exportEvaluations } from './clinical.export.ts';
import * as clinical from './clinical.service.ts';

const idParams = z.object({ id: z.uuid() });
const tags = ['clinical'];
const patientTenant = { resource: 'patient', idParam: 'id' } as const;
const nothing = { 200: envelopeSchema(z.null()) };

const sendCsv = (reply: FastifyReply, name: string, day: string, file: { total: number; stream: Readable }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    // the web app shows progress as rows arrive against this count
    .header('x-total-count', String(file.total))
    .send(file.stream);

/**
 * The clinical record (issue 16; docs/api/clinical-record.md): evaluations, treatment diary, outcome measures and
 * their exports. Reading needs clinical:read (never the accounting role), writing clinical:write; every read and
 * change is written to the clinical access log (clinical-access.ts).
 */
export const registerClinicalRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ——— valutazioni ———
  app.get(
    '/pazienti/:id/valutazioni',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(z.array(evaluationSchema)) } },
      config: { access: { permission: 'clinical:read', tenant: patientTenant } },
    },
    async (req) => ok(await clinical.listEvaluations(deps, studioOf(req), req.params.id)),
  );
  app.get(
    '/valutazioni/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(evaluationSchema) } },
      config: { access: { permission: 'clinical:read', tenant: { resource: 'valutazione', idParam: 'id' } } },
    },
    async (req) => ok(await clinical.getEvaluation(deps, studioOf(req), req.params.id)),
  );
  app.get(
    '/valutazioni/:id/pdf',
    {
      schema: { tags, params: idParams, produces: ['application/pdf'] },
      config: { access: { permission: 'clinical:read', tenant: { resource: 'valutazione', idParam: 'id' } } },
    },
    async (req, reply) => {
      const pdf = await clinical.evaluationPdf(deps, studioOf(req), req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdf.fileName))
        .header('cache-control', 'no-store')
        .send(pdf.bytes);
    },
  );
  app.post(
    '/valutazioni',
    {
      schema: { tags, body: evaluationInputSchema, response: { 200: envelopeSchema(evaluationSchema) } },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'patient', idField: 'pazienteId' } } },
    },
    async (req) => {
      const { pazienteId, ...data } = req.body;
      return ok(await clinical.createEvaluation(deps, studioOf(req), pazienteId, data), m.evaluationCreated);
    },
  );
  app.put(
    '/valutazioni/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: evaluationUpdateSchema,
        response: { 200: envelopeSchema(evaluationSchema) },
      },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'valutazione', idParam: 'id' } } },
    },
    async (req) =>
      ok(await clinical.updateEvaluation(deps, studioOf(req), req.params.id, req.body), m.evaluationUpdated),
  );
  app.delete(
    '/valutazioni/:id',
    {
      schema: { tags, params: idParams, response: nothing },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'valutazione', idParam: 'id' } } },
    },
    async (req) => {
      await clinical.deleteEvaluation(deps, studioOf(req), req.params.id);
      return ok(null, m.evaluationDeleted);
    },
  );

  // ——— diari ———
  app.get(
    '/pazienti/:id/diari',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(z.array(diaryEntrySchema)) } },
      config: { access: { permission: 'clinical:read', tenant: patientTenant } },
    },
    async (req) => ok(await clinical.listDiary(deps, studioOf(req), req.params.id)),
  );
  app.get(
    '/diari/:id',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(diaryEntrySchema) } },
      config: { access: { permission: 'clinical:read', tenant: { resource: 'diario', idParam: 'id' } } },
    },
    async (req) => ok(await clinical.getDiaryEntry(deps, studioOf(req), req.params.id)),
  );
  app.post(
    '/diari',
    {
      schema: { tags, body: diaryInputSchema, response: { 200: envelopeSchema(diaryEntrySchema) } },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'patient', idField: 'pazienteId' } } },
    },
    async (req) => {
      const { pazienteId, ...data } = req.body;
      return ok(await clinical.createDiaryEntry(deps, studioOf(req), pazienteId, data), m.diaryCreated);
    },
  );
  app.put(
    '/diari/:id',
    {
      schema: { tags, params: idParams, body: diaryUpdateSchema, response: { 200: envelopeSchema(diaryEntrySchema) } },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'diario', idParam: 'id' } } },
    },
    async (req) => ok(await clinical.updateDiaryEntry(deps, studioOf(req), req.params.id, req.body), m.diaryUpdated),
  );
  app.delete(
    '/diari/:id',
    {
      schema: { tags, params: idParams, response: nothing },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'diario', idParam: 'id' } } },
    },
    async (req) => {
      await clinical.deleteDiaryEntry(deps, studioOf(req), req.params.id);
      return ok(null, m.diaryDeleted);
    },
  );

  // ——— misure di esito ———
  app.get(
    '/pazienti/:id/misure-esito',
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(z.array(outcomeRecordSchema)) } },
      config: { access: { permission: 'clinical:read', tenant: patientTenant } },
    },
    async (req) => ok(await clinical.listOutcomes(deps, studioOf(req), req.params.id)),
  );
  app.post(
    '/misure-esito',
    {
      schema: { tags, body: outcomeInputSchema, response: { 200: envelopeSchema(outcomeRecordSchema) } },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'patient', idField: 'pazienteId' } } },
    },
    async (req) => ok(await clinical.createOutcome(deps, studioOf(req), req.body), m.outcomeCreated),
  );
  app.delete(
    '/misure-esito/:id',
    {
      schema: { tags, params: idParams, response: nothing },
      config: { access: { permission: 'clinical:write', tenant: { resource: 'misura-esito', idParam: 'id' } } },
    },
    async (req) => {
      await clinical.deleteOutcome(deps, studioOf(req), req.params.id);
      return ok(null, m.outcomeDeleted);
    },
  );

  // ——— exports (spec part 1 §7): clinical:read, so the accounting role, which may export, never exports notes ———
  const exportQuery = z.object({ studioId: z.uuid().optional(), pazienteId: z.uuid().optional() });
  const dayOf = () => deps.now().toISOString().slice(0, 10).replaceAll('-', '');
  app.get(
    '/data-exporter/valutazioni-pazienti',
    {
      schema: { tags, querystring: exportQuery, produces: ['text/csv'] },
      config: { access: { permission: 'clinical:read' } },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        'valutazioni-pazienti',
        dayOf(),
        await exportEvaluations(deps, studioOf(req), req.query.pazienteId, (err) =>
          req.log.error({ err }, 'evaluations export failed'),
        ),
      ),
  );
  app.get(
    '/data-exporter/diari-pazienti',
    {
      schema: { tags, querystring: exportQuery, produces: ['text/csv'] },
      config: { access: { permission: 'clinical:read' } },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        'diari-pazienti',
        dayOf(),
        await exportDiary(deps, studioOf(req), req.query.pazienteId, (err) =>
          req.log.error({ err }, 'diary export failed'),
        ),
      ),
  );
};
