import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CashflowSummary } from '@studiolo/domain/analytics';
import { onFirstUse } from '@studiolo/domain/shared';
import { formatEuro } from '../../../lib/format.ts';
import { analyticsTexts as t } from '../analytics.texts.ts';

const percent = onFirstUse(
  () => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
/** 66.7 → '66,7 %' (spec part 2 §3 paymentPercentage, one decimal). */
export const formatPercent = (value: number) => `${percent().format(value)} %`;

const Card = ({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string | null;
  hint?: string;
  testId: string;
}) => (
  <Paper withBorder p="md" radius="md" data-testid={testId}>
    <Text size="sm" c="gray.7" fw={500}>
      {label}
    </Text>
    {value === null ? (
      <Skeleton h={28} mt={6} w="60%" />
    ) : (
      <Text fz={22} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    )}
    {hint && (
      <Text size="xs" c="gray.7">
        {hint}
      </Text>
    )}
  </Paper>
);

/** The period's figures (spec part 2 §3 "Cash-flow summary"). */
export const SummaryCards = ({ summary }: { summary: CashflowSummary | undefined }) => {
  const inv = summary?.revenueStatistics.invoiceStats;
  const pay = summary?.revenueStatistics.paymentStats;
  const cost = summary?.costStatistics;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Card
        testId="card-invoiced"
        label={t.invoiced}
        value={inv ? formatEuro(inv.totalAmount) : null}
        hint={inv ? t.invoicedHint(inv.documentCount) : undefined}
      />
      <Card
        testId="card-collected"
        label={t.collected}
        value={pay ? formatEuro(pay.paidDocumentAmount) : null}
        hint={pay ? t.collectedHint(pay.paidDocumentCount) : undefined}
      />
      <Card
        testId="card-costs"
        label={t.costs}
        value={cost ? formatEuro(cost.totalAmount) : null}
        hint={cost ? t.costsHint(cost.documentCount) : undefined}
      />
      <Card
        testId="card-net"
        label={t.netCashFlow}
        value={summary ? formatEuro(summary.netCashFlow) : null}
        hint={t.netCashFlowHint}
      />
      <Card testId="card-unpaid" label={t.unpaid} value={inv ? String(inv.unpaidDocumentCount) : null} />
      <Card
        testId="card-paid-percentage"
        label={t.paymentPercentage}
        value={inv ? formatPercent(inv.paymentPercentage) : null}
        hint={t.paymentPercentageHint}
      />
    </SimpleGrid>
  );
};
