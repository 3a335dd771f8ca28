import type { StudioData } from '@studiolo/domain/studio';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assets,
  calendars,
  documentiContabili,
  patients,
  storageDeletions,
  studioMembers,
  studios,
  users,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
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

  /** The studio's current logo (its asset and stored object), read before a new one replaces it. */
  findCurrentLogo: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ id: assets.id, storageKey: assets.storageKey })
      .from(studios)
      .innerJoin(assets, and(eq(assets.id, studios.logoAssetId), eq(assets.studioId, studios.id)))
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? null),

  /** Whether an issued document prints this logo: its emittente keeps the logo it was issued with. */
  isLogoOnDocuments: (db: DbOrTx, ctx: StudioContext, assetId: string) =>
    db
      .select({ id: documentiContabili.id })
      .from(documentiContabili)
      .where(inStudio(documentiContabili, ctx, sql`${documentiContabili.emittente}->>'logoAssetId' = ${assetId}`))
      .limit(1)
      .then((r) => r.length > 0),

  /**
   * Forgets a replaced logo: its row goes and its object joins the storage deletions, in the same transaction, so the
   * file leaves storage even if the process stops before removing it (the sweep of decision 030 retries).
   */
  forgetLogo: async (db: DbOrTx, ctx: StudioContext, logo: { id: string; storageKey: string }) => {
    await db.delete(assets).where(inStudio(assets, ctx, and(eq(assets.id, logo.id), eq(assets.kind, 'logo'))));
    await db
      .insert(storageDeletions)
      .values(ownedBy(ctx, { storageKey: logo.storageKey }))
      .onConflictDoNothing();
  },

  /** The owner membership of the context's user in the context's studio (the studio's deletion is theirs alone). */
  isOwner: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ id: studioMembers.id })
      .from(studioMembers)
      .where(
        inStudio(studioMembers, ctx, and(eq(studioMembers.userId, ctx.userId), eq(studioMembers.role, 'ROLE_USER'))),
      )
      .then((r) => r.length > 0),

  /** What a studio's deletion takes with it, counted (for its audit event: numbers only). */
  countsForDeletion: async (db: DbOrTx, ctx: StudioContext) => ({
    pazienti: await db.$count(patients, inStudio(patients, ctx)),
    documenti: await db.$count(documentiContabili, inStudio(documentiContabili, ctx)),
    membri: await db.$count(studioMembers, inStudio(studioMembers, ctx)),
  }),

  /**
   * Deletes the context's studio with everything it holds (issue 30 item 5, decision 040), in the caller's
   * transaction. Every studio-owned table cascades from studios; the clinical record and signed documents reference
   * their patient with NO ACTION, checked at the statement's end, when patient and record are gone together.
   * The stored objects no trigger records (logos and other assets, signature images and identity documents, the
   * signed and unsigned PDFs) join storage_deletions first; attachments and received XMLs are recorded by their
   * triggers (migrations 0017, 0028) as the cascade removes their rows; the outbox's mails and SMS are deleted by hand. Users whose current studio this was move to
   * another studio of theirs, or to none (on-boarding). @returns whether the studio was there.
   */
  deleteWithEverything: async (db: DbOrTx, ctx: StudioContext) => {
    const studioId = ctx.studioId;
    await db.execute(sql`
      insert into storage_deletions (storage_key, studio_id)
      select k, ${studioId}::uuid from (
        select storage_key as k from assets where studio_id = ${studioId}
        union select signature_image_key from signature_requests where studio_id = ${studioId}
        union select id_document_key from signature_requests where studio_id = ${studioId}
        union select original_key from signature_documents where studio_id = ${studioId}
        union select signed_key from signature_documents where studio_id = ${studioId}
      ) keys where k is not null
      on conflict (storage_key) do nothing`);
    await db.execute(sql`
      update users set current_studio_id = (
        select m.studio_id from studio_members m
        where m.user_id = users.id and m.studio_id <> ${studioId}
        order by m.created_at limit 1
      ), updated_at = now()
      where current_studio_id = ${studioId}`);
    // the outbox's messages name the studio without a foreign key (they may have no studio): they hold patients'
    // addresses and texts, and go with it
    await db.execute(sql`delete from mail_messages where studio_id = ${studioId}`);
    await db.execute(sql`delete from sms_messages where studio_id = ${studioId}`);
    const gone = await db.delete(studios).where(eq(studios.id, studioId)).returning({ id: studios.id });
    return gone.length === 1;
  },

  /** unsafe: logos are public by their unguessable id (they are printed on every invoice); only kind 'logo'. */
  unsafeFindPublicLogo: (db: DbOrTx, assetId: string) =>
    db
      .select()
      .from(assets)
      .where(and(eq(assets.id, assetId), eq(assets.kind, 'logo')))
      .then((r) => r[0] ?? null),
};
