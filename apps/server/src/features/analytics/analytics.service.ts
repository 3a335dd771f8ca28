import type {
  Cashflow,
  CashflowPoint,
  CashflowQuery,
  CashflowSummary,
  CashflowSummaryQuery,
  Revenue,
  RevenueQuery,
} from '@studiolo/domain/analytics';
import { revenueServicesListed } from '@studiolo/domain/analytics';
import { centsToEuros, formatUiDate, uiDateToIso } from '@studiolo/domain/shared';
import type { AppDeps } from '../../deps.ts';
import type { StudioContext } from '../../shared/studio-context.ts';
import { type BucketUnit, analyticsRepository as repo } from './analytics.repository.ts';

const todayIso = () => uiDateToIso(formatUiDate(new Date()));

/** Every period of the range, YYYY-MM or YYYY-MM-DD, so the charts show empty months as zero. */
export const periodsOf = (from: string, to: string, unit: BucketUnit): string[] => {
  const out: string[] = [];
  if (unit === 'month') {
    let [y, mo] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
    const end = to.slice(0, 7);
    for (;;) {
      const p = `${y}-${String(mo).padStart(2, '0')}`;
      if (p > end) break;
      out.push(p);
      mo += 1;
      if (mo > 12) [y, mo] = [y + 1, 1];
    }
    return out;
  }
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** Percent with one decimal, computed on integers (no float drift): 2 of 3 → 66.7. */
export const percentOneDecimal = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;

const seriesOf = async (
  deps: AppDeps,
  ctx: StudioContext,
  from: string,
  to: string,
  unit: BucketUnit,
  tags: readonly string[],
): Promise<CashflowPoint[]> => {
  const [issued, collected, costs] = await Promise.all([
    repo.issuedBy(deps.db, ctx, from, to, todayIso(), unit, tags),
    repo.collectedBy(deps.db, ctx, from, to, unit, tags),
    // received invoices concern no patient: with a tag filter there are no costs of those patients (decision 024)
    tags.length ? Promise.resolve([]) : repo.costsBy(deps.db, ctx, from, to, unit),
  ]);
  const issuedBy = new Map(issued.map((i) => [i.period, i]));
  const collectedBy = new Map(collected.map((c) => [c.period, Number(c.collectedCents)]));
  const costsBy = new Map(costs.map((c) => [c.period, Number(c.costCents)]));
  let cumulativeCents = 0;
  return periodsOf(from, to, unit).map((period) => {
    const i = issuedBy.get(period);
    const collectedCents = collectedBy.get(period) ?? 0;
    const costCents = costsBy.get(period) ?? 0;
    const netCents = collectedCents - costCents;
    cumulativeCents += netCents;
    const documentCount = Number(i?.documentCount ?? 0);
    const unpaidCount = Number(i?.unpaidCount ?? 0);
    return {
      period,
      invoiced: centsToEuros(Number(i?.invoicedCents ?? 0)),
      collected: centsToEuros(collectedCents),
      costs: centsToEuros(costCents),
      net: centsToEuros(netCents),
      cumulative: centsToEuros(cumulativeCents),
      documentCount,
      paymentPercentage: percentOneDecimal(documentCount - unpaidCount, documentCount),
      unpaidCount,
      unpaidAmount: centsToEuros(Number(i?.unpaidCents ?? 0)),
      overdueCount: Number(i?.overdueCount ?? 0),
      overdueAmount: centsToEuros(Number(i?.overdueCents ?? 0)),
    };
  });
};

/** GET /analytics/cashflow: the series of the range (spec part 2 §7), of the patients with any of the tags if given. */
export const cashflow = async (deps: AppDeps, ctx: StudioContext, q: CashflowQuery): Promise<Cashflow> => {
  const wantMonthly = q.granularity !== 'DAILY';
  const wantDaily = q.granularity !== 'MONTHLY';
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    granularity: q.granularity,
    monthly: wantMonthly ? await seriesOf(deps, ctx, q.startDate, q.endDate, 'month', q.tags) : null,
    daily: wantDaily ? await seriesOf(deps, ctx, q.startDate, q.endDate, 'day', q.tags) : null,
  };
};

/** GET /analytics/cashflow/summary (spec part 2 §3 "Cash-flow summary"). */
export const summary = async (deps: AppDeps, ctx: StudioContext, q: CashflowSummaryQuery): Promise<CashflowSummary> => {
  const s = await repo.summary(deps.db, ctx, q.startDate, q.endDate, q.tags);
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    netCashFlow: centsToEuros(s.collectedCents - s.costCents),
    revenueStatistics: {
      invoiceStats: {
        documentCount: s.documentCount,
        totalAmount: centsToEuros(s.totalCents),
        unpaidDocumentCount: s.unpaidCount,
        paymentPercentage: percentOneDecimal(s.issuedPaidCount, s.documentCount),
      },
      paymentStats: { paidDocumentCount: s.collectedCount, paidDocumentAmount: centsToEuros(s.collectedCents) },
    },
    costStatistics: {
      documentCount: s.costCount,
      totalAmount: centsToEuros(s.costCents),
      passiveDocumentCount: s.costCount,
      // manual expenses are not modelled yet (decision 024)
      manualExpenseCount: 0,
    },
  };
};

/** GET /analytics/revenue: the period's invoiced split by service and by patient tag (decision 024). */
export const revenue = async (deps: AppDeps, ctx: StudioContext, q: RevenueQuery): Promise<Revenue> => {
  const { services, byTag: tags } = await repo.revenue(deps.db, ctx, q.startDate, q.endDate, q.tags);
  const rest = services.slice(revenueServicesListed);
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    byService: services.slice(0, revenueServicesListed).map((s) => ({
      service: s.service,
      amount: centsToEuros(s.cents),
      documentCount: s.documentCount,
    })),
    otherServices: rest.length
      ? { serviceCount: rest.length, amount: centsToEuros(rest.reduce((acc, s) => acc + s.cents, 0)) }
      : null,
    byTag: tags.map((t) => ({ tag: t.tag, amount: centsToEuros(t.cents), documentCount: t.documentCount })),
  };
};
