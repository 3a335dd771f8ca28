import type { CalendarResourceKind } from '@studiolo/domain/settings';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarResources, settingsSections, sezionali, studios } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type CalendarResourceRow = typeof calendarResources.$inferSelect;
export type SezionaleRow = typeof sezionali.$inferSelect;
type SectionData = Record<string, unknown>;

const sectionOf = (ctx: StudioContext, section: string) =>
  inStudio(settingsSections, ctx, eq(settingsSections.section, section));
const resourceOf = (ctx: StudioContext, id: string) => inStudio(calendarResources, ctx, eq(calendarResources.id, id));

export const settingsRepository = {
  listSections: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ section: settingsSections.section, data: settingsSections.data })
      .from(settingsSections)
      .where(inStudio(settingsSections, ctx)),

  /** Locks the section's row (when it exists) until the transaction ends, so that a merge reads what it changes. */
  findSectionForUpdate: (db: DbOrTx, ctx: StudioContext, section: string) =>
    db
      .select({ data: settingsSections.data })
      .from(settingsSections)
      .where(sectionOf(ctx, section))
      .for('update')
      .then((r) => r[0]?.data ?? null),

  replaceSection: (db: DbOrTx, ctx: StudioContext, section: string, data: SectionData) =>
    db
      .insert(settingsSections)
      .values(ownedBy(ctx, { section, data }))
      .onConflictDoUpdate({
        target: [settingsSections.studioId, settingsSections.section],
        set: { data, updatedAt: new Date() },
      })
      .returning({ data: settingsSections.data })
      .then((r) => r[0]?.data ?? data),

  /** Shallow merge in one statement (jsonb `||` replaces top-level keys): two concurrent PATCHes both land. */
  mergeSection: (db: DbOrTx, ctx: StudioContext, section: string, data: SectionData) =>
    db
      .insert(settingsSections)
      .values(ownedBy(ctx, { section, data }))
      .onConflictDoUpdate({
        target: [settingsSections.studioId, settingsSections.section],
        set: { data: sql`${settingsSections.data} || excluded.data`, updatedAt: new Date() },
      })
      .returning({ data: settingsSections.data })
      .then((r) => r[0]?.data ?? data),

  listResources: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(calendarResources)
      .where(inStudio(calendarResources, ctx))
      .orderBy(asc(calendarResources.createdAt), asc(calendarResources.id)),

  insertResource: (
    db: DbOrTx,
    ctx: StudioContext,
    kind: CalendarResourceKind,
    row: { name: string; description: string | null; active: boolean },
  ) =>
    db
      .insert(calendarResources)
      .values(ownedBy(ctx, { ...row, kind }))
      .returning()
      .then((r) => r[0] as CalendarResourceRow),

  findResource: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(calendarResources)
      .where(resourceOf(ctx, id))
      .then((r) => r[0] ?? null),

  updateResource: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    patch: Partial<Pick<CalendarResourceRow, 'name' | 'description' | 'active'>>,
  ) =>
    db
      .update(calendarResources)
      .set({ ...patch, updatedAt: new Date() })
      .where(resourceOf(ctx, id))
      .returning()
      .then((r) => r[0] ?? null),

  deleteResource: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db.delete(calendarResources).where(resourceOf(ctx, id)).returning({ id: calendarResources.id }),

  listSezionali: (db: DbOrTx, ctx: StudioContext) =>
    db.select().from(sezionali).where(inStudio(sezionali, ctx)).orderBy(asc(sezionali.createdAt), asc(sezionali.name)),

  /**
   * Serialises the studio's sezionali writes until the transaction ends: the table has no unique
   * (studio, name) index, so the upsert by name finds-then-writes under this lock.
   */
  lockSezionali: (db: DbOrTx, ctx: StudioContext) =>
    db.select({ id: studios.id }).from(studios).where(eq(studios.id, ctx.studioId)).for('update'),

  findSezionaleByName: (db: DbOrTx, ctx: StudioContext, name: string) =>
    db
      .select()
      .from(sezionali)
      .where(inStudio(sezionali, ctx, eq(sezionali.name, name)))
      .then((r) => r[0] ?? null),

  insertSezionale: (db: DbOrTx, ctx: StudioContext, row: { name: string; active: boolean; documentTypes: string[] }) =>
    db
      .insert(sezionali)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as SezionaleRow),

  updateSezionale: (db: DbOrTx, ctx: StudioContext, id: string, patch: { active: boolean; documentTypes: string[] }) =>
    db
      .update(sezionali)
      .set(patch)
      .where(inStudio(sezionali, ctx, eq(sezionali.id, id)))
      .returning()
      .then((r) => r[0] ?? null),
};
