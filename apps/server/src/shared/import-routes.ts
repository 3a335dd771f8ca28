/**
 * The seven routes of a self-service import (patients: decision 039; appointments: decision 045), registered from a
 * definition: upload, the import, a page of its preview's rows, the user's changes, the start, the report (CSV) and
 * the undo. Each import brings its paths, permissions, schemas, service and texts; the shape is the same.
 */
import { importApiMessages as am, importLimits, importRowsQuerySchema } from '@studiolo/domain/imports';
import { envelopeSchema, httpMessages, type Permission } from '@studiolo/domain/shared';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { TenantResource } from '../plugins/access.ts';
import { studioOf } from '../plugins/auth-context.ts';
import { AppError } from './app-error.ts';
import { contentDisposition } from './content-disposition.ts';
import { ok } from './envelope.ts';
import type { IncomingFile } from './import-upload.ts';
import { spreadsheetSafe } from './spreadsheet.ts';
import type { StudioContext } from './studio-context.ts';

type Call<A extends unknown[], R> = (deps: AppDeps, ctx: StudioContext, ...args: A) => Promise<R>;

/** What an import's routes call: its service. */
export type ImportRouteService<Changes> = {
  upload: Call<[file: IncomingFile], unknown>;
  get: Call<[id: string], unknown>;
  rows: Call<[id: string, query: z.output<typeof importRowsQuerySchema>], unknown>;
  change: Call<[id: string, changes: Changes], unknown>;
  start: Call<[id: string], unknown>;
  /** The report's rows, one text per cell (the route escapes them), and the uploaded file's name. */
  reportRows: Call<[id: string], { fileName: string; rows: string[][] }>;
  undo: Call<[id: string], unknown>;
};

export type ImportRoutesDefinition<Changes extends z.ZodType> = {
  /** '/importazioni-pazienti': the upload's path; the others add '/:id…'. */
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  permissions: { read: Permission; write: Permission; undo: Permission };
  /** The tenant suite's resource an id names. */
  tenantResource: TenantResource;
  schemas: { view: z.ZodType; rowsPage: z.ZodType; changes: Changes; undoResult: z.ZodType };
  service: ImportRouteService<z.output<Changes>>;
  messages: { uploaded: string; updated: string; started: string; undone: string };
  /** The report's header line. */
  reportHeader: readonly string[];
};

const idParams = z.object({ id: z.uuid() });

/** Registers an import's seven routes under the API root. */
export const registerImportRoutes = <Changes extends z.ZodType>(
  root: FastifyInstance,
  deps: AppDeps,
  def: ImportRoutesDefinition<Changes>,
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { path, service, messages } = def;
  const tags = [def.tag];
  const tenant = { resource: def.tenantResource, idParam: 'id' } as const;
  // a fresh object per route: Fastify keeps each route's config as given
  const read = () => ({ access: { permission: def.permissions.read, tenant } });
  const write = () => ({ access: { permission: def.permissions.write, tenant } });
  const importEnvelope = { 200: envelopeSchema(def.schemas.view) };

  app.post(
    path,
    {
      schema: { tags, consumes: ['multipart/form-data'], response: importEnvelope },
      config: { access: { permission: def.permissions.write } },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
      // one file, cut at 20 MB while it streams in (the service answers 413)
      const file = await req.file({ limits: { fileSize: importLimits.maxBytes, files: 1, fields: 5 } });
      if (!file) throw new AppError('VALIDATION', am.noFile);
      return ok(
        await service.upload(deps, studioOf(req), { fileName: file.filename, stream: file.file }),
        messages.uploaded,
      );
    },
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, params: idParams, response: importEnvelope }, config: read() },
    async (req) => ok(await service.get(deps, studioOf(req), req.params.id)),
  );

  app.get(
    `${path}/:id/righe`,
    {
      schema: {
        tags,
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: envelopeSchema(def.schemas.rowsPage) },
      },
      config: read(),
    },
    async (req) => ok(await service.rows(deps, studioOf(req), req.params.id, req.query)),
  );

  app.patch(
    `${path}/:id`,
    { schema: { tags, params: idParams, body: def.schemas.changes, response: importEnvelope }, config: write() },
    async (req) =>
      ok(await service.change(deps, studioOf(req), req.params.id, req.body as z.output<Changes>), messages.updated),
  );

  app.post(
    `${path}/:id/avvio`,
    { schema: { tags, params: idParams, response: importEnvelope }, config: write() },
    async (req) => ok(await service.start(deps, studioOf(req), req.params.id), messages.started),
  );

  app.get(`${path}/:id/report.csv`, { schema: { tags, params: idParams }, config: read() }, async (req, reply) => {
    const report = await service.reportRows(deps, studioOf(req), req.params.id);
    // UTF-8 with BOM and semicolons for Italian Excel; every cell escaped (spreadsheetSafe: =, +, -, @ never lead)
    const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows' });
    csv.write(def.reportHeader);
    for (const row of report.rows) csv.write(row.map((cell) => spreadsheetSafe(cell)));
    csv.end();
    const base = report.fileName.replace(/\.[^.]*$/u, '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `esito-importazione-${base}.csv`))
      .send(csv);
  });

  app.post(
    `${path}/:id/annulla`,
    {
      schema: { tags, params: idParams, response: { 200: envelopeSchema(def.schemas.undoResult) } },
      config: { access: { permission: def.permissions.undo, tenant } },
    },
    async (req) => ok(await service.undo(deps, studioOf(req), req.params.id), messages.undone),
  );
};
