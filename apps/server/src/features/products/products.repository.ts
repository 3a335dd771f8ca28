import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductColumns = Omit<typeof products.$inferInsert, 'id' | 'studioId' | 'createdAt' | 'updatedAt'>;

export const productsRepository = {
  list: (db: DbOrTx, ctx: StudioContext) =>
    db.select().from(products).where(inStudio(products, ctx)).orderBy(asc(products.name), asc(products.id)),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(products)
      .where(inStudio(products, ctx, eq(products.id, id)))
      .then((r) => r[0] ?? null),

  insert: (db: DbOrTx, ctx: StudioContext, columns: ProductColumns) =>
    db
      .insert(products)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as ProductRow),

  update: (db: DbOrTx, ctx: StudioContext, id: string, columns: ProductColumns) =>
    db
      .update(products)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(products, ctx, eq(products.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  deleteMany: (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    db
      .delete(products)
      .where(inStudio(products, ctx, inArray(products.id, ids)))
      .returning({ id: products.id })
      .then((r) => r.map((x) => x.id)),
};
