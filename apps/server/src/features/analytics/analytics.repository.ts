import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentiContabili as d, patients as p, documentiRicevuti as r } from '../../db/schema/index.ts';
import { inStudio } from '../../db/studio-scope.ts';
import type { StudioContext } from '../../shared/studio-context.ts';

export type BucketUnit = 'month' | 'day';

// the same figures as the invoices' stats (invoices.repository stats, einvoicing costsOf): invoiced by the document's
// date net of credit notes (totale), collected by the collection date (netto, what reached the studio), costs from
// received invoices by their date (TD04 credit notes subtract)
const nc = sql`${d.tipoDocumento} = 'NOTA_DI_CREDITO'`;
const sign = sql`case when ${nc} then -1 else 1 end`;
// received invoices keep their date as YYYY-MM-DD text, issued ones as date: the cast serves both
const bucketOf = (column: unknown, unit: BucketUnit) =>
  unit === 'month'
    ? sql<string>`to_char(${column}::date, 'YYYY-MM')`
    : sql<string>`to_char(${column}::date, 'YYYY-MM-DD')`;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The tag filter (spec part 2 §7 `tags`): documents of the studio's patients carrying any of the tags (the GIN index
 * patients_tags_idx finds them); undefined, so no condition, without tags.
 */
const ofTags = (db: DbOrTx, ctx: StudioContext, tags: readonly string[]): SQL | undefined =>
  tags.length === 0
    ? undefined
    : inArray(
        d.pazienteId,
        db
          .select({ id: p.id })
          .from(p)
          .where(inStudio(p, ctx, sql`${p.tags} && ${textArray(tags)}`)),
      );

export type IssuedRow = {
  period: string;
  documentCount: string;
  invoicedCents: string;
  unpaidCount: string;
  unpaidCents: string;
  overdueCount: string;
  overdueCents: string;
};

