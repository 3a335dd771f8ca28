import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { invoiceMessages as m } from '@studiolo/domain/invoices';
import { formatUiDate, onFirstUse } from '@studiolo/domain/shared';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatEuro } from '../../../../lib/format.ts';
import { useInvoiceStats } from '../../api/get-invoice-stats.ts';
import { useInvoiceStatsMonthly } from '../../api/get-invoice-stats-monthly.ts';
import { useInvoicingYears } from '../../api/get-invoicing-years.ts';

/** Texts of the overview (decided: the spec names the figures, not their words). */
export const overviewTexts = {
  title: 'Panoramica',
  year: 'Anno',
  invoiced: 'Fatturato',
  collected: 'Incassato',
  costs: 'Costi',
  costsHint: (n: number) =>
    n === 0 ? 'Dalle fatture ricevute dai fornitori' : n === 1 ? '1 fattura ricevuta' : `${n} fatture ricevute`,
  unpaid: 'Fatture non pagate',
  toRefund: (n: number) => (n === 1 ? '1 nota di credito da rimborsare' : `${n} note di credito da rimborsare`),
  overdue: 'Fatture scadute',
  cashFlow: 'Flusso di cassa del mese',
  cashFlowHint: (month: string) => `Incassato meno costi, ${month}`,
} as const;

const monthName = onFirstUse(
  () => new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }),
);

/** The first and last day of the current month in Rome, DD-MM-YYYY. */
export const currentMonthRange = (now = new Date()) => {
  const [, month, year] = formatUiDate(now).split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { start: `01-${mm}-${year}`, end: `${last}-${mm}-${year}` };
};

const Card = ({ label, value, hint }: { label: string; value: string | null; hint?: string }) => (
  <Paper withBorder p="md" radius="md">
    <Text size="sm" c="gray.7" fw={500}>
      {label}
    </Text>
    {value === null ? (
      <Skeleton h={28} mt={6} w="60%" />
    ) : (
      <Text fz={24} fw={700}>
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

/**
 * spec part 2 §2, §9 overview cards: the year chosen (current year plus the years with invoices, descending):
 * invoiced, collected, costs, unpaid and overdue counts; the current month's net cash flow; 'Statistiche'.
 */
export const OverviewCards = () => {
  const currentYear = Number(formatUiDate(new Date()).slice(6));
  const [year, setYear] = useState(currentYear);
  const years = useInvoicingYears();
  const stats = useInvoiceStats(year);
  const month = currentMonthRange();
  const monthly = useInvoiceStatsMonthly(month.start, month.end);
  const s = stats.data;
  const yearOptions = (years.data?.anniConFatture ?? [currentYear]).map(String);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="lg">
          {overviewTexts.title}
        </Title>
        <Group gap="sm">
          <Select
            aria-label={overviewTexts.year}
            data={yearOptions}
            value={String(year)}
            allowDeselect={false}
            w={100}
            onChange={(v) => v && setYear(Number(v))}
          />
          <Button component={Link} to="/financial-analytics" variant="default" leftSection={<IconChartBar size={16} />}>
            {m.statistics}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Card label={overviewTexts.invoiced} value={s ? formatEuro(s.fatturato) : null} />
        <Card label={overviewTexts.collected} value={s ? formatEuro(s.incassato) : null} />
        <Card
          label={overviewTexts.costs}
          value={s ? formatEuro(s.costo) : null}
          hint={s ? overviewTexts.costsHint(s.nrFattureRicevute) : undefined}
        />
        <Card
          label={overviewTexts.unpaid}
          value={s ? String(s.nrFattureNonPagate) : null}
          hint={s?.nrNoteDaRimborsare ? overviewTexts.toRefund(s.nrNoteDaRimborsare) : undefined}
        />
        <Card label={overviewTexts.overdue} value={s ? String(s.nrFattureScadute) : null} />
        <Card
          label={overviewTexts.cashFlow}
          value={monthly.data ? formatEuro(monthly.data.netCashFlow) : null}
          hint={overviewTexts.cashFlowHint(monthName().format(new Date()))}
        />
      </SimpleGrid>
    </Stack>
  );
};
