import {
  calendarioSectionInputSchema,
  calendarResourceInputSchema,
  calendarResourceKinds,
  calendarResourcePatchSchema,
  calendarResourceSchema,
  cartellaPazienteSectionInputSchema,
  fatturaSectionInputSchema,
  settingsInputSchema,
  settingsMessages,
  settingsSchema,
  settingsSectionInputSchema,
  settingsSections,
  sezionaleInputSchema,
} from '@studiolo/domain/settings';
import { envelopeSchema } from '@studiolo/domain/shared';
import { sistemaTsSectionInputSchema } from '@studiolo/domain/sistema-ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as settings from './settings.service.ts';

const idParams = z.object({ id: z.uuid() });
const resourceTenant = { resource: 'calendar-resource', idParam: 'id' } as const;
const settingsEnvelope = { 200: envelopeSchema(settingsSchema) };
const resourceEnvelope = { 200: envelopeSchema(calendarResourceSchema) };

/** Settings (spec part 1 §7, part 2 §7): the sections, calendar resources, sezionali and passive invoicing. */
export const registerSettingsRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: settingsEnvelope,
      },
      config: { access: { permission: 'settings:read' } },
    },
    async (req) => ok(await settings.getSettings(deps, studioOf(req))),
  );

  app.post(
    '/settings',
    {
      schema: { tags: ['settings'], body: settingsInputSchema, response: settingsEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => ok(await settings.replaceSettings(deps, studioOf(req), req.body), settingsMessages.saved),
  );

  for (const section of settingsSections) {
    app.patch(
      `/settings/${section}`,
      {
        schema: {
          tags: ['settings'],
          body:
            section === 'calendario'
              ? calendarioSectionInputSchema
              : section === 'fattura'
                ? fatturaSectionInputSchema
                : section === 'sistema-ts'
                  ? sistemaTsSectionInputSchema
                  : section === 'cartella-paziente'
                    ? cartellaPazienteSectionInputSchema
                    : settingsSectionInputSchema,
          response: settingsEnvelope,
        },
        config: { access: { permission: 'settings:write' } },
      },
      async (req) => ok(await settings.patchSection(deps, studioOf(req), section, req.body), settingsMessages.saved),
    );
  }

  for (const kind of calendarResourceKinds) {
    app.post(
      `/settings/calendario/${kind}`,
      {
        schema: { tags: ['settings'], body: calendarResourceInputSchema, response: resourceEnvelope },
        config: { access: { permission: 'settings:write' } },
      },
      async (req) =>
        ok(await settings.createResource(deps, studioOf(req), kind, req.body), settingsMessages.resourceSaved),
    );

    app.patch(
      `/settings/calendario/${kind}/:id`,
      {
        schema: { tags: ['settings'], params: idParams, body: calendarResourcePatchSchema, response: resourceEnvelope },
        config: { access: { permission: 'settings:write', tenant: resourceTenant } },
      },
      async (req) =>
        ok(await settings.updateResource(deps, studioOf(req), req.params.id, req.body), settingsMessages.resourceSaved),
    );

    app.delete(
      `/settings/calendario/${kind}/:id`,
      {
        schema: { tags: ['settings'], params: idParams, response: { 200: envelopeSchema(z.null()) } },
        config: { access: { permission: 'settings:write', tenant: resourceTenant } },
      },
      async (req) => {
        await settings.deleteResource(deps, studioOf(req), req.params.id);
        return ok(null, settingsMessages.resourceDeleted);
      },
    );
  }

  app.put(
    '/settings/fatturazione/sezionali',
    {
      schema: { tags: ['settings'], body: sezionaleInputSchema, response: settingsEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => ok(await settings.upsertSezionale(deps, studioOf(req), req.body), settingsMessages.sezionaleSaved),
  );

  app.post(
    '/settings/documento-contabile-passivo/enable',
    {
      schema: { tags: ['settings'], response: settingsEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) =>
      ok(await settings.setPassiveInvoice(deps, studioOf(req), true), settingsMessages.passiveInvoiceEnabled),
  );

  app.post(
    '/settings/documento-contabile-passivo/disable',
    {
      schema: { tags: ['settings'], response: settingsEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) =>
      ok(await settings.setPassiveInvoice(deps, studioOf(req), false), settingsMessages.passiveInvoiceDisabled),
  );
};
