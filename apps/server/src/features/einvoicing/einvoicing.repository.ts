import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  documentiContabili,
  documentiRicevuti,
  sdiCounters,
  sdiInvii,
  sdiNotifiche,
  sdiWebhookReceipts,
  studios,
} from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type InvioRow = typeof sdiInvii.$inferSelect;
export type NotificaRow = typeof sdiNotifiche.$inferSelect;
export type RicevutoRow = typeof documentiRicevuti.$inferSelect;
export type RicevutoInsert = Omit<typeof documentiRicevuti.$inferInsert, 'id' | 'studioId' | 'createdAt'>;

/** Attempts a rejected or failed transmission leaves correctable and sendable again. */
export const correctableStati = ['SCARTATO', 'ERRORE_INVIO'] as const;

export const einvoicingRepository = {
  /** The next ProgressivoInvio of the studio, taken in the caller's transaction (given back if it rolls back). */
  nextProgressivo: async (tx: DbOrTx, ctx: StudioContext): Promise<number> => {
    const [row] = await tx
      .insert(sdiCounters)
      .values(ownedBy(ctx, { lastProgressivo: 1 }))
      .onConflictDoUpdate({
        target: sdiCounters.studioId,
        set: { lastProgressivo: sql`${sdiCounters.lastProgressivo} + 1` },
      })
      .returning({ n: sdiCounters.lastProgressivo });
    return row?.n as number;
  },

  lastInvio: (db: DbOrTx, ctx: StudioContext, documentoId: string) =>
    db
      .select()
      .from(sdiInvii)
      .where(inStudio(sdiInvii, ctx, eq(sdiInvii.documentoId, documentoId)))
      .orderBy(desc(sdiInvii.createdAt), desc(sdiInvii.id))
      .limit(1)
      .then((r) => r[0] ?? null),

  invii: (db: DbOrTx, ctx: StudioContext, documentoId: string) =>
    db
      .select()
      .from(sdiInvii)
      .where(inStudio(sdiInvii, ctx, eq(sdiInvii.documentoId, documentoId)))
      .orderBy(asc(sdiInvii.createdAt), asc(sdiInvii.id)),

  findInvio: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
      .from(sdiInvii)
      .where(inStudio(sdiInvii, ctx, eq(sdiInvii.id, id)))
      .then((r) => r[0] ?? null),

  insertInvio: (tx: DbOrTx, ctx: StudioContext, row: Omit<typeof sdiInvii.$inferInsert, 'id' | 'studioId'>) =>
    tx
      .insert(sdiInvii)
      .values(ownedBy(ctx, row))
      .returning()
      .then((r) => r[0] as InvioRow),

  /**
   * unsafe: the jobs' own access, with no request and so no studio context: the id comes from a job this server
   * queued after checking the studio, never from a caller. Takes the row only in the expected state (a job that finds
   * it otherwise does nothing: a file is never sent twice).
   */
  unsafeClaimInvio: (tx: DbOrTx, id: string, from: string, to: string) =>
    tx
      .update(sdiInvii)
      .set({ stato: to })
      .where(and(eq(sdiInvii.id, id), eq(sdiInvii.stato, from)))
      .returning()
      .then((r) => r[0] ?? null),

  /** unsafe: jobs and the intermediary's verified webhook only (see unsafeClaimInvio). */
  unsafeUpdateInvio: (tx: DbOrTx, id: string, set: Partial<typeof sdiInvii.$inferInsert>) =>
    tx
      .update(sdiInvii)
      .set(set)
      .where(eq(sdiInvii.id, id))
      .returning()
      .then((r) => r[0] ?? null),

  /** unsafe: jobs and the intermediary's verified webhook only (see unsafeClaimInvio). */
  unsafeFindInvio: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(sdiInvii)
      .where(eq(sdiInvii.id, id))
      .then((r) => r[0] ?? null),

  /** unsafe: the intermediary's verified webhook only: its identifier of the file at the exchange. */
  unsafeFindInvioByIdentificativo: (db: DbOrTx, identificativoSdi: string) =>
    db
      .select()
      .from(sdiInvii)
      .where(eq(sdiInvii.identificativoSdi, identificativoSdi))
      .then((r) => r[0] ?? null),

  /** unsafe: start-up recovery only: attempts accepted but never handed to the queue (a crash in between). */
  unsafeStaleQueued: (db: DbOrTx, before: Date) =>
    db
      .select({ id: sdiInvii.id })
      .from(sdiInvii)
      .where(and(inArray(sdiInvii.stato, ['IN_CODA', 'INVIO_IN_CORSO']), lte(sdiInvii.createdAt, before))),

  /** unsafe: jobs and the verified webhook only; the studio is the attempt's own. */
  unsafeInsertNotifica: (tx: DbOrTx, row: Omit<typeof sdiNotifiche.$inferInsert, 'id'>) =>
    tx
      .insert(sdiNotifiche)
      .values(row)
      .returning()
      .then((r) => r[0] as NotificaRow),

  notificheOf: (db: DbOrTx, ctx: StudioContext, documentoIds: string[]) =>
    documentoIds.length
      ? db
          .select()
          .from(sdiNotifiche)
          .where(inStudio(sdiNotifiche, ctx, inArray(sdiNotifiche.documentoId, documentoIds)))
          .orderBy(asc(sdiNotifiche.createdAt), asc(sdiNotifiche.id))
      : Promise.resolve([] as NotificaRow[]),

  /** The XML of each document of a period as last sent and not refused, oldest first, a page at a time. */
  sentXmlPage: (db: DbOrTx, ctx: StudioContext, from: string, to: string, afterId: string | null, limit: number) =>
    db
      .selectDistinctOn([sdiInvii.documentoId], {
        id: sdiInvii.documentoId,
        fileName: sdiInvii.fileName,
        xml: sdiInvii.xml,
      })
      .from(sdiInvii)
      .innerJoin(documentiContabili, eq(documentiContabili.id, sdiInvii.documentoId))
      .where(
        inStudio(
          sdiInvii,
          ctx,
          gte(documentiContabili.dataDocumento, from),
          lte(documentiContabili.dataDocumento, to),
          sql`${sdiInvii.stato} not in ('SCARTATO', 'ERRORE_INVIO')`,
          afterId ? gt(sdiInvii.documentoId, afterId) : undefined,
        ),
      )
      .orderBy(asc(sdiInvii.documentoId), desc(sdiInvii.createdAt))
      .limit(limit),

  countSent: (db: DbOrTx, ctx: StudioContext, from: string, to: string) =>
    db
      .select({ n: sql<number>`count(distinct ${sdiInvii.documentoId})::int` })
      .from(sdiInvii)
      .innerJoin(documentiContabili, eq(documentiContabili.id, sdiInvii.documentoId))
      .where(
        inStudio(
          sdiInvii,
          ctx,
          gte(documentiContabili.dataDocumento, from),
          lte(documentiContabili.dataDocumento, to),
          sql`${sdiInvii.stato} not in ('SCARTATO', 'ERRORE_INVIO')`,
        ),
      )
      .then((r) => r[0]?.n ?? 0),

  /** unsafe: the verified webhook only: remembers a call's signature; false when it was seen already (a replay). */
  unsafeRecordWebhookReceipt: (db: DbOrTx, signatureHash: string) =>
    db
      .insert(sdiWebhookReceipts)
      .values({ signatureHash })
      .onConflictDoNothing()
      .returning()
      .then((r) => r.length === 1),

  /** unsafe: the verified webhook only: the studios a received invoice is addressed to, by VAT number or code. */
  unsafeStudiosByFiscalId: (db: DbOrTx, ids: string[]) =>
    ids.length
      ? db
          .select({ id: studios.id })
          .from(studios)
          .where(or(inArray(studios.partitaIva, ids), inArray(studios.codiceFiscale, ids)))
          .then((r) => r.map((s) => s.id))
      : Promise.resolve([] as string[]),

  // ---------- received invoices ----------

  /** The studio's fiscal identifiers: a received invoice should be addressed to them. */
  studioIdentity: (db: DbOrTx, ctx: StudioContext) =>
    db
      .select({ partitaIva: studios.partitaIva, codiceFiscale: studios.codiceFiscale })
      .from(studios)
      .where(eq(studios.id, ctx.studioId))
      .then((r) => r[0] ?? { partitaIva: null, codiceFiscale: null }),

  insertRicevuti: (tx: DbOrTx, ctx: StudioContext, rows: RicevutoInsert[]) =>
    tx
      .insert(documentiRicevuti)
      .values(rows.map((r) => ownedBy(ctx, r)))
      .onConflictDoNothing()
      // not the XML back: a file at the SDI's 5 MB limit read back held the embedded database longer (decision 033)
      .returning({
        id: documentiRicevuti.id,
        fornitore: documentiRicevuti.fornitore,
        numero: documentiRicevuti.numero,
        dataDocumento: documentiRicevuti.dataDocumento,
        totaleCents: documentiRicevuti.totaleCents,
        avvisi: documentiRicevuti.avvisi,
      }),

  ricevutiPage: (
    db: DbOrTx,
    ctx: StudioContext,
    f: { from: string | null; to: string | null; page: number; size: number },
  ) =>
    db
      .select({
        id: documentiRicevuti.id,
        fornitore: documentiRicevuti.fornitore,
        fornitorePartitaIva: documentiRicevuti.fornitorePartitaIva,
        tipoDocumento: documentiRicevuti.tipoDocumento,
        numero: documentiRicevuti.numero,
        dataDocumento: documentiRicevuti.dataDocumento,
        dataScadenza: documentiRicevuti.dataScadenza,
        imponibileCents: documentiRicevuti.imponibileCents,
        ivaCents: documentiRicevuti.ivaCents,
        totaleCents: documentiRicevuti.totaleCents,
        avvisi: documentiRicevuti.avvisi,
        firma: documentiRicevuti.firma,
        origine: documentiRicevuti.origine,
        fileName: documentiRicevuti.fileName,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(documentiRicevuti)
      .where(
        inStudio(
          documentiRicevuti,
          ctx,
          f.from ? gte(documentiRicevuti.dataDocumento, f.from) : undefined,
          f.to ? lte(documentiRicevuti.dataDocumento, f.to) : undefined,
        ),
      )
      .orderBy(desc(documentiRicevuti.dataDocumento), desc(documentiRicevuti.createdAt))
      .limit(f.size)
      .offset(f.page * f.size),

  /** Where a received document's file is: its storage key, or (a row not moved yet) the XML itself. */
  findRicevutoFile: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({
        fileName: documentiRicevuti.fileName,
        storageKey: documentiRicevuti.storageKey,
        xml: documentiRicevuti.xml,
      })
      .from(documentiRicevuti)
      .where(inStudio(documentiRicevuti, ctx, eq(documentiRicevuti.id, id)))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: the start-up move of migration 0028 works across studios (no request, no context). Files whose XML is
   * still in their rows, a batch of (studio, hash) pairs: the rows of one file share its XML.
   */
  unsafeUnmovedReceivedFiles: (db: DbOrTx, limit: number) =>
    db
      .selectDistinct({ studioId: documentiRicevuti.studioId, hash: documentiRicevuti.hash })
      .from(documentiRicevuti)
      .where(isNull(documentiRicevuti.storageKey))
      .limit(limit),

  /** unsafe: see unsafeUnmovedReceivedFiles. The XML of a file not moved yet; null when it was moved meanwhile. */
  unsafeUnmovedReceivedXml: (db: DbOrTx, file: { studioId: string; hash: string }) =>
    db
      .select({ xml: documentiRicevuti.xml })
      .from(documentiRicevuti)
      .where(
        and(
          eq(documentiRicevuti.studioId, file.studioId),
          eq(documentiRicevuti.hash, file.hash),
          isNull(documentiRicevuti.storageKey),
        ),
      )
      .limit(1)
      .then((r) => r[0]?.xml ?? null),

  /**
   * unsafe: see unsafeUnmovedReceivedFiles. Points a file's rows not moved yet at their stored object and forgets
   * their XML. @returns how many rows it changed (0: another instance moved them, or they were deleted meanwhile)
   */
  unsafeSetReceivedStorageKey: (db: DbOrTx, file: { studioId: string; hash: string }, storageKey: string) =>
    db
      .update(documentiRicevuti)
      .set({ storageKey, xml: null })
      .where(
        and(
          eq(documentiRicevuti.studioId, file.studioId),
          eq(documentiRicevuti.hash, file.hash),
          isNull(documentiRicevuti.storageKey),
        ),
      )
      .returning({ id: documentiRicevuti.id })
      .then((r) => r.length),

  /** Costs of a period (stats 'costo' and 'nrFattureRicevute'): credit notes received lower them. */
  costsOf: (db: DbOrTx, ctx: StudioContext, from: string, to: string) =>
    db
      .select({
        costoCents: sql<number>`coalesce(sum(case when ${documentiRicevuti.tipoDocumento} = 'TD04' then -${documentiRicevuti.totaleCents} else ${documentiRicevuti.totaleCents} end), 0)::bigint`,
        count: sql<number>`count(*)::int`,
      })
      .from(documentiRicevuti)
      .where(
        inStudio(
          documentiRicevuti,
          ctx,
          gte(documentiRicevuti.dataDocumento, from),
          lte(documentiRicevuti.dataDocumento, to),
        ),
      )
      .then((r) => ({ costoCents: Number(r[0]?.costoCents ?? 0), count: r[0]?.count ?? 0 })),
};
