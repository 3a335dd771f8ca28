import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, formTemplates, patients, studios } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type FormTemplateRow = typeof formTemplates.$inferSelect;
export type FormTemplateColumns = Pick<typeof formTemplates.$inferInsert, 'title' | 'content' | 'sharedWithCommunity'>;

export const formTemplatesRepository = {
  list: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(formTemplates)
      .where(inStudio(formTemplates, ctx))
      .orderBy(asc(formTemplates.title), asc(formTemplates.id)),

  find: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(formTemplates)
      .where(inStudio(formTemplates, ctx, eq(formTemplates.id, id)))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: community-shared templates of every studio (spec part 1 §4: readable by all studios). Only rows their
   * owner marked sharedWithCommunity; the service answers them read-only and never writes through this.
   */
  unsafeListShared: (db: DbOrTx) =>
    db
      .select()
      .from(formTemplates)
      .where(eq(formTemplates.sharedWithCommunity, true))
      .orderBy(asc(formTemplates.title), asc(formTemplates.id)),

  /** unsafe: one community-shared template by id, whoever owns it (read-only, see unsafeListShared). */
  unsafeFindShared: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(formTemplates)
      .where(and(eq(formTemplates.id, id), eq(formTemplates.sharedWithCommunity, true)))
      .then((r) => r[0] ?? null),

  insert: (db: DbOrTx, ctx: StudioContext, columns: FormTemplateColumns) =>
    db
      .insert(formTemplates)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as FormTemplateRow),

  update: (db: DbOrTx, ctx: StudioContext, id: string, columns: FormTemplateColumns) =>
    db
      .update(formTemplates)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(formTemplates, ctx, eq(formTemplates.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  /** A patient of the studio, for filling the tokens (only the columns tokens print). */
  findPatient: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({
        tipologiaPersona: patients.tipologiaPersona,
        nome: patients.nome,
        cognome: patients.cognome,
        ragioneSociale: patients.ragioneSociale,
        codiceFiscale: patients.codiceFiscale,
        dataNascita: patients.dataNascita,
        comuneNascita: patients.comuneNascita,
        provinciaNascita: patients.provinciaNascita,
        indirizzo: patients.indirizzo,
        cap: patients.cap,
        comune: patients.comune,
        provincia: patients.provincia,
        cellulare: patients.cellulare,
        email: patients.email,
      })
      .from(patients)
      .where(inStudio(patients, ctx, eq(patients.id, id)))
      .then((r) => r[0] ?? null),

  /** SECURITY: the studio of the verified context itself. */
  findStudio: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? null),

  /** Where the bytes of one of the studio's files are kept (the logo printed on its forms). */
  findAssetKey: (db: DbOrTx, ctx: StudioContext, assetId: string) =>
    db
      .select({ storageKey: assets.storageKey })
      .from(assets)
      .where(inStudio(assets, ctx, eq(assets.id, assetId)))
      .then((r) => r[0]?.storageKey ?? null),

  delete: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(formTemplates)
      .where(inStudio(formTemplates, ctx, eq(formTemplates.id, id)))
      .returning({ id: formTemplates.id })
      .then((r) => r[0] ?? null),
};
