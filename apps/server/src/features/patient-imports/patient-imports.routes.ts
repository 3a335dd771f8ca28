import {
  importApiMessages as am,
  importChangesSchema,
  importLimits,
  importRowsPageSchema,
  importRowsQuerySchema,
  importUndoResultSchema,
  patientImportSchema,
} from '@studiolo/domain/imports';
import { envelopeSchema, httpMessages } from '@studiolo/domain/shared';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { AppError } from '../../shared/app-error.ts';
import { contentDisposition } from '../../shared/content-disposition.ts';
import { ok } from '../../shared/envelope.ts';
import { spreadsheetSafe } from '../../shared/spreadsheet.ts';
import * as imports from './patient-imports.service.ts';

const idParams = z.object({ id: z.uuid() });
const importTenant = { resource: 'patient-import', idParam: 'id' } as const;
const importEnvelope = { 200: envelopeSchema(patientImportSchema) };

/** The self-service import of patients (issue 30 item 1, decision 039): Pazienti › Importa. */
export const registerPatientImportRoutes = (root: FastifyInstance, deps: AppDeps) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/importazioni-pazienti',
    {
      schema: { tags: ['patients'], consumes: ['multipart/form-data'], response: importEnvelope },
      config: { access: { permission: 'patient:write' } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      // one file, cut at 20 MB while it streams in (the service answers 413)
      const file = await req.file({ limits: { fileSize: importLimits.maxBytes, files: 1, fields: 5 } });
      if (!file) throw new AppError('VALIDATION', am.noFile);
      return ok(
        await imports.uploadImport(deps, studioOf(req), { fileName: file.filename, stream: file.file }),
        am.uploaded,
      );
    },
  );

  app.get(
    '/importazioni-pazienti/:id',
    {
      schema: { tags: ['patients'], params: idParams, response: importEnvelope },
      config: { access: { permission: 'patient:read', tenant: importTenant } },
    },
    async (req) => ok(await imports.getImport(deps, studioOf(req), req.params.id)),
  );

  app.get(
    '/importazioni-pazienti/:id/righe',
    {
      schema: {
        tags: ['patients'],
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: envelopeSchema(importRowsPageSchema) },
      },
      config: { access: { permission: 'patient:read', tenant: importTenant } },
    },
    async (req) => ok(await imports.previewRows(deps, studioOf(req), req.params.id, req.query)),
  );

  app.patch(
    '/importazioni-pazienti/:id',
    {
      schema: { tags: ['patients'], params: idParams, body: importChangesSchema, response: importEnvelope },
      config: { access: { permission: 'patient:write', tenant: importTenant } },
    },
    async (req) => ok(await imports.changeImport(deps, studioOf(req), req.params.id, req.body), am.updated),
  );

  app.post(
    '/importazioni-pazienti/:id/avvio',
    {
      schema: { tags: ['patients'], params: idParams, response: importEnvelope },
      config: { access: { permission: 'patient:write', tenant: importTenant } },
    },
    async (req) => ok(await imports.startImport(deps, studioOf(req), req.params.id), am.started),
  );

  app.get(
    '/importazioni-pazienti/:id/report.csv',
    {
      schema: { tags: ['patients'], params: idParams },
      config: { access: { permission: 'patient:read', tenant: importTenant } },
    },
    async (req, reply) => {
      const report = await imports.reportRows(deps, studioOf(req), req.params.id);
      // UTF-8 with BOM and semicolons for Italian Excel; every cell escaped (spreadsheetSafe: =, +, -, @ never lead)
      const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows' });
      csv.write(['Riga', 'Esito', 'Paziente', 'Motivo']);
      for (const row of report.rows) csv.write(row.map((cell) => spreadsheetSafe(cell)));
      csv.end();
      const base = report.fileName.replace(/\.[^.]*$/u, '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `esito-importazione-${base}.csv`))
        .send(csv);
    },
  );

  app.post(
    '/importazioni-pazienti/:id/annulla',
    {
      schema: { tags: ['patients'], params: idParams, response: { 200: envelopeSchema(importUndoResultSchema) } },
      config: { access: { permission: 'patient:delete', tenant: importTenant } },
    },
    async (req) => ok(await imports.undoImport(deps, studioOf(req), req.params.id), am.undone),
  );
};
