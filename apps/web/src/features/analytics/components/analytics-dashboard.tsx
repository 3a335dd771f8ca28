import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { CashflowPoint, Revenue } from '@studiolo/domain/analytics';
import { onFirstUse } from '@studiolo/domain/shared';
import { lazy, useState } from 'react';
import { formatEuro } from '../../../lib/format.ts';
import { analyticsTexts as t } from '../analytics.texts.ts';
import { useCashflow } from '../api/get-cashflow.ts';
import { useCashflowSummary } from '../api/get-cashflow-summary.ts';
import { useRevenue } from '../api/get-revenue.ts';
import { csvNumber } from '../csv.ts';
import { monthLabel, monthsSoFar, type PeriodKind, rangeOf, romeYear } from '../period.ts';
import { type ChartColumn, ChartSection } from './chart-section.tsx';
import { PeriodSelector } from './period-selector.tsx';
import { formatPercent, SummaryCards } from './summary-cards.tsx';
import { TagFilter } from './tag-filter.tsx';

type Row = CashflowPoint & { label: string };

// the drawings are fetched after the page's first screen; ChartSection shows a loader in their place meanwhile
const charts = () => import('./analytics-charts.tsx');
const AreaChart = lazy(() => charts().then((m) => ({ default: m.AreaChart })));
const BarChart = lazy(() => charts().then((m) => ({ default: m.BarChart })));
const LineChart = lazy(() => charts().then((m) => ({ default: m.LineChart })));

const money = (header: string, pick: (r: Row) => number): ChartColumn<Row> => ({
  header,
  value: pick,
  display: (r) => formatEuro(pick(r)),
});
const count = (header: string, pick: (r: Row) => number): ChartColumn<Row> => ({
  header,
  value: (r) => String(pick(r)),
  display: (r) => String(pick(r)),
});
const monthColumn: ChartColumn<Row> = { header: t.month, value: (r) => r.period, display: (r) => r.label };

// recharts' keyboard layer off: the drawing is hidden from assistive technology, the table beside it is the alternative
const noA11yLayer = { accessibilityLayer: false } as const;
const axisEuro = onFirstUse(
  () => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }),
);
// the legend in the series' order (the bars' order), not recharts' default alphabetical one
const seriesOrder = ['invoiced', 'collected', 'costs', 'unpaidAmount', 'overdueAmount', 'cumulative', 'amount'];
const legendProps = {
  itemSorter: (item: { dataKey?: unknown }) => seriesOrder.indexOf(String(item.dataKey)),
} as const;

type ShareRow = { label: string; amount: number; documentCount: number | null };
/** How many services the chart draws; the table and the CSV have them all. */
const servicesDrawn = 10;
/** A bar's label in the chart, short enough for a phone (the table has the whole description). */
const shortLabel = (label: string) => (label.length > 22 ? `${label.slice(0, 21)}…` : label);

/** The services of the answer, the ones beyond the answer's list summed as the last row. */
export const serviceRows = (revenue: Revenue): ShareRow[] => [
  ...revenue.byService.map((s) => ({ label: s.service, amount: s.amount, documentCount: s.documentCount })),
  ...(revenue.otherServices
    ? [
        {
          label: t.otherServicesOf(revenue.otherServices.serviceCount),
          amount: revenue.otherServices.amount,
          documentCount: null,
        },
      ]
    : []),
];

/** The chart's bars: the ten largest services, the rest as one 'Altre prestazioni' bar (summed in cents). */
export const drawnServiceRows = (rows: readonly ShareRow[]): ShareRow[] => {
  if (rows.length <= servicesDrawn + 1) return [...rows];
  const restCents = rows.slice(servicesDrawn).reduce((acc, r) => acc + Math.round(r.amount * 100), 0);
  return [...rows.slice(0, servicesDrawn), { label: t.otherServices, amount: restCents / 100, documentCount: null }];
};

