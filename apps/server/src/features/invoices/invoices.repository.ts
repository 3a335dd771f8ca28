import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, documentCounters, documentiContabili, patients, sezionali, studios } from '../../db/schema/index.ts';
import { inStudio, ownedBy } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type DocumentRow = typeof documentiContabili.$inferSelect;
export type DocumentColumns = Omit<
  typeof documentiContabili.$inferInsert,
  'id' | 'studioId' | 'createdAt' | 'updatedAt'
>;
export type Serie = DocumentRow['serie'];
export type Register = { serie: Serie; sezionale: string; anno: number };

export type DocumentFilters = {
  serie: Serie;
  startDate: string | null;
  endDate: string | null;
  searchText: string | null;
  tipoDocumento?: string | undefined;
  excludeTipo?: string | undefined;
  isPagata: boolean | null;
  sezionale?: string | undefined;
  metodoPagamento?: string | undefined;
  pazienteId?: string | undefined;
  /** Pro-forma not yet converted into an invoice. */
  notConverted?: boolean;
};

const d = documentiContabili;
const register = (r: Register) => and(eq(d.serie, r.serie), eq(d.sezionale, r.sezionale), eq(d.anno, r.anno));
const counterOf = (r: Register) =>
  and(
    eq(documentCounters.serie, r.serie),
    eq(documentCounters.sezionale, r.sezionale),
    eq(documentCounters.anno, r.anno),
  );

