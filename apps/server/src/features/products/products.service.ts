import type { Product, ProductData } from '@studiolo/domain/calendar';
import { centsToEuros } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../shared/app-error.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type ProductColumns, type ProductRow, productsRepository as repo } from './products.repository.ts';

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  studioId: row.studioId,
  name: row.name,
  price: centsToEuros(row.priceCents),
  grossPrice: centsToEuros(row.grossPriceCents),
  duration: row.durationMinutes,
  codiceIvaId: row.codiceIvaId,
  status: row.status,
  tipoSpesa: row.tipoSpesa,
});

const columnsOf = (p: ProductData): ProductColumns => ({
  name: p.name,
  priceCents: p.price,
  grossPriceCents: p.grossPrice,
  durationMinutes: p.duration,
  codiceIvaId: p.codiceIvaId ?? null,
  status: p.status,
  tipoSpesa: p.tipoSpesa,
});

export const listProducts = async (deps: AppDeps, ctx: StudioContext) => (await repo.list(deps.db, ctx)).map(toProduct);

export const getProduct = async (deps: AppDeps, ctx: StudioContext, id: string) => {
  const row = await repo.find(deps.db, ctx, id);
  if (!row) throw notFound();
  return toProduct(row);
};

export const createProduct = (deps: AppDeps, ctx: StudioContext, input: ProductData) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.insert(tx, ctx, columnsOf(input));
    await recordAudit(tx, ctx, { action: 'product.create', entityType: 'product', entityId: row.id });
    return toProduct(row);
  });

export const updateProduct = (deps: AppDeps, ctx: StudioContext, id: string, input: ProductData) =>
  deps.db.transaction(async (tx) => {
    const row = await repo.update(tx, ctx, id, columnsOf(input));
    if (!row) throw notFound();
    await recordAudit(tx, ctx, { action: 'product.update', entityType: 'product', entityId: id });
    return toProduct(row);
  });

/** Deletes the studio's products among the ids; an id of no product of the studio answers 404 and deletes nothing. */
export const deleteProducts = (deps: AppDeps, ctx: StudioContext, ids: string[]) =>
  deps.db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const deleted = await repo.deleteMany(tx, ctx, unique);
    if (deleted.length !== unique.length) throw notFound(); // the throw rolls the deletions back
    for (const id of deleted)
      await recordAudit(tx, ctx, { action: 'product.delete', entityType: 'product', entityId: id });
    return deleted.length;
  });