const shareColumns = (first: string): ChartColumn<ShareRow>[] => [
  { header: first, value: (r) => r.label, display: (r) => r.label },
  { header: t.invoiced, value: (r) => r.amount, display: (r) => formatEuro(r.amount) },
  {
    header: t.issuedCount,
    value: (r) => (r.documentCount === null ? '' : String(r.documentCount)),
    display: (r) => (r.documentCount === null ? '' : String(r.documentCount)),
  },
];

/** /financial-analytics: the period's figures and charts (spec part 2 §7 Analytics, issue 14 item 4). */
export const AnalyticsDashboard = ({ tagOptions = [] }: { tagOptions?: readonly string[] }) => {
  const year = romeYear();
  const [kind, setKind] = useState<PeriodKind>('THIS_YEAR');
  const [custom, setCustom] = useState({ from: `01-01-${year}`, to: `31-12-${year}` });
  const [tags, setTags] = useState<string[]>([]);
  const range = rangeOf(kind, custom);
  const summary = useCashflowSummary(range, tags);
  const cashflow = useCashflow(range, tags);
  const revenue = useRevenue(range, tags);
  const services = revenue.data ? serviceRows(revenue.data) : [];
  const drawnServices = drawnServiceRows(services).map((r) => ({ ...r, short: shortLabel(r.label) }));
  const byTag: ShareRow[] = (revenue.data?.byTag ?? []).map((r) => ({
    label: r.tag ?? t.noTag,
    amount: r.amount,
    documentCount: r.documentCount,
  }));
  const drawnTags = byTag.map((r) => ({ ...r, short: shortLabel(r.label) }));
  const rows: Row[] = (cashflow.data?.monthly ?? []).map((p) => ({ ...p, label: monthLabel(p.period) }));
  // the share paid stops at this month: the months to come would read as 0 % paid
  const paymentRows = monthsSoFar(rows);
  const suffix = range ? `${range.startDate}_${range.endDate}` : '';
  const chartCommon = { h: 280, dataKey: 'label', valueFormatter: formatEuro, withLegend: true, legendProps } as const;
  const yAxisProps = { tickFormatter: (v: number) => axisEuro().format(v), width: 80 };

  return (
    <Stack gap="lg">
      <Group gap="lg" align="flex-start" wrap="wrap">
        <PeriodSelector kind={kind} onKind={setKind} custom={custom} onCustom={setCustom} invalid={range === null} />
        <TagFilter options={tagOptions} value={tags} onChange={setTags} />
      </Group>
      {tags.length > 0 && (
        <Alert color="gray" variant="light" p="xs">
          <Text size="sm">{t.costsExcluded}</Text>
        </Alert>
      )}
      <SummaryCards summary={range ? summary.data : undefined} />
      {range && cashflow.isPending ? (
        <div role="status" aria-label={t.loading}>
          <Loader size="sm" />
        </div>
      ) : null}
      {range && cashflow.data && (
        <>
          {summary.data?.revenueStatistics.invoiceStats.documentCount === 0 &&
            summary.data.costStatistics.documentCount === 0 && (
              <Text c="gray.7" size="sm">
                {t.empty}
              </Text>
            )}
          <ChartSection
            title={t.monthlyTitle}
            description={t.monthlyDescription}
            fileName={`fatturato-incassato-costi_${suffix}`}
            rows={rows}
            columns={[
              monthColumn,
              money(t.invoiced, (r) => r.invoiced),
              money(t.collected, (r) => r.collected),
              money(t.costs, (r) => r.costs),
              money(t.net, (r) => r.net),
            ]}
            chart={
              <BarChart
                {...chartCommon}
                data={rows}
                yAxisProps={yAxisProps}
                barChartProps={noA11yLayer}
                series={[
                  { name: 'invoiced', label: t.invoiced, color: 'blue.6' },
                  { name: 'collected', label: t.collected, color: 'teal.6' },
                  { name: 'costs', label: t.costs, color: 'orange.6' },
                ]}
              />
            }
          />
          <ChartSection
            title={t.cumulativeTitle}
            description={t.cumulativeDescription}
            fileName={`flusso-di-cassa_${suffix}`}
            rows={rows}
            columns={[
              monthColumn,
              money(t.collected, (r) => r.collected),
              money(t.costs, (r) => r.costs),
              money(t.net, (r) => r.net),
              money(t.cumulative, (r) => r.cumulative),
            ]}
            chart={
              <AreaChart
                {...chartCommon}
                data={rows}
                yAxisProps={yAxisProps}
                areaChartProps={noA11yLayer}
                curveType="linear"
                series={[{ name: 'cumulative', label: t.cumulative, color: 'indigo.6' }]}
              />
            }
          />
          <ChartSection
            title={t.unpaidTitle}
            description={t.unpaidDescription}
            fileName={`non-pagate-scadute_${suffix}`}
            rows={rows}
            columns={[
              monthColumn,
              money(t.unpaidAmount, (r) => r.unpaidAmount),
              count(t.unpaidCount, (r) => r.unpaidCount),
              money(t.overdueAmount, (r) => r.overdueAmount),
              count(t.overdueCount, (r) => r.overdueCount),
            ]}
            chart={
              <BarChart
                {...chartCommon}
                data={rows}
                yAxisProps={yAxisProps}
                barChartProps={noA11yLayer}
                series={[
                  { name: 'unpaidAmount', label: t.unpaidAmount, color: 'yellow.7' },
                  { name: 'overdueAmount', label: t.overdueAmount, color: 'red.7' },
                ]}
              />
            }
          />
          <ChartSection
            title={t.paymentTitle}
            description={t.paymentDescription}
            fileName={`percentuale-pagate_${suffix}`}
            rows={paymentRows}
            columns={[
              monthColumn,
              count(t.issuedCount, (r) => r.documentCount),
              count(t.unpaidCount, (r) => r.unpaidCount),
              {
                header: t.paidPercentage,
                value: (r) => csvNumber(r.paymentPercentage, 1),
                display: (r) => formatPercent(r.paymentPercentage),
              },
            ]}
            chart={
              <LineChart
                h={240}
                dataKey="label"
                data={paymentRows}
                valueFormatter={formatPercent}
                yAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v} %`, width: 56 }}
                lineChartProps={noA11yLayer}
                curveType="linear"
                connectNulls
                series={[{ name: 'paymentPercentage', label: t.paidPercentage, color: 'teal.7' }]}
              />
            }
          />
        </>
      )}
      {range && revenue.data && (
        <>
          <ChartSection
            title={t.byServiceTitle}
            description={t.byServiceDescription}
            fileName={`fatturato-per-prestazione_${suffix}`}
            rows={services}
            columns={shareColumns(t.service)}
            chart={
              <BarChart
                h={Math.max(120, 40 + drawnServices.length * 34)}
                data={drawnServices}
                dataKey="short"
                orientation="vertical"
                valueFormatter={formatEuro}
                xAxisProps={{ tickFormatter: (v: number) => axisEuro().format(v) }}
                yAxisProps={{ width: 150 }}
                barChartProps={noA11yLayer}
                series={[{ name: 'amount', label: t.invoiced, color: 'blue.6' }]}
              />
            }
          />
          <ChartSection
            title={t.byTagTitle}
            description={t.byTagDescription}
            fileName={`fatturato-per-etichetta_${suffix}`}
            rows={byTag}
            columns={shareColumns(t.tag)}
            chart={
              <BarChart
                h={Math.max(120, 40 + drawnTags.length * 34)}
                data={drawnTags}
                dataKey="short"
                orientation="vertical"
                valueFormatter={formatEuro}
                xAxisProps={{ tickFormatter: (v: number) => axisEuro().format(v) }}
                yAxisProps={{ width: 150 }}
                barChartProps={noA11yLayer}
                series={[{ name: 'amount', label: t.invoiced, color: 'grape.6' }]}
              />
            }
          />
        </>
      )}
    </Stack>
  );
};