/** The only SQL of analytics; every query scoped by the studio of the verified context. */
export const analyticsRepository = {
  /** Per period: what was invoiced, and which invoices of it are unpaid and overdue today. */
  issuedBy: (
    db: DbOrTx,
    ctx: StudioContext,
    from: string,
    to: string,
    today: string,
    unit: BucketUnit,
    tags: readonly string[],
  ) => {
    const period = bucketOf(d.dataDocumento, unit);
    const unpaid = sql`not ${nc} and not ${d.pagata}`;
    const overdue = sql`${unpaid} and ${d.dataScadenza} < ${today}`;
    return db
      .select({
        period,
        invoicedCents: sql<string>`coalesce(sum(${sign} * ${d.totaleCents}), 0)::bigint`,
        documentCount: sql<string>`count(*) filter (where not ${nc})`,
        unpaidCount: sql<string>`count(*) filter (where ${unpaid})`,
        unpaidCents: sql<string>`coalesce(sum(${d.totaleCents}) filter (where ${unpaid}), 0)::bigint`,
        overdueCount: sql<string>`count(*) filter (where ${overdue})`,
        overdueCents: sql<string>`coalesce(sum(${d.totaleCents}) filter (where ${overdue}), 0)::bigint`,
      })
      .from(d)
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          gte(d.dataDocumento, from),
          lte(d.dataDocumento, to),
          ofTags(db, ctx, tags),
        ),
      )
      .groupBy(period) as Promise<IssuedRow[]>;
  },

  /** Per period: what was collected (net of withholding; credit notes refunded subtract). */
  collectedBy: (
    db: DbOrTx,
    ctx: StudioContext,
    from: string,
    to: string,
    unit: BucketUnit,
    tags: readonly string[],
  ) => {
    const period = bucketOf(d.dataIncasso, unit);
    return db
      .select({ period, collectedCents: sql<string>`coalesce(sum(${sign} * ${d.nettoCents}), 0)::bigint` })
      .from(d)
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          eq(d.pagata, true),
          gte(d.dataIncasso, from),
          lte(d.dataIncasso, to),
          ofTags(db, ctx, tags),
        ),
      )
      .groupBy(period);
  },

  /** Per period: what received invoices cost. */
  costsBy: (db: DbOrTx, ctx: StudioContext, from: string, to: string, unit: BucketUnit) => {
    const period = bucketOf(r.dataDocumento, unit);
    return db
      .select({
        period,
        costCents: sql<string>`coalesce(sum(case when ${r.tipoDocumento} = 'TD04' then -${r.totaleCents} else ${r.totaleCents} end), 0)::bigint`,
      })
      .from(r)
      .where(inStudio(r, ctx, gte(r.dataDocumento, from), lte(r.dataDocumento, to)))
      .groupBy(period);
  },

  /** spec part 2 §3 "Cash-flow summary": counts and sums of the period, three range scans. */
  summary: async (db: DbOrTx, ctx: StudioContext, from: string, to: string, tags: readonly string[]) => {
    const [issued] = await db
      .select({
        documentCount: sql<string>`count(*) filter (where not ${nc})`,
        totalCents: sql<string>`coalesce(sum(${sign} * ${d.totaleCents}), 0)::bigint`,
        unpaidCount: sql<string>`count(*) filter (where not ${nc} and not ${d.pagata})`,
        paidCount: sql<string>`count(*) filter (where not ${nc} and ${d.pagata})`,
      })
      .from(d)
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          gte(d.dataDocumento, from),
          lte(d.dataDocumento, to),
          ofTags(db, ctx, tags),
        ),
      );
    const [collected] = await db
      .select({
        paidCount: sql<string>`count(*) filter (where not ${nc})`,
        collectedCents: sql<string>`coalesce(sum(${sign} * ${d.nettoCents}), 0)::bigint`,
      })
      .from(d)
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          eq(d.pagata, true),
          gte(d.dataIncasso, from),
          lte(d.dataIncasso, to),
          ofTags(db, ctx, tags),
        ),
      );
    // received invoices concern no patient: with a tag filter there are no costs of those patients (decision 024)
    const [costs] = tags.length
      ? [{ count: '0', costCents: '0' }]
      : await db
          .select({
            count: sql<string>`count(*)`,
            costCents: sql<string>`coalesce(sum(case when ${r.tipoDocumento} = 'TD04' then -${r.totaleCents} else ${r.totaleCents} end), 0)::bigint`,
          })
          .from(r)
          .where(and(inStudio(r, ctx, gte(r.dataDocumento, from), lte(r.dataDocumento, to))));
    return {
      documentCount: Number(issued?.documentCount ?? 0),
      totalCents: Number(issued?.totalCents ?? 0),
      unpaidCount: Number(issued?.unpaidCount ?? 0),
      issuedPaidCount: Number(issued?.paidCount ?? 0),
      collectedCount: Number(collected?.paidCount ?? 0),
      collectedCents: Number(collected?.collectedCents ?? 0),
      costCount: Number(costs?.count ?? 0),
      costCents: Number(costs?.costCents ?? 0),
    };
  },

  /**
   * What the period invoiced per service (the lines' descriptions, grouped ignoring case and outer spaces): each
   * invoice's total is shared among its lines by their amounts (quantity × unit price × (1 − discount), rounded as
   * the totals do), truncated, the last line taking the remainder, so the services add up to the invoiced figure to
   * the cent. A document whose lines are all zero puts its total on its first line. Credit notes subtract.
   */
  revenueByService: async (db: DbOrTx, ctx: StudioContext, from: string, to: string, tags: readonly string[]) => {
    // per document, inside the lateral (one to a few lines: no sort of the whole range by document): each line's
    // amount, the document's sum and the running sum; its cents are trunc(total × running ÷ sum) − trunc(total ×
    // previous running ÷ sum), which add up to the total exactly
    const amount = sql`round((e.v->>'prezzoPerUnita')::numeric * (e.v->>'quantita')::numeric
      * (10000 - round(coalesce((e.v->>'sconto')::numeric, 0) * 100)) / 10000)`;
    const lines = sql`(select btrim(x.v->>'descrizione') as label, x.ord, x.amt, sum(x.amt) over () as s,
        sum(x.amt) over (order by x.ord) as cum
      from (select e.v, e.ord, ${amount} as amt
        from jsonb_array_elements(${d.prestazione}) with ordinality as e(v, ord)) as x)`;
    const cents = sql`case when l.s = 0 then (case when l.ord = 1 then t.tot else 0 end)
      else trunc(t.tot * l.cum / l.s) - trunc(t.tot * (l.cum - l.amt) / l.s) end`;
    const rows = await db
      .select({
        service: sql<string>`mode() within group (order by l.label)`,
        cents: sql<string>`sum(${cents})::bigint`,
        documentCount: sql<string>`count(distinct ${d.id}) filter (where not ${nc})`,
      })
      .from(
        sql`${d} cross join lateral (select ${sign} * ${d.totaleCents}::bigint as tot) as t
          cross join lateral ${lines} as l`,
      )
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          gte(d.dataDocumento, from),
          lte(d.dataDocumento, to),
          ofTags(db, ctx, tags),
        ),
      )
      .groupBy(sql`lower(l.label)`)
      .orderBy(sql`2 desc`, sql`lower(l.label)`);
    return rows.map((row) => ({
      service: row.service,
      cents: Number(row.cents),
      documentCount: Number(row.documentCount),
    }));
  },

  /**
   * What the period invoiced per patient tag: a document counts under every tag its patient carries now, and under
   * null when the patient has none (or the document has no patient). With a tag filter, only those tags.
   */
  revenueByTag: async (db: DbOrTx, ctx: StudioContext, from: string, to: string, tags: readonly string[]) => {
    const tag = sql`t.tag`;
    const rows = await db
      .select({
        tag: sql<string | null>`${tag}`,
        cents: sql<string>`coalesce(sum(${sign} * ${d.totaleCents}), 0)::bigint`,
        documentCount: sql<string>`count(*) filter (where not ${nc})`,
      })
      .from(
        sql`${d} left join ${p} on ${and(eq(p.id, d.pazienteId), inStudio(p, ctx))}
          cross join lateral unnest(case when coalesce(cardinality(${p.tags}), 0) = 0 then array[null::text]
            else ${p.tags} end) as t(tag)`,
      )
      .where(
        inStudio(
          d,
          ctx,
          eq(d.serie, 'FATTURA'),
          gte(d.dataDocumento, from),
          lte(d.dataDocumento, to),
          tags.length ? sql`${tag} = any(${textArray(tags)})` : undefined,
        ),
      )
      .groupBy(tag)
      .orderBy(sql`sum(${sign} * ${d.totaleCents}) desc`, sql`${tag} nulls last`);
    return rows.map((row) => ({ tag: row.tag, cents: Number(row.cents), documentCount: Number(row.documentCount) }));
  },

  /**
   * Both splits in one read-only transaction with JIT off: a set-returning function over the lines makes the planner
   * expect a hundred lines a document, so its cost passes jit_above_cost and PostgreSQL spent seconds compiling
   * (bench part analytics, 19,459 invoices: 640 ms with JIT, 80 ms without) compiling a statement that then runs in a
   * fraction of that.
   */
  revenue: (db: DbOrTx, ctx: StudioContext, from: string, to: string, tags: readonly string[]) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      const services = await analyticsRepository.revenueByService(tx, ctx, from, to, tags);
      const byTag = await analyticsRepository.revenueByTag(tx, ctx, from, to, tags);
      return { services, byTag };
    }),
};
