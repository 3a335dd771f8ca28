import {
  calendarMessages as m,
  productIdsQuerySchema,
  productInputSchema,
  productSchema,
  productUpdateSchema,
} from '@studiolo/domain/calendar';
import { envelopeSchema } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { studioOf } from '../../plugins/auth-context.ts';
import { ok } from '../../shared/envelope.ts';
import * as products from './products.service.ts';

const idParams = z.object({ id: z.uuid() });
const productEnvelope = { 200: envelopeSchema(productSchema) };

/** Services the studio offers (spec part 1 §7 "Products"). */
export const registerProductRoutes = (fastify: FastifyInstance, deps: AppDeps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        querystring: z.object({ studioId: z.uuid().optional() }),
        response: { 200: envelopeSchema(z.array(productSchema)) },
      },
      config: { access: { permission: 'calendar:read' } },
    },
    async (req) => ok(await products.listProducts(deps, studioOf(req))),
  );

  app.get(
    '/products/:id',
    {
      schema: { tags: ['products'], params: idParams, response: productEnvelope },
      config: { access: { permission: 'calendar:read', tenant: { resource: 'product', idParam: 'id' } } },
    },
    async (req) => ok(await products.getProduct(deps, studioOf(req), req.params.id)),
  );

  app.post(
    '/products',
    {
      schema: { tags: ['products'], body: productInputSchema, response: productEnvelope },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => ok(await products.createProduct(deps, studioOf(req), req.body), m.productCreated),
  );

  app.put(
    '/products',
    {
      schema: { tags: ['products'], body: productUpdateSchema, response: productEnvelope },
      config: { access: { permission: 'settings:write', tenant: { resource: 'product', idField: 'id' } } },
    },
    async (req) => ok(await products.updateProduct(deps, studioOf(req), req.body.id, req.body), m.productUpdated),
  );

  app.delete(
    '/products/:id',
    {
      schema: { tags: ['products'], params: idParams, response: { 200: envelopeSchema(z.null()) } },
      config: { access: { permission: 'settings:write', tenant: { resource: 'product', idParam: 'id' } } },
    },
    async (req) => {
      await products.deleteProducts(deps, studioOf(req), [req.params.id]);
      return ok(null, m.productDeleted);
    },
  );

  app.delete(
    '/products',
    {
      schema: { tags: ['products'], querystring: productIdsQuerySchema, response: { 200: envelopeSchema(z.number()) } },
      config: { access: { permission: 'settings:write' } },
    },
    async (req) => {
      const count = await products.deleteProducts(deps, studioOf(req), req.query.productIds);
      return ok(count, m.productsDeleted(count));
    },
  );
};
