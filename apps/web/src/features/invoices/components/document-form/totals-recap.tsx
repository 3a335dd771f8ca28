import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CassaPrevidenzialeCode, cassaPrintLabel, type Totali } from '@studiolo/domain/invoices';
import { formatEuro } from '../../../../lib/format.ts';
import { documentFormTexts as t } from './document-form.texts.ts';

export type TotalsRecapProps = {
  totali: Totali;
  cassa: { type: CassaPrevidenzialeCode; percent: number; typeValue: 'PERCENTAGE' | 'ABS_VALUE' };
  marcaDaBolloCaricoMio: boolean;
};

const Row = ({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) => (
  <Group justify="space-between" wrap="nowrap" gap="sm" data-total-row={label}>
    <Text size="sm" fw={strong ? 700 : 400}>
      {label}
    </Text>
    <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
      {amount}
    </Text>
  </Group>
);

/** spec part 2 §2 "invoice totals recap": every figure from the domain's documentTotals. */
export const TotalsRecap = ({ totali, cassa, marcaDaBolloCaricoMio }: TotalsRecapProps) => {
  const vatRows = totali.riepilogoIva.filter((r) => r.aliquota > 0);
  const stampLabel =
    totali.marcaDaBolloAddebitata > 0
      ? t.stampDutyLine
      : marcaDaBolloCaricoMio
        ? t.stampDutyNotCharged
        : t.stampDutyIncluded;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="document-totals-title">
      <Stack gap={6}>
        <Title order={2} fz="lg" id="document-totals-title">
          {t.totalsPanel}
        </Title>
        <Row label={t.imponibile} amount={formatEuro(totali.totalePrestazioni)} />
        {totali.cassa > 0 && (
          <Row
            label={
              cassa.typeValue === 'PERCENTAGE'
                ? cassaPrintLabel(cassa.type, cassa.percent)
                : cassaPrintLabel(cassa.type, 0).replace(/ 0%$/, '')
            }
            amount={formatEuro(totali.cassa)}
          />
        )}
        {vatRows.map((r) => (
          <Row
            key={r.codiceIvaId}
            label={t.vatAt(String(r.aliquota).replace('.', ','))}
            amount={formatEuro(r.imposta)}
          />
        ))}
        {totali.marcaDaBolloDovuta && <Row label={stampLabel} amount={formatEuro(totali.marcaDaBollo)} />}
        <Divider my={4} />
        <Row label={t.total} amount={formatEuro(totali.totale)} strong />
        {totali.ritenuta > 0 && (
          <>
            <Row label={t.withholding} amount={`− ${formatEuro(totali.ritenuta)}`} />
            <Row label={t.net} amount={formatEuro(totali.netto)} strong />
          </>
        )}
      </Stack>
    </Paper>
  );
};
