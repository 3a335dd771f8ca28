import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentiContabili, settingsSections, tsInvii, tsLotti } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type TsLottoRow = typeof tsLotti.$inferSelect;
export type TsInvioRow = typeof tsInvii.$inferSelect;
export type TsInvioInsert = Omit<typeof tsInvii.$inferInsert, 'id' | 'studioId' | 'lottoId' | 'stato'>;

/** The year a health expense belongs to: its payment's (the document's date while it is unpaid). */
export const annoSpesa = sql<number>`extract(year from case when ${documentiContabili.pagata} then coalesce(${documentiContabili.dataIncasso}, ${documentiContabili.dataDocumento}) else ${documentiContabili.dataDocumento} end)::int`;

const tsDocuments = (ctx: StudioContext, ...conditions: SQL[]) =>
  inStudio(
    documentiContabili,
    ctx,
    eq(documentiContabili.serie, 'FATTURA'),
    eq(documentiContabili.canaleInvio, 'SISTEMA_TS'),
    ...conditions,
  );

export const sistemaTsRepository = {
  /** The documents of a year that go to the Sistema TS, oldest first. */
  documentsOfYear: (db: DbOrTx, ctx: StudioContext, anno: number) =>
    db
      .select()
      .from(documentiContabili)
      .where(tsDocuments(ctx, sql`${annoSpesa} = ${anno}`))
      .orderBy(asc(documentiContabili.dataDocumento), asc(documentiContabili.numero)),

  /** Locked for the caller's transaction unless told otherwise (a read). */
  documentsByIds: (db: DbOrTx, ctx: StudioContext, ids: string[], o: { lock: boolean } = { lock: true }) => {
    const q = db
      .select()
      .from(documentiContabili)
      .where(tsDocuments(ctx, inArray(documentiContabili.id, ids)))
      .orderBy(asc(documentiContabili.dataDocumento), asc(documentiContabili.numero));
    return o.lock ? q.for('update') : q;
  },

  /** The credit notes (any year) that correct these invoices (decision 023, 'Credit notes'). */
  creditNotesOf: async (db: DbOrTx, ctx: StudioContext, invoiceIds: string[]) =>
    invoiceIds.length === 0
      ? []
      : db
          .select()
          .from(documentiContabili)
          .where(
            tsDocuments(
              ctx,
              eq(documentiContabili.tipoDocumento, 'NOTA_DI_CREDITO'),
              inArray(documentiContabili.fatturaCollegataId, invoiceIds),
            ),
          )
          .orderBy(asc(documentiContabili.dataDocumento), asc(documentiContabili.numero)),

  /** These documents whatever their year (the invoices that credit notes correct). */
  documentsAnyYear: async (db: DbOrTx, ctx: StudioContext, ids: string[]) =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(documentiContabili)
          .where(tsDocuments(ctx, inArray(documentiContabili.id, ids))),

  /** The years with documents for the Sistema TS, newest first. */
  years: (db: DbOrTx, ctx: StudioContext) =>
    db
      .selectDistinct({ anno: annoSpesa })
      .from(documentiContabili)
      .where(tsDocuments(ctx))
      .then((r) => r.map((y) => y.anno).sort((a, b) => b - a)),

  /** Every record of these documents, oldest first. */
  inviiOf: async (db: DbOrTx, ctx: StudioContext, documentoIds: string[]) =>
    documentoIds.length === 0
      ? []
      : db
          .select({ invio: tsInvii, protocollo: tsLotti.protocollo, errore: tsLotti.errore })
          .from(tsInvii)
          .innerJoin(tsLotti, eq(tsLotti.id, tsInvii.lottoId))
          .where(inStudio(tsInvii, ctx, inArray(tsInvii.documentoId, documentoIds)))
          .orderBy(asc(tsInvii.createdAt), asc(tsInvii.id)),

  insertLotto: (tx: DbOrTx, ctx: StudioContext, row: { xml: string; canale: string }) =>
    tx
      .insert(tsLotti)
      .values(ownedBy(ctx, { ...row, stato: 'IN_CODA' }))
      .returning()
      .then((r) => r[0] as TsLottoRow),

  insertInvii: (tx: DbOrTx, ctx: StudioContext, lottoId: string, rows: TsInvioInsert[]) =>
    tx
      .insert(tsInvii)
      .values(rows.map((r) => ownedBy(ctx, { ...r, lottoId, stato: 'IN_CODA' })))
      .returning(),

  /** The studio's files holding records of the year, oldest first, with how many (bounded: a file a send). */
  lottiOfYear: (db: DbOrTx, ctx: StudioContext, anno: number) =>
    db
      .select({
        id: tsLotti.id,
        createdAt: tsLotti.createdAt,
        stato: tsLotti.stato,
        protocollo: tsLotti.protocollo,
        documenti: sql<number>`count(${tsInvii.id})::int`,
      })
      .from(tsLotti)
      .innerJoin(tsInvii, and(eq(tsInvii.lottoId, tsLotti.id), eq(tsInvii.anno, anno)))
      .where(inStudio(tsLotti, ctx))
      .groupBy(tsLotti.id)
      .orderBy(asc(tsLotti.createdAt), asc(tsLotti.id))
      .limit(5000),

  /** A file as sent (its XML), for download. */
  lottoFile: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select({ id: tsLotti.id, xml: tsLotti.xml, createdAt: tsLotti.createdAt, protocollo: tsLotti.protocollo })
      .from(tsLotti)
      .where(inStudio(tsLotti, ctx, eq(tsLotti.id, id)))
      .then((r) => r[0] ?? null),

  /** The year's records as sent, each with its file's protocol, oldest first (the accountant's list). */
  inviiOfYear: (db: DbOrTx, ctx: StudioContext, anno: number) =>
    db
      .select({
        numeroDocumento: tsInvii.numeroDocumento,
        dataEmissione: tsInvii.dataEmissione,
        operazione: tsInvii.operazione,
        stato: tsInvii.stato,
        errori: tsInvii.errori,
        createdAt: tsInvii.createdAt,
        lottoId: tsInvii.lottoId,
        protocollo: tsLotti.protocollo,
      })
      .from(tsInvii)
      .innerJoin(tsLotti, eq(tsLotti.id, tsInvii.lottoId))
      .where(inStudio(tsInvii, ctx, eq(tsInvii.anno, anno)))
      .orderBy(asc(tsInvii.createdAt), asc(tsInvii.id)),

  /**
   * unsafe: the jobs' own access, with no request and so no studio context: the id comes from a job this server
   * queued after checking the studio. Takes the row only in the expected state (a file is never sent twice).
   */
  unsafeClaimLotto: (tx: DbOrTx, id: string, from: string, to: string) =>
    tx
      .update(tsLotti)
      .set({ stato: to })
      .where(and(eq(tsLotti.id, id), eq(tsLotti.stato, from)))
      .returning()
      .then((r) => r[0] ?? null),

  /** unsafe: jobs only (see unsafeClaimLotto). */
  unsafeFindLotto: (db: DbOrTx, id: string) =>
    db
      .select()
      .from(tsLotti)
      .where(eq(tsLotti.id, id))
      .then((r) => r[0] ?? null),

  /**
   * unsafe: the stored section sistema-ts of a studio named by the caller: the request's own studio (from its context)
   * or, for a job, the file's studio (see unsafeClaimLotto).
   */
  unsafeSettingsOf: (db: DbOrTx, studioId: string) =>
    db
      .select({ data: settingsSections.data })
      .from(settingsSections)
      .where(and(eq(settingsSections.studioId, studioId), eq(settingsSections.section, 'sistema-ts')))
      .then((r) => r[0]?.data ?? null),

  /** unsafe: jobs only (see unsafeClaimLotto). */
  unsafeUpdateLotto: (tx: DbOrTx, id: string, set: Partial<typeof tsLotti.$inferInsert>) =>
    tx.update(tsLotti).set(set).where(eq(tsLotti.id, id)),

  /** unsafe: jobs only: a file's records in their order in the file. */
  unsafeInviiOfLotto: (db: DbOrTx, lottoId: string) =>
    db.select().from(tsInvii).where(eq(tsInvii.lottoId, lottoId)).orderBy(asc(tsInvii.createdAt), asc(tsInvii.id)),

  /** unsafe: jobs only. */
  unsafeUpdateInvii: (tx: DbOrTx, lottoId: string, set: Partial<typeof tsInvii.$inferInsert>) =>
    tx.update(tsInvii).set(set).where(eq(tsInvii.lottoId, lottoId)),

  /** unsafe: jobs only. */
  unsafeUpdateInvio: (tx: DbOrTx, id: string, set: Partial<typeof tsInvii.$inferInsert>) =>
    tx.update(tsInvii).set(set).where(eq(tsInvii.id, id)),

  /** unsafe: start-up recovery only: files accepted but never handed to the queue, or waiting for their outcome. */
  unsafeStaleLotti: (db: DbOrTx, before: Date) =>
    db
      .select({ id: tsLotti.id, stato: tsLotti.stato })
      .from(tsLotti)
      .where(and(inArray(tsLotti.stato, ['IN_CODA', 'INVIO_IN_CORSO', 'INVIATO']), lte(tsLotti.createdAt, before))),
};
