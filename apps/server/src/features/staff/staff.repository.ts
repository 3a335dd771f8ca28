import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { studioMembers, studios } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type StaffRow = typeof studioMembers.$inferSelect;

export const staffRepository = {
  list: (db: DbOrTx, ctx: StudioContext) =>
    db.select().from(studioMembers).where(inStudio(studioMembers, ctx)).orderBy(asc(studioMembers.createdAt)),

  findById: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(studioMembers)
      .where(inStudio(studioMembers, ctx, eq(studioMembers.id, id)))
      .then((r) => r[0] ?? null),

  findByEmail: (db: DbOrTx, ctx: StudioContext, email: string) =>
    db
      .select()
      .from(studioMembers)
      .where(inStudio(studioMembers, ctx, eq(studioMembers.email, email)))
      .then((r) => r[0] ?? null),

  insertInvite: (
    db: DbOrTx,
    ctx: StudioContext,
    row: {
      email: string;
      name: string;
      lastname: string;
      role: string;
      avatarColor: string | null;
      inviteTokenHash: string;
    },
  ) =>
    db
      .insert(studioMembers)
      .values(ownedBy(ctx, { ...row, invitedAt: new Date() }))
      .onConflictDoNothing()
      .returning()
      .then((r) => r[0] ?? null),

  update: (
    db: DbOrTx,
    ctx: StudioContext,
    id: string,
    patch: Partial<Pick<StaffRow, 'name' | 'lastname' | 'role' | 'avatarColor' | 'inviteTokenHash' | 'invitedAt'>>,
  ) =>
    db
      .update(studioMembers)
      .set({ ...patch, updatedAt: new Date() })
      .where(inStudio(studioMembers, ctx, eq(studioMembers.id, id)))
      .returning()
      .then((r) => r[0] ?? null),

  delete: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .delete(studioMembers)
      .where(inStudio(studioMembers, ctx, eq(studioMembers.id, id)))
      .returning({ id: studioMembers.id }),

  studioName: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({
        nome: studios.nome,
        cognome: studios.cognome,
        ragioneSociale: studios.ragioneSociale,
        tipologiaPersona: studios.tipologiaPersona,
      })
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: finds an invitation by the hash of its token across studios — the token itself is the proof,
   * and the caller still checks that the invited e-mail is the signed-in user's.
   */
  unsafeFindByInviteHash: (db: DbOrTx, inviteTokenHash: string) =>
    db
      .select()
      .from(studioMembers)
      .where(eq(studioMembers.inviteTokenHash, inviteTokenHash))
      .then((r) => r[0] ?? null),

  /** unsafe: links the invited member found by its token to the user who accepted it. */
  unsafeAcceptInvite: (db: DbOrTx, memberId: string, userId: string) =>
    db
      .update(studioMembers)
      .set({ userId, inviteTokenHash: null, joinedAt: new Date(), updatedAt: new Date() })
      .where(eq(studioMembers.id, memberId))
      .returning()
      .then((r) => r[0] ?? null),
};
