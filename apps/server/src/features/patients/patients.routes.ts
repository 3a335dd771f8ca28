import {
  patientInputSchema,
  patientMessages,
  patientPageSchema,
  patientSchema,
  patientSearchQuerySchema,
  patientStateInputSchema,
  patientTagCountSchema,
  patientTagInputSchema,
  patientUpdateInputSchema,
  tagSchema,
} from '@studiolo/domain/patients';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { invalidField } from '../../shared/app-error.ts';
import { ok, sendOkPage } from '../../shared/envelope.ts';
import { exportPatientRegistry } from './patients.export.ts';
import * as patients from './patients.service.ts';

const idParams = z.object({ id: z.uuid() });
const studioQuery = z.object({ studioId: z.uuid().optional() });
const patientTenant = { resource: 'patient', idParam: 'id' } as const;
const patientInBody = { resource: 'patient', idField: 'id' } as const;
const patientEnvelope = { 200: envelopeSchema(patientSchema) };

/** Patients (spec part 1 §7 "Patients"), and their registry export (§7 "Export"). */
export const registerPatientRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/pazienti',
    {
      schema: {
        tags: ['patients'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(z.array(patientSchema)) },
      },
      config: { access: { permission: 'patient:read' } },
    },
    async (req) => ok(await patients.listAllPatients(deps, studioOf(req))),
  );

  app.get(
    '/v2/pazienti',
    {
      schema: {
        tags: ['patients'],
        querystring: patientSearchQuerySchema,
        response: { 200: envelopeSchema(patientPageSchema) },
      },
      config: { access: { permission: 'patient:read' } },
    },
    async (req, reply) => sendOkPage(reply, await patients.searchPatients(deps, studioOf(req), req.query)),
  );

  app.get(
    '/pazienti/tags',
    {
      schema: {
        tags: ['patients'],
        querystring: studioQuery,
        response: { 200: envelopeSchema(z.array(patientTagCountSchema)) },
      },
      config: { access: { permission: 'patient:read' } },
    },
    async (req) => ok(await patients.listTags(deps, studioOf(req))),
  );

  app.get(
    '/pazienti/:id',
    {
      schema: { tags: ['patients'], params: idParams, response: patientEnvelope },
      config: { access: { permission: 'patient:read', tenant: patientTenant } },
    },
    async (req) => ok(await patients.getPatient(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/pazienti',
    {
      schema: { tags: ['patients'], body: patientInputSchema, response: patientEnvelope },
      config: { access: { permission: 'patient:write' } },
    },
    async (req) =>
      ok(
        await patients.createPatient(deps, studioOf(req), req.body),
        // issue 26 item 4: a company is a customer, not a patient
        req.body.datiGenerali.tipologiaPersona === 'FISICA' ? patientMessages.created : patientMessages.customerCreated,
      ),
  );

  app.put(
    '/pazienti',
    {
      schema: { tags: ['patients'], body: patientUpdateInputSchema, response: patientEnvelope },
      config: { access: { permission: 'patient:write', tenant: patientInBody } },
    },
    async (req) =>
      ok(
        await patients.updatePatient(deps, studioOf(req), req.body.id, req.body),
        req.body.datiGenerali.tipologiaPersona === 'FISICA' ? patientMessages.updated : patientMessages.customerUpdated,
      ),
  );

  app.put(
    '/pazienti/stato',
    {
      schema: { tags: ['patients'], body: patientStateInputSchema, response: patientEnvelope },
      config: { access: { permission: 'patient:write', tenant: patientInBody } },
    },
    async (req) =>
      ok(
        await patients.setPatientState(deps, studioOf(req), req.body.id, req.body.state),
        patientMessages.stateChanged,
      ),
  );

  app.delete(
    '/pazienti/:id',
    {
      schema: { tags: ['patients'], params: idParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'patient:delete', tenant: patientTenant } },
    },
    async (req) => {
      await patients.deletePatient(deps, studioOf(req), req.params.id);
      return ok(null, patientMessages.deleted);
    },
  );

  app.patch(
    '/pazienti/:id/tags',
    {
      schema: { tags: ['patients'], params: idParams, body: patientTagInputSchema, response: patientEnvelope },
      config: { access: { permission: 'patient:write', tenant: patientTenant } },
    },
    async (req) => {
      if (req.body.pazienteId && req.body.pazienteId !== req.params.id)
        throw invalidField('pazienteId', patientMessages.pazienteIdMismatch);
      return ok(await patients.addTag(deps, studioOf(req), req.params.id, req.body.tag), patientMessages.tagAdded);
    },
  );

  app.delete(
    '/pazienti/:id/tags',
    {
      schema: {
        tags: ['patients'],
        params: idParams,
        querystring: z.object({ tag: tagSchema }),
        response: patientEnvelope,
      },
      config: { access: { permission: 'patient:write', tenant: patientTenant } },
    },
    async (req) =>
      ok(await patients.removeTag(deps, studioOf(req), req.params.id, req.query.tag), patientMessages.tagRemoved),
  );

  app.get(
    '/data-exporter/anagrafiche-pazienti',
    {
      schema: { tags: ['patients'], querystring: studioQuery },
      config: { access: { permission: 'export:run' } },
    },
    async (req, reply) => {
      const { stream, total } = await exportPatientRegistry(deps, studioOf(req), (err) =>
        req.log.error({ err }, 'patient registry export failed'),
      );
      const day = deps.now().toISOString().slice(0, 10).replaceAll('-', '');
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="anagrafiche-pazienti-${day}.csv"`)
          // the web app shows progress as rows arrive against this count
          .header('x-total-count', String(total))
          .send(stream)
      );
    },
  );
};
