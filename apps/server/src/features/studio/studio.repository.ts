import type { StudioData } from '@studiolo/domain/studio';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, calendars, studioMembers, studios, users } from '../../db/schema/index.ts';
import { ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type StudioRow = typeof studios.$inferSelect;

const columnsOf = (s: StudioData) => ({
  tipologiaPersona: s.tipologiaPersona,
  nome: s.tipologiaPersona === 'FISICA' ? s.nome : null,
  cognome: s.tipologiaPersona === 'FISICA' ? s.cognome : null,
  ragioneSociale: s.ragioneSociale,
  sesso: s.sesso,
  codiceFiscale: s.codiceFiscale,
  partitaIva: s.partitaIva,
  iscrizioneAlbo: s.iscrizioneAlbo,
  professione: s.professione,
  contatti: s.contatti,
  residenza: s.residenza,
  coordinateBancarie: s.coordinateBancarie,
  regimeFiscale: s.tassazione.regimeFiscale,
});

export const studioRepository = {
  /** SECURITY: the studio is always the context's own; no id from the request reaches this query. */
  findCurrent: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select()
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? null),

  /** Creates the tenant itself (on-boarding): the new id becomes the studio_id of everything it owns. */
  insert: (db: DbOrTx, data: StudioData) =>
    db
      .insert(studios)
      .values(columnsOf(data))
      .returning()
      .then((r) => r[0] as StudioRow),

  update: (db: DbOrTx, ctx: StudioContext, data: StudioData) =>
    db
      .update(studios)
      .set({ ...columnsOf(data), updatedAt: new Date() })
      .where(eq(studios.id, ctx.studioId))
      .returning()
      .then((r) => r[0] ?? null),

  setSecurity: (db: DbOrTx, ctx: StudioContext, requireStaffTwoFactor: boolean) =>
    db
      .update(studios)
      .set({ requireStaffTwoFactor, updatedAt: new Date() })
      .where(eq(studios.id, ctx.studioId))
      .returning()
      .then((r) => r[0] ?? null),

  setLogo: (db: DbOrTx, ctx: StudioContext, logoAssetId: string) =>
    db
      .update(studios)
      .set({ logoAssetId, updatedAt: new Date() })
      .where(eq(studios.id, ctx.studioId))
      .returning()
      .then((r) => r[0] ?? null),

  /** The owner's membership in a studio they just created (studio id from the row just inserted). */
  insertOwner: (
    db: DbOrTx,
    studioId: string,
    owner: { userId: string; email: string; nome: string; cognome: string; avatarColor: string | null },
  ) =>
    db.insert(studioMembers).values({
      studioId,
      userId: owner.userId,
      email: owner.email,
      name: owner.nome,
      lastname: owner.cognome,
      avatarColor: owner.avatarColor,
      role: 'ROLE_USER',
      joinedAt: new Date(),
    }),

  /** spec part 1 §4: a studio without a calendar gets "Calendario principale". */
  insertDefaultCalendarIfNone: async (db: DbOrTx, studioId: string, summary: string, description: string) => {
    const existing = await db
      .select({ id: calendars.id })
      .from(calendars)
      .where(eq(calendars.studioId, studioId))
      .limit(1);
    if (existing.length === 0) await db.insert(calendars).values({ studioId, summary, description });
  },

  setCurrentStudio: (db: DbOrTx, userId: string, studioId: string) =>
    db.update(users).set({ currentStudioId: studioId, updatedAt: new Date() }).where(eq(users.id, userId)),

  countMemberships: (db: DbOrTx, userId: string) => db.$count(studioMembers, eq(studioMembers.userId, userId)),

  insertAsset: (
    db: DbOrTx,
    ctx: StudioContext,
    row: { kind: string; fileName: string; contentType: string; sizeBytes: number; storageKey: string },
  ) =>
    db
      .insert(assets)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as typeof assets.$inferSelect),

  /** unsafe: logos are public by their unguessable id (they are printed on every invoice); only kind 'logo'. */
  unsafeFindPublicLogo: (db: DbOrTx, assetId: string) =>
    db
      .select()
      .from(assets)
      .where(and(eq(assets.id, assetId), eq(assets.kind, 'logo')))
      .then((r) => r[0] ?? null),
};
