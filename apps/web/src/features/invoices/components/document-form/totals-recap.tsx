import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type CassaPrevidenzialeCode, cassaPrintLabel, type Totali } from '@studiolo/domain/invoices';
import { formatEuro } from '../../../../lib/format.ts';
import { documentFormTexts as t } from './document-form.texts.ts';

/** The recap's words for the fees, as the PDF prints them (issue 26; decision 003). */
export const recapTexts = {
  fees: 'Totale prestazioni',
  feesNetOfCassa: 'Compensi (al netto della rivalsa)',
  feesNetOfIva: "Compensi (al netto dell'IVA)",
  feesNetOfBoth: 'Compensi (al netto di rivalsa e IVA)',
} as const;

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
  // the fees alone, without the stamp duty the forfettario adds to the lines: the rows then add up to the total, and
  // 'Imponibile' is not used for a figure the PDF's VAT summary names otherwise (issue 26, decision 020)
  const bolloInLines = totali.righe.reduce((s, r) => s + Math.round(r.quotaBollo * 100), 0);
  const fees = (Math.round(totali.totalePrestazioni * 100) - bolloInLines) / 100;
  // prices including fund or VAT: the lines' amounts as entered differ from their taxable amounts
  const ivaAndRivalsaInclusa = totali.righe.some(
    (r) => Math.round(r.importo * 100) !== Math.round((r.imponibile - r.quotaBollo) * 100),
  );
  const feesLabel = ivaAndRivalsaInclusa
    ? totali.iva > 0 && totali.cassa > 0
      ? recapTexts.feesNetOfBoth
      : totali.cassa > 0
        ? recapTexts.feesNetOfCassa
        : totali.iva > 0
          ? recapTexts.feesNetOfIva
          : recapTexts.fees
    : bolloInLines > 0
      ? recapTexts.fees
      : t.imponibile;
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
        <Row label={feesLabel} amount={formatEuro(fees)} />
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
