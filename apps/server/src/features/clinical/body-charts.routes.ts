import { bodyChartImages, bodyChartInputSchema, bodyChartMessages, bodyChartSchema } from '@studiolo/domain/clinical';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as bodyCharts from './body-charts.service.ts';

const patientParams = z.object({ pazienteId: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const patientTenant = { resource: 'patient', idParam: 'pazienteId' } as const;
const chartTenant = { resource: 'body-chart', idParam: 'id' } as const;
const chartEnvelope = { 200: envelopeSchema(bodyChartSchema) };
const imageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  showOnPicker: z.boolean(),
});

/** Body charts (spec part 1 §1, §3, §9; issue 16 item 4): the four images and the drawings kept per patient. */
export const registerBodyChartRoutes = (root: FastifyInstance, deps: AppDeps) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/body-charts/images',
    {
      schema: { tags: ['clinical'], response: { 200: envelopeSchema(z.array(imageSchema)) } },
      config: { access: { permission: 'clinical:read' } },
    },
    async () => ok(bodyChartImages.map((i) => ({ ...i }))),
  );

  app.get(
    '/pazienti/:pazienteId/body-charts',
    {
      schema: {
        tags: ['clinical'],
        params: patientParams,
        response: { 200: envelopeSchema(z.array(bodyChartSchema)) },
      },
      config: { access: { permission: 'clinical:read', tenant: patientTenant } },
    },
    async (req) => ok(await bodyCharts.listBodyCharts(deps, studioOf(req), req.params.pazienteId)),
  );

  app.post(
    '/pazienti/:pazienteId/body-charts',
    {
      schema: { tags: ['clinical'], params: patientParams, body: bodyChartInputSchema, response: chartEnvelope },
      config: { access: { permission: 'clinical:write', tenant: patientTenant } },
    },
    async (req) =>
      ok(
        await bodyCharts.createBodyChart(deps, studioOf(req), req.params.pazienteId, req.body),
        bodyChartMessages.saved,
      ),
  );

  app.get(
    '/body-charts/:id',
    {
      schema: { tags: ['clinical'], params: idParams, response: chartEnvelope },
      config: { access: { permission: 'clinical:read', tenant: chartTenant } },
    },
    async (req) => ok(await bodyCharts.getBodyChart(deps, studioOf(req), req.params.id)),
  );

  app.put(
    '/body-charts/:id',
    {
      schema: { tags: ['clinical'], params: idParams, body: bodyChartInputSchema, response: chartEnvelope },
      config: { access: { permission: 'clinical:write', tenant: chartTenant } },
    },
    async (req) =>
      ok(await bodyCharts.updateBodyChart(deps, studioOf(req), req.params.id, req.body), bodyChartMessages.saved),
  );

  app.delete(
    '/body-charts/:id',
    {
      schema: { tags: ['clinical'], params: idParams, response: { 200: envelopeSchema(z.object({ id: z.uuid() })) } },
      config: { access: { permission: 'clinical:write', tenant: chartTenant } },
    },
    async (req) => ok(await bodyCharts.deleteBodyChart(deps, studioOf(req), req.params.id), bodyChartMessages.deleted),
  );
};
