import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { patientMessages } from '@studiolo/domain/patients';
import { type StatoTs, statoTsLabels, type TsDocumento } from '@studiolo/domain/sistema-ts';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { listCardStyle, ResponsiveList } from '../../../components/responsive-list.tsx';
import { formatEuro } from '../../../lib/format.ts';
import { useInviaTs, useRiepilogoTs } from '../api/riepilogo.ts';
import { sistemaTsTexts as t } from '../sistema-ts.texts.ts';
import { TsFilesPanel } from './ts-files-panel.tsx';

const statoColors: Record<StatoTs, string> = {
  NON_PAGATA: 'gray',
  NON_RIMBORSATA: 'gray',
  ANNULLATA: 'gray',
  DA_INVIARE: 'orange',
  INVIATO: 'blue',
  ACCETTATO: 'green',
  SCARTATO: 'red',
  CANCELLATO: 'gray',
};

export const StatoTsBadge = ({ stato }: { stato: StatoTs }) => (
  <Badge color={statoColors[stato]} variant="light" radius="sm">
    {statoTsLabels[stato]}
  </Badge>
);

/** dd-MM-yyyy → the days from today (Rome) to it, negative when past. */
const daysUntil = (uiDate: string, today = new Date()) => {
  const [d, m, y] = uiDate.split('-').map(Number) as [number, number, number];
  const deadline = Date.UTC(y, m - 1, d);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((deadline - now) / 86_400_000);
};

const isNota = (d: TsDocumento) => d.tipoDocumento === 'NOTA_DI_CREDITO';

const NumeroLink = ({ d }: { d: TsDocumento }) => (
  <Stack gap={2} align="flex-start">
    <Anchor component={Link} to={`/accounting/fattura?id=${d.id}&navigateBack=/accounting?tab=3`} size="sm" fw={600}>
      {d.idDocumento}
    </Anchor>
    {isNota(d) && (
      <Text size="xs" c="gray.7">
        {t.creditNote}
      </Text>
    )}
  </Stack>
);

/** When the patient paid the invoice, or when the credit note's money went back to them. */
const paymentText = (d: TsDocumento) =>
  d.dataPagamento ? `${isNota(d) ? t.refundedOn : t.paidOn} ${d.dataPagamento}` : '';

const Cliente = ({ d }: { d: TsDocumento }) => (
  <Stack gap={2} align="flex-start">
    <Text size="sm">{d.cliente}</Text>
    {d.opposizione && (
      <Badge color="gray" variant="outline" size="sm" radius="sm">
        {patientMessages.opponeTs}
      </Badge>
    )}
  </Stack>
);

/** What the Sistema TS said of a refused expense, and how to fix it. */
export const TsErrori = ({ errori }: Pick<TsDocumento, 'errori'>) =>
  errori.map((e) => (
    <Text key={`${e.codice}-${e.descrizione}`} size="xs" c="red.9">
      {e.codice} - {e.descrizione}
      {e.suggerimento ? ` ${t.suggestion} ${e.suggerimento}` : ''}
    </Text>
  ));

/** The state, why nothing goes or what goes instead, and for a refused expense what the Sistema TS said. */
const StatoTsDetail = ({ stato, errori, nota }: Pick<TsDocumento, 'stato' | 'errori' | 'nota'>) => (
  <Stack gap={4} align="flex-start">
    <StatoTsBadge stato={stato} />
    {nota && (
      <Text size="xs" c="gray.7" maw={320}>
        {nota}
      </Text>
    )}
    <TsErrori errori={errori} />
  </Stack>
);

const columns = [t.number, t.date, t.paymentColumn, t.patient, t.amount, t.state];