const filtersOf = (f: DocumentFilters): (SQL | undefined)[] => [
  eq(d.serie, f.serie),
  f.startDate ? gte(d.dataDocumento, f.startDate) : undefined,
  f.endDate ? lte(d.dataDocumento, f.endDate) : undefined,
  // the search text holds the customer's name and codes and the document's number (a LIKE pattern: % and _ escaped)
  f.searchText ? ilike(d.clienteSearch, `%${f.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  f.tipoDocumento ? eq(d.tipoDocumento, f.tipoDocumento) : undefined,
  f.excludeTipo ? ne(d.tipoDocumento, f.excludeTipo) : undefined,
  f.isPagata === null ? undefined : eq(d.pagata, f.isPagata),
  f.sezionale !== undefined ? eq(d.sezionale, f.sezionale) : undefined,
  f.metodoPagamento ? eq(d.metodoPagamento, f.metodoPagamento) : undefined,
  f.pazienteId ? eq(d.pazienteId, f.pazienteId) : undefined,
  f.notConverted ? isNull(d.fatturaId) : undefined,
];

/** What a table row needs: everything but the lines, taxes and printed parties. */
const rowColumns = {
  id: d.id,
  idDocumento: d.idDocumento,
  tipoDocumento: d.tipoDocumento,
  numero: d.numero,
  anno: d.anno,
  sezionale: d.sezionale,
  pazienteId: d.pazienteId,
  cliente: sql<string>`${d.cliente}->>'nomeCompleto'`,
  dataDocumento: d.dataDocumento,
  dataScadenza: d.dataScadenza,
  pagata: d.pagata,
  dataIncasso: d.dataIncasso,
  metodoPagamento: d.metodoPagamento,
  accepted: d.accepted,
  isInviataToSdi: d.isInviataToSdi,
  canaleInvio: d.canaleInvio,
  totaleCents: d.totaleCents,
  nettoCents: d.nettoCents,
};
export type DocumentListRow = Pick<
  DocumentRow,
  | 'id'
  | 'idDocumento'
  | 'tipoDocumento'
  | 'numero'
  | 'anno'
  | 'sezionale'
  | 'pazienteId'
  | 'dataDocumento'
  | 'dataScadenza'
  | 'pagata'
  | 'dataIncasso'
  | 'metodoPagamento'
  | 'accepted'
  | 'isInviataToSdi'
  | 'canaleInvio'
  | 'totaleCents'
  | 'nettoCents'
> & { cliente: string };

/** The lists count matching documents up to this many; beyond, they say "more than" (decision 020). */
export const documentsCountCap = 10_000;

export const invoicesRepository = {
  find: (db: DbOrTx, ctx: StudioContext, serie: Serie, id: string) =>
    db
      .select()
      .from(d)
      .where(inStudio(d, ctx, eq(d.id, id), eq(d.serie, serie)))
      .then((r) => r[0] ?? null),

  findForUpdate: (db: DbOrTx, ctx: StudioContext, serie: Serie, id: string) =>
    db
      .select()
      .from(d)
      .where(inStudio(d, ctx, eq(d.id, id), eq(d.serie, serie)))
      .for('update')
      .then((r) => r[0] ?? null),

  /** The document of a register with this number (the neighbours of a date check). */
  findByNumber: (db: DbOrTx, ctx: StudioContext, r: Register, numero: number) =>
    db
      .select({ id: d.id, idDocumento: d.idDocumento, dataDocumento: d.dataDocumento })
      .from(d)
      .where(inStudio(d, ctx, register(r), eq(d.numero, numero)))
      .then((rows) => rows[0] ?? null),

  /** An invoice by its printed number and date (what a credit note refers to). */
  findInvoiceByIdDocumento: (db: DbOrTx, ctx: StudioContext, idDocumento: string, dataDocumento: string) =>
    db
      .select({ id: d.id })
      .from(d)
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          ne(d.tipoDocumento, 'NOTA_DI_CREDITO'),
          eq(d.idDocumento, idDocumento),
          eq(d.dataDocumento, dataDocumento),
        ),
      )
      .then((rows) => rows[0] ?? null),

  creditNotesOf: (db: DbOrTx, ctx: StudioContext, invoiceId: string) =>
    db
      .select({ id: d.id })
      .from(d)
      .where(inStudio(d, ctx, eq(d.fatturaCollegataId, invoiceId)))
      .orderBy(asc(d.dataDocumento), asc(d.numero))
      .then((rows) => rows.map((r) => r.id)),

  /** The last number given in a register (0 before the first), without locking: the form's prefill. */
  lastNumber: (db: DbOrTx, ctx: StudioContext, r: Register) =>
    db
      .select({ lastNumber: documentCounters.lastNumber })
      .from(documentCounters)
      .where(inStudio(documentCounters, ctx, counterOf(r)))
      .then((rows) => rows[0]?.lastNumber ?? 0),

  /**
   * The register's counter, locked until the transaction ends (created at 0 when new): concurrent creators of the
   * same register wait here one after the other.
   */
  lockCounter: async (tx: DbOrTx, ctx: StudioContext, r: Register) => {
    await tx
      .insert(documentCounters)
      .values(ownedBy(ctx, { ...r, lastNumber: 0 }))
      .onConflictDoNothing();
    const rows = await tx
      .select({ lastNumber: documentCounters.lastNumber })
      .from(documentCounters)
      .where(inStudio(documentCounters, ctx, counterOf(r)))
      .for('update');
    return rows[0]?.lastNumber ?? 0;
  },

  setCounter: (tx: DbOrTx, ctx: StudioContext, r: Register, lastNumber: number) =>
    tx
      .update(documentCounters)
      .set({ lastNumber })
      .where(inStudio(documentCounters, ctx, counterOf(r))),

  insert: (tx: DbOrTx, ctx: StudioContext, columns: DocumentColumns) =>
    tx
      .insert(d)
      .values(ownedBy(ctx, columns))
      .returning()
      .then((r) => r[0] as DocumentRow),

  update: (tx: DbOrTx, ctx: StudioContext, id: string, columns: Partial<DocumentColumns>) =>
    tx
      .update(d)
      .set({ ...columns, updatedAt: new Date() })
      .where(inStudio(d, ctx, eq(d.id, id)))
      .returning()
      .then((r) => r[0] as DocumentRow),

  delete: (tx: DbOrTx, ctx: StudioContext, id: string) => tx.delete(d).where(inStudio(d, ctx, eq(d.id, id))),

  /**
   * A page of documents, newest first by default, and how many match, counted up to `countCap` + 1: an archive of a
   * hundred thousand documents is not counted whole on every page (decision 020).
   */
  page: async (
    db: DbOrTx,
    ctx: StudioContext,
    f: DocumentFilters,
    paging: { page: number; size: number; direction: 'ASC' | 'DESC' },
  ) => {
    const where = inStudio(d, ctx, ...filtersOf(f));
    const order = paging.direction === 'ASC' ? asc : desc;
    const [rows, total] = await Promise.all([
      db
        .select(rowColumns)
        .from(d)
        .where(where)
        .orderBy(order(d.dataDocumento), order(d.numero), order(d.id))
        .limit(paging.size)
        .offset(paging.page * paging.size),
      db
        .select({ n: count() })
        .from(
          db
            .select({ one: sql`1` })
            .from(d)
            .where(where)
            .limit(documentsCountCap + 1)
            .as('matching'),
        )
        .then((r) => r[0]?.n ?? 0),
    ]);
    return {
      rows: rows as DocumentListRow[],
      total: Math.min(total, documentsCountCap),
      exact: total <= documentsCountCap,
    };
  },

  /**
   * Invoiced, collected and counts of a period (invoices minus credit notes): invoiced by the document's date,
   * collected by the collection date (net of withholding, what reached the studio).
   */
  stats: async (db: DbOrTx, ctx: StudioContext, from: string, to: string, today: string) => {
    const nc = sql`${d.tipoDocumento} = 'NOTA_DI_CREDITO'`;
    const sign = sql`case when ${nc} then -1 else 1 end`;
    // two range scans of their own covering indexes (documenti_stats_idx, documenti_incasso_idx): no row is read
    const [issued] = await db
      .select({
        fatturato: sql<string>`coalesce(sum(${sign} * ${d.totaleCents}), 0)`,
        nonPagate: sql<string>`count(*) filter (where not ${nc} and not ${d.pagata})`,
        scadute: sql<string>`count(*) filter (where not ${nc} and not ${d.pagata} and ${d.dataScadenza} < ${today})`,
        // a credit note's 'pagata' is its refund to the patient (issue 26)
        daRimborsare: sql<string>`count(*) filter (where ${nc} and not ${d.pagata})`,
      })
      .from(d)
      .where(inStudio(d, ctx, eq(d.serie, 'FATTURA'), gte(d.dataDocumento, from), lte(d.dataDocumento, to)));
    const [collected] = await db
      .select({ incassato: sql<string>`coalesce(sum(${sign} * ${d.nettoCents}), 0)` })
      .from(d)
      .where(
        inStudio(d, ctx, eq(d.serie, 'FATTURA'), eq(d.pagata, true), gte(d.dataIncasso, from), lte(d.dataIncasso, to)),
      );
    return {
      fatturato: issued?.fatturato ?? '0',
      nonPagate: issued?.nonPagate ?? '0',
      scadute: issued?.scadute ?? '0',
      daRimborsare: issued?.daRimborsare ?? '0',
      incassato: collected?.incassato ?? '0',
    };
  },

  /** The years with fiscal documents: the registers' counters, a row a year. */
  years: (db: DbOrTx, ctx: StudioContext) =>
    db
      .selectDistinct({ anno: documentCounters.anno })
      .from(documentCounters)
      .where(inStudio(documentCounters, ctx, eq(documentCounters.serie, 'FATTURA'), gt(documentCounters.lastNumber, 0)))
      .then((r) => r.map((x) => x.anno)),

  findPatient: (db: DbOrTx, ctx: StudioContext, id: string) =>
    db
      .select()
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

  /** Where the bytes of one of the studio's files are kept (the logo printed on its documents). */
  findAssetKey: (db: DbOrTx, ctx: StudioContext, assetId: string) =>
    db
      .select({ storageKey: assets.storageKey })
      .from(assets)
      .where(inStudio(assets, ctx, eq(assets.id, assetId)))
      .then((r) => r[0]?.storageKey ?? null),

  findSezionale: (db: DbOrTx, ctx: StudioContext, name: string) =>
    db
      .select()
      .from(sezionali)
      .where(inStudio(sezionali, ctx, eq(sezionali.name, name)))
      .then((r) => r[0] ?? null),
};
