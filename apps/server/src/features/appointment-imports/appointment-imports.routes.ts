import {
  appointmentImportApiMessages as aam,
  importApiMessages as am,
  appointmentImportChangesSchema,
  appointmentImportRowsPageSchema,
  appointmentImportSchema,
  appointmentImportUndoResultSchema,
  importLimits,
  importRowsQuerySchema,
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
import * as imports from './appointment-imports.service.ts';

const idParams = z.object({ id: z.uuid() });
const importTenant = { resource: 'appointment-import', idParam: 'id' } as const;
const importEnvelope = { 200: envelopeSchema(appointmentImportSchema) };

/**
 * The self-service import of appointments (issue 30 item 2, decision 045): Calendario › Importa appuntamenti. The
 * calendar's permissions: calendar:write to upload, change, start and undo, calendar:read to look.
 */
export const registerAppointmentImportRoutes = (root: FastifyInstance, deps: AppDeps) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/importazioni-appuntamenti',
    {
      schema: { tags: ['calendar'], consumes: ['multipart/form-data'], response: importEnvelope },
      config: { access: { permission: 'calendar:write' } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      // one file, cut at 20 MB while it streams in (the service answers 413)
      const file = await req.file({ limits: { fileSize: importLimits.maxBytes, files: 1, fields: 5 } });
      if (!file) throw new AppError('VALIDATION', am.noFile);
      return ok(
        await imports.uploadAppointmentImport(deps, studioOf(req), { fileName: file.filename, stream: file.file }),
        aam.uploaded,
      );
    },
  );

  app.get(
    '/importazioni-appuntamenti/:id',
    {
      schema: { tags: ['calendar'], params: idParams, response: importEnvelope },
      config: { access: { permission: 'calendar:read', tenant: importTenant } },
    },
    async (req) => ok(await imports.getAppointmentImport(deps, studioOf(req), req.params.id)),
  );

  app.get(
    '/importazioni-appuntamenti/:id/righe',
    {
      schema: {
        tags: ['calendar'],
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: envelopeSchema(appointmentImportRowsPageSchema) },
      },
      config: { access: { permission: 'calendar:read', tenant: importTenant } },
    },
    async (req) => ok(await imports.appointmentPreviewRows(deps, studioOf(req), req.params.id, req.query)),
  );

  app.patch(
    '/importazioni-appuntamenti/:id',
    {
      schema: { tags: ['calendar'], params: idParams, body: appointmentImportChangesSchema, response: importEnvelope },
      config: { access: { permission: 'calendar:write', tenant: importTenant } },
    },
    async (req) => ok(await imports.changeAppointmentImport(deps, studioOf(req), req.params.id, req.body), am.updated),
  );

  app.post(
    '/importazioni-appuntamenti/:id/avvio',
    {
      schema: { tags: ['calendar'], params: idParams, response: importEnvelope },
      config: { access: { permission: 'calendar:write', tenant: importTenant } },
    },
    async (req) => ok(await imports.startAppointmentImport(deps, studioOf(req), req.params.id), am.started),
  );

  app.get(
    '/importazioni-appuntamenti/:id/report.csv',
    {
      schema: { tags: ['calendar'], params: idParams },
      config: { access: { permission: 'calendar:read', tenant: importTenant } },
    },
    async (req, reply) => {
      const report = await imports.appointmentReportRows(deps, studioOf(req), req.params.id);
      // UTF-8 with BOM and semicolons for Italian Excel; every cell escaped (spreadsheetSafe: =, +, -, @ never lead)
      const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows' });
      csv.write(['Riga', 'Esito', 'Appuntamento', 'Motivo']);
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
    '/importazioni-appuntamenti/:id/annulla',
    {
      schema: {
        tags: ['calendar'],
        params: idParams,
        response: { 200: envelopeSchema(appointmentImportUndoResultSchema) },
      },
      config: { access: { permission: 'calendar:write', tenant: importTenant } },
    },
    async (req) => ok(await imports.undoAppointmentImport(deps, studioOf(req), req.params.id), am.undone),
  );
};