/** One card per document on a phone, a table row from the sm breakpoint up. */
const DocumentiList = ({ documenti }: { documenti: readonly TsDocumento[] }) => (
  <ResponsiveList
    items={documenti}
    label={t.title}
    columns={columns}
    tableMinWidth={720}
    card={(d) => (
      <Paper p="sm" style={listCardStyle}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <NumeroLink d={d} />
            <Text size="xs" c="gray.7">
              {d.dataFattura}
              {d.dataPagamento ? ` · ${paymentText(d)}` : ''}
            </Text>
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(d.importo)}
          </Text>
        </Group>
        <Stack gap="xs" mt="xs">
          <Cliente d={d} />
          <StatoTsDetail stato={d.stato} errori={d.errori} nota={d.nota} />
        </Stack>
      </Paper>
    )}
    cells={(d) => (
      <>
        <Table.Td>
          <NumeroLink d={d} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.dataFattura}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.dataPagamento ? paymentText(d) : '—'}</Table.Td>
        <Table.Td>
          <Cliente d={d} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatEuro(d.importo)}</Table.Td>
        <Table.Td>
          <StatoTsDetail stato={d.stato} errori={d.errori} nota={d.nota} />
        </Table.Td>
      </>
    )}
  />
);

/** The accounting page's 'Sistema TS' tab: a year's health expenses, the deadline, what is due, sending them. */
export const SistemaTsOverview = () => {
  const [anno, setAnno] = useState(new Date().getFullYear());
  const riepilogo = useRiepilogoTs(anno);
  const invia = useInviaTs();
  const r = riepilogo.data;
  const days = r ? daysUntil(r.scadenza) : null;
  const due = r ? r.conteggi.daInviare + r.conteggi.scartati : 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {t.title}
        </Title>
        <Text size="sm" c="gray.7">
          {t.intro}
        </Text>
      </Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t.year}
          w={120}
          data={(r?.anni ?? [anno]).map(String)}
          value={String(anno)}
          onChange={(v) => v && setAnno(Number(v))}
          allowDeselect={false}
        />
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={due === 0}
          loading={invia.isPending}
          onClick={() => invia.mutate({ anno })}
        >
          {t.sendAll(due)}
        </Button>
      </Group>
      {r?.simulatore && (
        <Alert color="blue" variant="light">
          {t.simulator}
        </Alert>
      )}
      {r && days !== null && (
        <Paper withBorder p="md">
          <Group gap="md" wrap="wrap">
            <Text fw={700}>{t.deadline(r.scadenza)}</Text>
            {days >= 0 ? (
              <Text size="sm" c="gray.7">
                {t.daysLeft(days)}
              </Text>
            ) : (
              due > 0 && (
                <Text size="sm" c="red.9" fw={600}>
                  <IconAlertTriangle size={14} aria-hidden /> {t.overdue}
                </Text>
              )
            )}
          </Group>
          <Group gap="xs" mt="sm" aria-label={t.counters} role="group">
            <Badge color="orange" variant="light" radius="sm">
              {statoTsLabels.DA_INVIARE}: {r.conteggi.daInviare}
            </Badge>
            <Badge color="blue" variant="light" radius="sm">
              {statoTsLabels.INVIATO}: {r.conteggi.inviati}
            </Badge>
            <Badge color="green" variant="light" radius="sm">
              {statoTsLabels.ACCETTATO}: {r.conteggi.accettati}
            </Badge>
            <Badge color="red" variant="light" radius="sm">
              {statoTsLabels.SCARTATO}: {r.conteggi.scartati}
            </Badge>
            <Badge color="gray" variant="light" radius="sm">
              {statoTsLabels.NON_PAGATA}: {r.conteggi.nonPagate}
            </Badge>
            {r.conteggi.nonRimborsate > 0 && (
              <Badge color="gray" variant="light" radius="sm">
                {statoTsLabels.NON_RIMBORSATA}: {r.conteggi.nonRimborsate}
              </Badge>
            )}
            {r.conteggi.annullate > 0 && (
              <Badge color="gray" variant="light" radius="sm">
                {statoTsLabels.ANNULLATA}: {r.conteggi.annullate}
              </Badge>
            )}
          </Group>
        </Paper>
      )}
      {r && r.documenti.length === 0 && (
        <Text size="sm" c="gray.7">
          {t.empty}
        </Text>
      )}
      {r && r.documenti.length > 0 && <DocumentiList documenti={r.documenti} />}
      {r && <TsFilesPanel anno={anno} />}
    </Stack>
  );
};
